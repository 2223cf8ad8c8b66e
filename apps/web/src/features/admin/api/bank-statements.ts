import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { bankStatementEndpoints } from '@cryptads/contract/endpoints/bank-statements';
import { bankStatementRoutes } from '@cryptads/contract/endpoints/bank-statements.routes';
import { endpointClient } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The back office's bank statements API (docs/product/billing.md#bank-statements), from the contract's table. */
export const bankStatementsApi = endpointClient<typeof bankStatementEndpoints>(bankStatementRoutes);

const linesKey = [...adminKeys.all, 'bank-statement-lines'] as const;

/** GET /api/admin/bank-statements/lines: the lines waiting for a decision. */
export const useWaitingStatementLines = () =>
  useQuery({ queryKey: linesKey, queryFn: ({ signal }) => bankStatementsApi.lines({ signal, query: {} }) });

/** Every change here may credit a deposit: the queue, the overview and the audit are read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      queryClient.invalidateQueries({ queryKey: adminKeys.approvals }),
    ]);
}

export function useImportStatement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: { fileName: string; content: string }) => bankStatementsApi.importStatement({ body: file }),
    onSuccess: invalidate,
  });
}

export function useResolveStatementLine() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      input: { id: number; action: 'match'; paymentId: string } | { id: number; action: 'handled'; note: string },
    ) =>
      input.action === 'match'
        ? bankStatementsApi.lineMatch({ params: { id: input.id }, body: { paymentId: input.paymentId } })
        : bankStatementsApi.lineHandled({ params: { id: input.id }, body: { note: input.note } }),
    onSuccess: invalidate,
  });
}

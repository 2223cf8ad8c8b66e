import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { statementEndpoints } from '@cryptads/contract/endpoints/statement';
import { statementRoutes } from '@cryptads/contract/endpoints/statement.routes';
import { apiDownload, endpointClient } from '../../../lib/api-client';
import { billingHistoryKeys } from './keys';

/** The statement of account (docs/product/billing.md#statement), from the contract's endpoint table. */
const statementApi = endpointClient<typeof statementEndpoints>(statementRoutes);

export type StatementParams = { from?: string; to?: string; search?: string; page: number; pageSize: number };

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

/** One page of the statement; the previous page stays on screen while the next loads. */
export const useStatement = (params: StatementParams) =>
  useQuery({
    queryKey: billingHistoryKeys.statement(params),
    queryFn: ({ signal }) => statementApi.get({ query: defined(params) as StatementParams, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/billing/statement/csv: the period's lines as a file, saved under the server's name. */
export async function downloadStatementCsv(filter: { from?: string; to?: string; search?: string }) {
  const query = new URLSearchParams(defined(filter) as Record<string, string>).toString();
  const file = await apiDownload(`${statementRoutes.csv.path}${query ? `?${query}` : ''}`);
  const fileName = file.fileName ?? 'statement.csv';
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { fileName };
}

export const useDownloadStatement = () =>
  useMutation({ mutationKey: [...billingHistoryKeys.all, 'statement-csv'], mutationFn: downloadStatementCsv });

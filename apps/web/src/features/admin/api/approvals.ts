import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAccountsApi } from './client';
import { adminKeys } from './keys';

export type ApprovalsQuery = { status?: 'pending' | 'approved' | 'rejected'; page?: number; pageSize?: number };

/** GET /api/admin/approvals: money actions waiting for (or decided by) a second operator. */
export function useApprovals(query: ApprovalsQuery) {
  return useQuery({
    queryKey: adminKeys.approvalList(query),
    queryFn: ({ signal }) => adminAccountsApi.approvals({ query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/approvals/{id}/approve|reject. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason: string }) =>
      decision === 'approve'
        ? adminAccountsApi.approve({ params: { id } })
        : adminAccountsApi.reject({ params: { id }, body: { reason } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.approvals }),
        queryClient.invalidateQueries({ queryKey: adminKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

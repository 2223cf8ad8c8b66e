import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccountRow } from '@cryptads/contract/endpoints/admin-accounts';
import { adminAccountsApi } from './client';
import { adminKeys } from './keys';

export type AdminAccountListItem = AdminAccountRow;
export type AccountsQuery = { q?: string; type?: string; page?: number; pageSize?: number };

/** GET /api/admin/accounts: one page of the accounts matching the search. */
export function useAdminAccounts(query: AccountsQuery) {
  return useQuery({
    queryKey: adminKeys.accountList(query),
    queryFn: ({ signal }) =>
      adminAccountsApi.accounts({
        query: { ...query, type: query.type ? Number(query.type) : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/accounts/{id}: the account page. */
export function useAdminAccount(id: number) {
  return useQuery({
    queryKey: adminKeys.account(id),
    queryFn: ({ signal }) => adminAccountsApi.account({ params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export type AccountAction = 'disable' | 'enable' | 'credit' | 'adjust' | 'endSessions';

/** The account page's row actions on one of its websites or campaigns. */
export type ItemAction = 'pauseWebsite' | 'approveWebsite' | 'lockCampaign' | 'unlockCampaign';

export type AccountActionInput =
  | { action: AccountAction; reason: string; euros: number | null }
  | { action: 'referralShare'; percent: number | null }
  | { action: ItemAction; itemId: number };

/**
 * POST /api/admin/accounts/{id}/{action}: the account's actions. A money action may answer
 * 202 { pendingApproval }; the answer is returned as it is for the modal to show.
 */
export function useAccountAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountActionInput) => {
      const params = { id };
      switch (input.action) {
        case 'disable':
          return adminAccountsApi.disable({ params, body: { reason: input.reason } });
        case 'enable':
          return adminAccountsApi.enable({ params });
        case 'endSessions':
          return adminAccountsApi.endSessions({ params });
        case 'credit':
          return adminAccountsApi.credit({ params, body: { reason: input.reason, euros: input.euros ?? 0 } });
        case 'adjust':
          return adminAccountsApi.adjust({ params, body: { reason: input.reason, euros: input.euros ?? 0 } });
        case 'referralShare':
          return adminAccountsApi.referralShare({ params, body: { percent: input.percent } });
        case 'pauseWebsite':
          return adminAccountsApi.pauseWebsite({ params: { id, websiteId: input.itemId } });
        case 'approveWebsite':
          return adminAccountsApi.approveWebsite({ params: { id, websiteId: input.itemId } });
        case 'lockCampaign':
          return adminAccountsApi.lockCampaign({ params: { id, campaignId: input.itemId } });
        case 'unlockCampaign':
          return adminAccountsApi.unlockCampaign({ params: { id, campaignId: input.itemId } });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.accounts }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
        queryClient.invalidateQueries({ queryKey: adminKeys.approvals }),
      ]),
  });
}

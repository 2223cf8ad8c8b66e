/**
 * Query keys of the back office's accounts area. Every account action invalidates
 * `accounts` (the list and the account page) and `audit`; money actions also `approvals`.
 */
export const adminKeys = {
  accounts: ['admin', 'accounts'] as const,
  accountList: (query: object) => [...adminKeys.accounts, 'list', query] as const,
  account: (id: number) => [...adminKeys.accounts, 'detail', id] as const,
  terms: ['admin', 'terms'] as const,
  announcements: ['admin', 'announcements'] as const,
  audit: ['admin', 'audit'] as const,
  auditList: (query: object) => [...adminKeys.audit, query] as const,
  approvals: ['admin', 'approvals'] as const,
  approvalList: (query: object) => [...adminKeys.approvals, query] as const,
};

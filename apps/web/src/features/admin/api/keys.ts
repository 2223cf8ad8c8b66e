import type { QueueName } from '@cryptads/contract/admin-queues';
import type { QueueParams } from '../lib/queue-params';

/**
 * Query keys of the back office. Every queue action invalidates `adminKeys.all`: the queue,
 * the overview's counts and the sidebar's badges are fetched again. Every account action
 * invalidates `accounts` (the list and the account page) and `audit`; money actions also
 * `approvals`.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  /** `tab`: the queue's filter tab (the payouts' state), null where it has none. */
  queue: (name: QueueName, params: QueueParams, tab: string | null = null) =>
    [...adminKeys.all, 'queue', name, params, tab] as const,
  /** Outside `all`: an action does not change it; enabling 2FA invalidates it. */
  twoFactor: () => ['admin-two-factor'] as const,
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

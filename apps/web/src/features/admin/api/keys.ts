import type { QueueName } from '@cryptads/contract/admin-queues';
import type { QueueParams } from '../lib/queue-params';

/**
 * Query keys of the back office. Every queue action invalidates `adminKeys.all`: the queue,
 * the overview's counts and the sidebar's badges are fetched again.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  /** `tab`: the queue's filter tab (the payouts' state), null where it has none. */
  queue: (name: QueueName, params: QueueParams, tab: string | null = null) =>
    [...adminKeys.all, 'queue', name, params, tab] as const,
  /** Outside `all`: an action does not change it; enabling 2FA invalidates it. */
  twoFactor: () => ['admin-two-factor'] as const,
};

import type { QueueName } from '@cryptads/contract/admin-queues';
import { ADMIN_QUEUES } from '@cryptads/contract/paths';

/** The queues in the order the sidebar and the overview list them, with their names for people. */
export const QUEUE_LABELS: Record<QueueName, string> = {
  campaigns: 'Campaigns',
  websites: 'Websites',
  zones: 'Ad zones',
  listings: 'Listing requests',
  documents: 'Identity documents',
  transfers: 'Bank transfers',
  payouts: 'Payouts',
  marketplace: 'Marketplace items',
  traffic: 'Invalid traffic',
  deadletters: 'Dead letters',
};

export const QUEUE_NAMES: readonly QueueName[] = ADMIN_QUEUES;

export const isQueueName = (value: string | undefined): value is QueueName =>
  value !== undefined && (QUEUE_NAMES as readonly string[]).includes(value);

import { z } from 'zod';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, ADMIN_SEARCH_MAX } from '../admin-messages';
import { QUEUE_DEFS, type QueueName, queueSorts } from '../admin-queues';

/**
 * The rows of the back office's queues and the query every queue takes; with the columns and
 * actions in ../admin-queues.ts, one definition per queue (QUEUE_ROWS pairs them).
 */

/** Micro-euros as a decimal string (bigint-safe), as every back-office amount. */
const micros = z.string().regex(/^-?\d+$/);
const iso = z.string();

/** `q`, `sort`, `dir`, `page` (1-based) and `pageSize` (≤ 100) of a queue. */
export function queueQuery<N extends QueueName>(name: N) {
  return z.object({
    q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
    sort: z.enum(queueSorts(name)).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
  });
}
/** A queue's parsed query; `sort` is one of the queue's sortable columns. */
export type QueueQuery<N extends QueueName = QueueName> = z.output<ReturnType<typeof queueQuery<N>>>;

export const QueueCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  advertiserId: z.number().int(),
  advertiserEmail: z.string(),
  priceMicros: micros,
  landingUrl: z.string(),
  /** Managed by the network: the advertiser may only change its status. */
  locked: z.boolean(),
  createdAt: iso,
  creatives: z.array(
    z.object({
      id: z.number().int(),
      format: z.number().int(),
      size: z.string(),
      imageUrl: z.string().nullable(),
      title: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});
export type QueueCampaign = z.infer<typeof QueueCampaignSchema>;

const verification = z.object({ verified: z.boolean(), verifiedAt: iso.nullable() });

export const QueueWebsiteSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  url: z.string(),
  name: z.string(),
  publisherId: z.number().int(),
  publisherEmail: z.string(),
  createdAt: iso,
  verification,
  pendingZones: z.number().int(),
});
export type QueueWebsite = z.infer<typeof QueueWebsiteSchema>;

export const QueueZoneSchema = z.object({
  id: z.number().int(),
  unique: z.string(),
  alias: z.string(),
  format: z.number().int(),
  size: z.string().nullable(),
  websiteId: z.number().int(),
  domain: z.string(),
  websiteStatus: z.number().int(),
  publisherEmail: z.string(),
  createdAt: iso,
  verification,
});
export type QueueZone = z.infer<typeof QueueZoneSchema>;

export const QueueListingSchema = z.object({
  id: z.number().int(),
  unique: z.string(),
  title: z.string(),
  category: z.number().int(),
  website: z.string().nullable(),
  priceMicros: micros,
  ownerEmail: z.string().nullable(),
  status: z.number().int(),
  createdAt: iso,
});
export type QueueListing = z.infer<typeof QueueListingSchema>;

export const QueueDocumentsSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  isCompany: z.boolean(),
  country: z.string(),
  docVerification: z.number().int(),
  submittedAt: iso,
  documents: z.array(
    z.object({ id: z.string(), name: z.string(), mime: z.string(), bytes: z.number().int(), uploadedAt: iso }),
  ),
});
export type QueueDocuments = z.infer<typeof QueueDocumentsSchema>;

export const QueueTransferSchema = z.object({
  reference: z.string(),
  userId: z.number().int(),
  email: z.string(),
  createdAt: iso,
  /** Unknown until the money arrives: the operator types the euros received. */
  amountMicros: micros.nullable(),
});
export type QueueTransfer = z.infer<typeof QueueTransferSchema>;

export const QueuePayoutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  amountMicros: micros,
  method: z.string(),
  destination: z.string(),
  period: z.string(),
  requestedAt: iso,
  /** requested (to send) or sent (to mark completed when it arrived). */
  status: z.string(),
  reference: z.string().nullable(),
  sentAt: iso.nullable(),
});
export type QueuePayout = z.infer<typeof QueuePayoutSchema>;

export const QueueMarketplaceItemSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  priceMicros: micros,
  listingTitle: z.string(),
  listingUnique: z.string(),
  buyerEmail: z.string(),
  acceptBy: iso.nullable(),
  deliverBy: iso.nullable(),
  /** A delivered item completes on its own then unless someone settles it first. */
  completeBy: iso.nullable(),
  /** An item of the network's own listing (accept, deliver, deny) or of a seller (settle only). */
  network: z.boolean(),
  /** What the delivered page's proof check found wrong, if anything. */
  proofProblem: z.string().nullable(),
  createdAt: iso,
});
export type QueueMarketplaceItem = z.infer<typeof QueueMarketplaceItemSchema>;

export const QueueTrafficSchema = z.object({
  zoneId: z.number().int(),
  zone: z.string(),
  alias: z.string(),
  domain: z.string(),
  publisherId: z.number().int(),
  filtered: z.number().int(),
  total: z.number().int(),
  share: z.number(),
  reasons: z.array(z.object({ reason: z.string(), label: z.string(), events: z.number().int() })),
});
export type QueueTraffic = z.infer<typeof QueueTrafficSchema>;

/** payouts queue: the requested ones to send (default) or the sent ones to mark completed. */
export const PAYOUT_QUEUE_STATES = ['requested', 'sent'] as const;
export const payoutsQueueQuery = queueQuery('payouts').extend({
  state: z.enum(PAYOUT_QUEUE_STATES).default('requested'),
});

export const QueueDeadLetterSchema = z.object({
  id: z.number().int(),
  /** impression, click, or null when the stored event is unreadable. */
  eventKind: z.string().nullable(),
  campaignId: z.number().int().nullable(),
  zoneId: z.number().int().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  firstFailedAt: iso,
  lastFailedAt: iso,
});
export type QueueDeadLetter = z.infer<typeof QueueDeadLetterSchema>;

/** Each queue's row: a column's field must be one of its row's fields. */
export const QUEUE_ROWS = {
  campaigns: QueueCampaignSchema,
  websites: QueueWebsiteSchema,
  zones: QueueZoneSchema,
  listings: QueueListingSchema,
  documents: QueueDocumentsSchema,
  transfers: QueueTransferSchema,
  payouts: QueuePayoutSchema,
  marketplace: QueueMarketplaceItemSchema,
  traffic: QueueTrafficSchema,
  deadletters: QueueDeadLetterSchema,
} as const satisfies Record<QueueName, z.ZodObject>;
export type QueueRow<N extends QueueName> = z.infer<(typeof QUEUE_ROWS)[N]>;

type FieldsOf<N extends QueueName> = (typeof QUEUE_DEFS)[N]['columns'][number] extends infer C
  ? C extends { kind: 'custom' }
    ? never
    : C extends { field: infer F }
      ? F
      : C extends { key: infer K }
        ? K
        : never
  : never;
/** Compile-time check: every column that reads a field reads one its row has. */
type ColumnFieldsExist = { [N in QueueName]: Exclude<FieldsOf<N>, keyof QueueRow<N>> };
const columnFieldsExist: { [N in QueueName]: never } = {} as ColumnFieldsExist;
void columnFieldsExist;

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** A queue's list endpoint, from its definition: its label, its query and its page of rows. */
export const queueEndpoint = <N extends QueueName>(name: N) => ({
  tag: 'admin',
  summary: QUEUE_DEFS[name].label,
  query: queueQuery(name),
  // Spelled out: zod infers the rows of an indexed generic schema as {}.
  response: page(QUEUE_ROWS[name]) as unknown as z.ZodObject<{
    items: z.ZodArray<(typeof QUEUE_ROWS)[N]>;
    total: z.ZodNumber;
  }>,
});

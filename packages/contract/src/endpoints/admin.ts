import { z } from 'zod';
import {
  ADMIN_MESSAGES as M,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX,
  QUEUE_SORTS,
  type QueueName,
} from '../admin-messages';
import { defineEndpoints } from '../endpoint';
import { adminRoutes } from './admin.routes';

/** Micro-euros as a decimal string (bigint-safe), as every back-office amount. */
const micros = z.string().regex(/^-?\d+$/);
const iso = z.string();

/** `q`, `sort`, `dir`, `page` (1-based) and `pageSize` (≤ 100) of a queue. */
export function queueQuery<N extends QueueName>(name: N) {
  const sorts = QUEUE_SORTS[name] as readonly string[] as [string, ...string[]];
  return z.object({
    q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
    sort: z.enum(sorts).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
  });
}
export type QueueQuery = z.output<ReturnType<typeof queueQuery>>;

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const CommandResultSchema = z.union([
  z.object({ output: z.string() }),
  z.object({ pendingApproval: z.object({ id: z.number().int(), amountMicros: micros }) }),
]);
export type AdminCommandResult = z.infer<typeof CommandResultSchema>;

export const BulkResultSchema = z.object({
  results: z.array(
    z.object({ id: z.number().int(), ok: z.boolean(), output: z.string().nullable(), error: z.string().nullable() }),
  ),
});
export type AdminBulkResult = z.infer<typeof BulkResultSchema>;

const reason = z.object({ reason: z.string().trim().min(1, M.reasonRequired).max(500) });
const optionalReason = z.object({ reason: z.string().trim().max(500).optional() }).optional();
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ids = z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(100, M.bulkTooMany) });

export const AdminOverviewSchema = z.object({
  /** The UTC day the figures are for, YYYY-MM-DD. */
  day: z.string(),
  today: z.object({
    impressions: z.number().int(),
    clicks: z.number().int(),
    filteredImpressions: z.number().int(),
    filteredClicks: z.number().int(),
    /** Filtered / all (billed + filtered) impressions and clicks, 0..1. */
    filteredShare: z.number(),
    spendMicros: micros,
    earningsMicros: micros,
    revenueMicros: micros,
  }),
  held: z.object({
    advertisersMicros: micros,
    publishersMicros: micros,
    escrowMicros: micros,
    payoutsInTransitMicros: micros,
  }),
  queues: z.object({
    campaigns: z.number().int(),
    websites: z.number().int(),
    zones: z.number().int(),
    listings: z.number().int(),
    documents: z.number().int(),
    transfers: z.number().int(),
    payouts: z.number().int(),
    marketplace: z.number().int(),
    traffic: z.number().int(),
    deadletters: z.number().int(),
  }),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

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

const tag = 'admin';
/** An operator command without an id in the path (a run, a retry of everything, a check). */
const command = (summary: string) => ({
  tag,
  summary,
  description:
    'Runs the operator command of the same name through the audited runner (one audit entry). A money action at or above the approval threshold answers 202 with `pendingApproval`.',
  response: CommandResultSchema,
});
const action = (summary: string) => ({ ...command(summary), params: idParam });
const userIdParam = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });
const listingParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

export const adminEndpoints = defineEndpoints(adminRoutes, {
  overview: { tag, summary: "Today's network figures, money held and queue sizes", response: AdminOverviewSchema },

  campaignsQueue: {
    tag,
    summary: 'Campaigns waiting for review',
    query: queueQuery('campaigns'),
    response: page(QueueCampaignSchema),
  },
  campaignApprove: action('Approve a campaign'),
  campaignReject: { ...action('Reject a campaign (the reason is shown to the advertiser)'), body: optionalReason },
  campaignLock: action('Lock a campaign (managed)'),
  campaignUnlock: action('Unlock a campaign'),
  campaignsApprove: { tag, summary: 'Approve campaigns, one command each', body: ids, response: BulkResultSchema },

  websitesQueue: {
    tag,
    summary: 'Websites waiting for review',
    query: queueQuery('websites'),
    response: page(QueueWebsiteSchema),
  },
  websiteApprove: action('Approve a website'),
  websiteReject: { ...action('Reject a website'), body: reason },
  websitesApprove: { tag, summary: 'Approve websites, one command each', body: ids, response: BulkResultSchema },

  zonesQueue: {
    tag,
    summary: 'Ad zones waiting for review',
    query: queueQuery('zones'),
    response: page(QueueZoneSchema),
  },
  zoneApprove: action('Approve an ad zone'),
  zoneReject: { ...action('Reject an ad zone'), body: reason },
  zonePause: action('Pause an ad zone (from the invalid-traffic queue): it stops serving until approved again'),
  zonesApprove: { tag, summary: 'Approve ad zones, one command each', body: ids, response: BulkResultSchema },

  listingsQueue: {
    tag,
    summary: 'Marketplace listing requests',
    query: queueQuery('listings'),
    response: page(QueueListingSchema),
  },
  listingApprove: { ...action('Publish a listing request'), params: listingParam },
  listingReject: { ...action('Reject a listing request'), params: listingParam, body: reason },

  documentsQueue: {
    tag,
    summary: 'Identity documents waiting for review, per account',
    query: queueQuery('documents'),
    response: page(QueueDocumentsSchema),
  },
  documentFile: {
    tag,
    summary: 'An identity document, as uploaded (opens in the browser)',
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    response: z.unknown(),
  },
  identityApprove: { ...action("Verify an account's identity and documents"), params: userIdParam },
  identityReject: { ...action("Decline an account's verification for good"), params: userIdParam, body: reason },
  identityRecheck: { ...action('Ask an account to send new documents'), params: userIdParam, body: reason },

  transfersQueue: {
    tag,
    summary: 'Bank transfer references awaiting a transfer',
    query: queueQuery('transfers'),
    response: page(QueueTransferSchema),
  },
  transferConfirm: {
    ...action('Confirm a bank transfer arrived (credits the account)'),
    params: z.object({ reference: z.string().regex(/^[A-Za-z0-9 -]{1,40}$/) }),
    body: z.object({ euros: z.number().positive(M.eurosRequired).max(1_000_000) }),
  },

  payoutsQueue: {
    tag,
    summary: 'Payouts to send (state=requested) or sent and not yet arrived (state=sent)',
    query: payoutsQueueQuery,
    response: page(QueuePayoutSchema),
  },
  payoutSent: {
    ...action('Mark a payout sent'),
    body: z.object({ reference: z.string().trim().min(1, M.referenceRequired).max(200) }),
  },
  payoutFailed: { ...action('Mark a payout failed (the amount goes back)'), body: reason },
  payoutComplete: action('Mark a sent payout completed (the publisher received it)'),
  payoutsRun: {
    ...command("Run the payout job now, as on that day (default today): creates the period's payouts"),
    body: z
      .object({
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
          .optional(),
      })
      .optional(),
  },

  marketplaceQueue: {
    tag,
    summary: 'Items of network listings to accept and deliver',
    query: queueQuery('marketplace'),
    response: page(QueueMarketplaceItemSchema),
  },
  marketplaceAccept: action('Accept an item'),
  marketplaceDeliver: {
    ...action('Deliver an item with the published page'),
    body: z.object({ proofUrl: z.string().trim().min(1, M.proofRequired).max(2000) }),
  },
  marketplaceDeny: { ...action('Deny an item (the buyer is refunded)'), body: reason },
  marketplaceComplete: action('Settle a delivered item as done (the seller is paid)'),
  marketplaceRefund: {
    ...action('Settle an open or delivered item for the buyer (denied and refunded)'),
    body: reason,
  },

  trafficQueue: {
    tag,
    summary: 'Zones flagged for invalid traffic',
    query: queueQuery('traffic'),
    response: page(QueueTrafficSchema),
  },

  deadLettersQueue: {
    tag,
    summary: 'Delivery events the recorder refused after every retry (dead letters)',
    query: queueQuery('deadletters'),
    response: page(QueueDeadLetterSchema),
  },
  deadLetterRetry: action('Record a dead letter again (it is deleted once recorded)'),
  deadLettersRetryAll: command('Record every dead letter again, oldest first'),

  ledgerCheck: command('Verify the ledger (read-only); a violation answers 400 with the report'),
});

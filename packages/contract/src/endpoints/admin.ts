import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../admin-messages';
import { isValidDay } from '../dates';
import { defineEndpoints } from '../endpoint';
import { payoutsQueueQuery, queueEndpoint } from './admin-queues';
import { adminRoutes } from './admin.routes';

/** Micro-euros as a decimal string (bigint-safe), as every back-office amount. */
const micros = z.string().regex(/^-?\d+$/);

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

  campaignsQueue: queueEndpoint('campaigns'),
  campaignApprove: action('Approve a campaign'),
  campaignReject: { ...action('Reject a campaign (the reason is shown to the advertiser)'), body: optionalReason },
  campaignLock: action('Lock a campaign (managed)'),
  campaignUnlock: action('Unlock a campaign'),
  campaignsApprove: { tag, summary: 'Approve campaigns, one command each', body: ids, response: BulkResultSchema },

  websitesQueue: queueEndpoint('websites'),
  websiteApprove: action('Approve a website'),
  websiteReject: { ...action('Reject a website'), body: reason },
  websitesApprove: { tag, summary: 'Approve websites, one command each', body: ids, response: BulkResultSchema },

  zonesQueue: queueEndpoint('zones'),
  zoneApprove: action('Approve an ad zone'),
  zoneReject: { ...action('Reject an ad zone'), body: reason },
  zonePause: action('Pause an ad zone (from the invalid-traffic queue): it stops serving until approved again'),
  zonesApprove: { tag, summary: 'Approve ad zones, one command each', body: ids, response: BulkResultSchema },

  listingsQueue: queueEndpoint('listings'),
  listingApprove: { ...action('Publish a listing request'), params: listingParam },
  listingReject: { ...action('Reject a listing request'), params: listingParam, body: reason },

  documentsQueue: queueEndpoint('documents'),
  documentFile: {
    tag,
    summary: 'An identity document, as uploaded (opens in the browser)',
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    response: z.unknown(),
  },
  identityApprove: { ...action("Verify an account's identity and documents"), params: userIdParam },
  identityReject: { ...action("Decline an account's verification for good"), params: userIdParam, body: reason },
  identityRecheck: { ...action('Ask an account to send new documents'), params: userIdParam, body: reason },

  transfersQueue: queueEndpoint('transfers'),
  transferConfirm: {
    ...action('Confirm a bank transfer arrived (credits the account)'),
    params: z.object({ reference: z.string().regex(/^[A-Za-z0-9 -]{1,40}$/) }),
    body: z.object({ euros: z.number().positive(M.eurosRequired).max(1_000_000) }),
  },

  payoutsQueue: {
    ...queueEndpoint('payouts'),
    summary: 'Payouts to send (state=requested) or sent and not yet arrived (state=sent)',
    query: payoutsQueueQuery,
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
          // A real calendar day: '2026-02-30' has the shape and would run as 2026-03-02.
          .refine(isValidDay, M.dateInvalid)
          .optional(),
      })
      .optional(),
  },

  marketplaceQueue: queueEndpoint('marketplace'),
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

  trafficQueue: queueEndpoint('traffic'),

  deadLettersQueue: queueEndpoint('deadletters'),
  deadLetterRetry: action('Record a dead letter again (it is deleted once recorded)'),
  deadLettersRetryAll: command('Record every dead letter again, oldest first'),

  ledgerCheck: command('Verify the ledger (read-only); a violation answers 400 with the report'),
});

import { z } from 'zod';
import { BillingHistoryRowSchema } from './billing';
import { HISTORY_UNIQUE_PATTERN, PAYOUT_STEPS } from './billing-history-messages';

export * from './billing-history-messages';

/** One step of a payout's timeline; `detail` is the bank reference, the transaction hash or why it failed. */
export const PayoutTimelineStepSchema = z.object({
  step: z.enum(PAYOUT_STEPS),
  /** ISO 8601 instant. */
  at: z.string(),
  detail: z.string().nullable(),
});
export type PayoutTimelineStep = z.infer<typeof PayoutTimelineStepSchema>;

/**
 * A row of GET /billing/history: the fields of docs/product/billing.md#history (`valid` is the payment status
 * code: 0 Pending, 1 Completed, 2 Processing, 3 Canceled, 4 Failed, other 'Contact Us'), the
 * number of the row's document when it has one, and a payout's timeline (null for others).
 */
export const BillingHistoryEntrySchema = BillingHistoryRowSchema.extend({
  number: z.string().nullable(),
  timeline: z.array(PayoutTimelineStepSchema).nullable(),
});
export type BillingHistoryEntry = z.infer<typeof BillingHistoryEntrySchema>;
/** Newest first. */
export const BillingHistoryListSchema = z.array(BillingHistoryEntrySchema);

/** GET /billing/history/{unique}: a unique that cannot name a row answers 404. */
export const BillingHistoryUniqueParamsSchema = z.object({ unique: z.string().regex(HISTORY_UNIQUE_PATTERN) });

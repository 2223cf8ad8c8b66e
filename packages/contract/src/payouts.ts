import { z } from 'zod';
import { PAYOUT_STEPS, PayoutTimelineStepSchema } from './billing-history';
import type { PayoutMethod } from './billing-messages';

/**
 * A publisher's payout, as GET /billing/payouts shows it: the payout job makes
 * one per scheduled run (the 1st of the month or a Monday) when at least 50 EUR are available;
 * requested -> sent (with the bank reference or transaction hash) -> completed, or failed
 * (with the reason; the money is back in the balance). Amounts in euros.
 */
export const PayoutSchema = z.object({
  id: z.number(),
  amount: z.number(),
  status: z.enum(PAYOUT_STEPS),
  method: z.enum(['sepa', 'swift', 'cryptocurrency'] as const satisfies readonly PayoutMethod[]),
  /** Where it is paid, masked: 'IBAN DE89 …3000' or 'BTC bc1q…f3k9'. */
  destination: z.string(),
  /** The scheduled run that made it (YYYY-MM-DD). */
  period: z.string(),
  /** Oldest step first. */
  timeline: z.array(PayoutTimelineStepSchema),
});
export type Payout = z.infer<typeof PayoutSchema>;
/** Newest first. */
export const PayoutListSchema = z.array(PayoutSchema);

/**
 * GET /billing/payouts/next: the publisher's next payout as the payout job would make it (its
 * schedule and rule, apps/server/src/jobs/payouts.ts). `date` is the next payout day of the
 * publisher's frequency ('YYYY-MM-DD', UTC), null without withdraw options; `amount` is what
 * it would carry in euros (the available balance in whole cents), 0 below the minimum.
 */
export const NextPayoutSchema = z.object({
  date: z.string().nullable(),
  frequency: z.union([z.literal(0), z.literal(1)]).nullable(),
  balance: z.number(),
  amount: z.number(),
  minimum: z.number(),
});
export type NextPayout = z.infer<typeof NextPayoutSchema>;

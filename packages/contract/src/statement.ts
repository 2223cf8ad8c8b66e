import { z } from 'zod';
import { ISO_DAY_PATTERN, isValidDay } from './dates';
import { MICROS_PER_EURO, microsToEuros } from './money';

/**
 * The statement of account (docs/product/billing.md#statement): every movement of the
 * customer's balance, read from the ledger, with the running balance after each line, oldest
 * first. Amounts are micro-euros as decimal strings (exact, signed).
 */

export const STATEMENT_LINE_TYPES = [
  'deposit',
  'ad_spend',
  'earnings',
  'marketplace_purchase',
  'marketplace_delivered',
  'marketplace_refund',
  'marketplace_sale',
  'payout',
  'payout_sent',
  'payout_returned',
  'hold',
  'hold_released',
  'referral_reward',
  'credit',
  'adjustment',
  'reversal',
  'other',
] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

/** What the Type column says. */
export const STATEMENT_TYPE_LABELS: Record<StatementLineType, string> = {
  deposit: 'Deposit',
  ad_spend: 'Ad spend',
  earnings: 'Earnings',
  marketplace_purchase: 'Marketplace purchase (held)',
  marketplace_delivered: 'Marketplace purchase (paid to the seller)',
  marketplace_refund: 'Marketplace refund',
  marketplace_sale: 'Marketplace sale',
  payout: 'Payout (held)',
  payout_sent: 'Payout sent',
  payout_returned: 'Payout returned',
  hold: 'Held',
  hold_released: 'Released',
  referral_reward: 'Referral reward',
  credit: 'Credit',
  adjustment: 'Adjustment',
  reversal: 'Correction',
  other: 'Other',
};

export const STATEMENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const STATEMENT_SEARCH_MAX = 100;

const DAY_MESSAGE = 'Please enter a date as YYYY-MM-DD.';
// A day that exists: 2026-13-01 has the shape, and the ledger query it reached failed (500).
const day = z.string().regex(ISO_DAY_PATTERN, DAY_MESSAGE).refine(isValidDay, DAY_MESSAGE);

/** GET /billing/statement: a period of UTC days (both ends included, either open), a search of the descriptions, a page. */
export const StatementQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    search: z.string().trim().max(STATEMENT_SEARCH_MAX).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (STATEMENT_PAGE_SIZES as readonly number[]).includes(n), 'Please choose 10, 25, 50 or 100 rows.')
      .default(10),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  });
export type StatementQuery = z.input<typeof StatementQuerySchema>;

/** GET /billing/statement/csv: the same period and search, every line. */
export const StatementCsvQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    search: z.string().trim().max(STATEMENT_SEARCH_MAX).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  });

const micros = z.string().regex(/^-?\d+$/);

export const StatementLineSchema = z.object({
  /** Stable within the statement: the transfer (`t123`) or the day's aggregate (`spend:2026-11-20:campaign:4`). */
  id: z.string(),
  /** ISO 8601 instant: the transfer's time, or the last transfer of the day for an aggregated line. */
  at: z.string(),
  /** The UTC day. */
  day: z.string(),
  type: z.enum(STATEMENT_LINE_TYPES),
  description: z.string(),
  /** Signed: positive into the balance, negative out of it; 0 for a held amount delivered. */
  amountMicros: micros,
  /** The balance after this line. */
  balanceMicros: micros,
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The balance before the first line of the period (before any search). */
  openingBalanceMicros: micros,
  /** The balance after the last line of the period: the ledger's balance at the end of `to`. */
  closingBalanceMicros: micros,
  /** The sum of the period's lines going in and going out (before any search). */
  inMicros: micros,
  outMicros: micros,
  /** Lines matching the period and search. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  lines: z.array(StatementLineSchema),
});
export type Statement = z.infer<typeof StatementSchema>;

/**
 * Euros to the cent as the statement screen and the header show them ('-743.49'): rounded by
 * `microsToEuros`, the one rounding every displayed balance goes through.
 */
export const centEuros = (amountMicros: bigint): string => microsToEuros(amountMicros).toFixed(2);

/** Exact euros of a micro-euro amount, six decimals ('-230.000000'): no rounding, for exports. */
export function exactEuros(amountMicros: bigint): string {
  const sign = amountMicros < 0n ? '-' : '';
  const abs = amountMicros < 0n ? -amountMicros : amountMicros;
  return `${sign}${abs / MICROS_PER_EURO}.${(abs % MICROS_PER_EURO).toString().padStart(6, '0')}`;
}

/**
 * The CSV's columns: the amount and the balance to the cent, as the screen shows them, then
 * exact to the micro-euro (where the fractions of a cent of ad spend and earnings are).
 */
export const STATEMENT_CSV_HEADER = [
  'Date',
  'Type',
  'Description',
  'Amount (EUR)',
  'Balance (EUR)',
  'Exact amount (EUR)',
  'Exact balance (EUR)',
] as const;

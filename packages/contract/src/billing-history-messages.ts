/**
 * Billing history (docs/product/billing.md#history, #api): what the history table and the payout
 * timeline show, without zod, so that the history screen reads labels without loading
 * schemas. billing-history.ts re-exports everything and adds the schemas.
 */
import { BillingHistoryType } from './billing-messages';

/** A payout's steps: requested, then sent (with the bank reference or transaction hash), then completed or failed. */
export const PAYOUT_STEPS = ['requested', 'sent', 'completed', 'failed'] as const;
export type PayoutStep = (typeof PAYOUT_STEPS)[number];
export const PAYOUT_STEP_LABELS: Record<PayoutStep, string> = {
  requested: 'Requested',
  sent: 'Sent',
  completed: 'Completed',
  failed: 'Failed',
};

/**
 * What a history row stands for; its `unique` is `{source}-{id}`: a deposit (the payment's
 * id), a payout (the payout's id) or a credit note (the document's id). The download of a row
 * is the document of that source: the deposit's invoice, the payout's self-billing invoice,
 * the credit note itself.
 */
export const HISTORY_SOURCES = ['deposit', 'payout', 'credit'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];
export const HISTORY_SOURCE_TYPES: Record<HistorySource, BillingHistoryType> = {
  deposit: BillingHistoryType.Deposit,
  payout: BillingHistoryType.Payout,
  credit: BillingHistoryType.CreditNote,
};

/** `deposit-3f9a…`, `payout-12`, `credit-4`: letters, digits, '_' and '-' after the source. */
export const HISTORY_UNIQUE_PATTERN = /^(deposit|payout|credit)-([A-Za-z0-9_-]{1,64})$/;

export const historyUnique = (source: HistorySource, id: string | number) => `${source}-${id}`;

export function parseHistoryUnique(unique: string): { source: HistorySource; id: string } | null {
  const match = HISTORY_UNIQUE_PATTERN.exec(unique);
  if (!match?.[1] || !match[2]) return null;
  return { source: match[1] as HistorySource, id: match[2] };
}

export const BILLING_HISTORY_MESSAGES = {
  title: 'Billing History',
  intro: 'Your deposits, payouts and invoices. Download the invoice of a row as a PDF.',
  download: 'Download',
  downloadFailed: 'The invoice could not be downloaded. Please try again.',
  noDocument: 'No invoice',
  timeline: 'Timeline',
  loadFailed: 'We could not load your billing history',
} as const;

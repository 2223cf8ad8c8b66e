/**
 * Bank statement import (docs/product/billing.md#bank-statements), zod-free: the statuses of
 * a statement line, why a line waits, and the sentences the back office shows.
 */

export const STATEMENT_LINE_STATUSES = ['credited', 'open', 'matched', 'handled'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

/** Why a credit line did not credit a deposit on import. */
export const STATEMENT_LINE_REASONS = ['reference', 'amount', 'currency', 'deposit_not_pending'] as const;
export type StatementLineReason = (typeof STATEMENT_LINE_REASONS)[number];

export const STATEMENT_LINE_REASON_LABELS: Record<StatementLineReason, string> = {
  reference: 'No waiting deposit has this reference',
  amount: 'The amount differs from the deposit’s total',
  currency: 'Not in euros',
  deposit_not_pending: 'The deposit is no longer waiting',
};

/** A statement file of at most this many characters is read (a month of a busy account is far below). */
export const STATEMENT_MAX_CHARS = 2_000_000;

export const BANK_STATEMENT_MESSAGES = {
  fileTooLarge: 'The statement is larger than 2 MB; import it in parts (one file per month or per week).',
  fileEmpty: 'Choose the statement file to import.',
  noteRequired: 'Write a note on how the transfer was handled.',
  lineNotFound: 'This statement line does not exist.',
  lineNotOpen: 'This statement line was already resolved.',
  depositNotFound: 'No bank deposit has this id.',
  depositNotPending: 'This deposit is no longer waiting for a transfer.',
  amountDiffers:
    'The amount received differs from the deposit’s total: mark the line as handled outside (return the money, or credit it by hand) instead.',
  currencyNotEuro: 'Only transfers in euros can be matched to a deposit: mark the line as handled outside.',
} as const;

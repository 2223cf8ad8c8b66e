/**
 * The statement of account's texts (docs/product/billing.md#statement), without zod: the
 * statement screen reads them without loading schemas.
 */
export const STATEMENT_MESSAGES = {
  /** Under the statement's figures: where the fractions of a cent are. */
  centsNote:
    'Amounts are shown to the cent. Ad spend and earnings are counted in micro-euros (millionths of a euro), so an amount or a balance may hold a fraction of a cent: the CSV has every amount exact to the micro-euro.',
} as const;

/**
 * The One-Stop Shop return's texts and its default quarter (docs/product/billing.md#vat),
 * without zod: the back office's download and the server's CSV say the same.
 */

/** The calendar quarter (UTC) an instant is in: '2026-Q4' for 2 December 2026. */
export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/** The quarter the back office offers first: the current one, from the app's clock. */
export const currentQuarter = (now = new Date()) => quarterOf(now);

export const OSS_MESSAGES = {
  /** On the screen and as the file's only line under its header, for a quarter without OSS sales. */
  noSales: (quarter: string) => `No EU consumer sales in ${quarter}.`,
} as const;

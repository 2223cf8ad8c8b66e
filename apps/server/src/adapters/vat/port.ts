import type { VatCheckResult } from '@cryptads/contract/billing';

/**
 * The VAT check port: is this company's VAT number valid? The embedded default checks the
 * format only and says so in its answer; the `vies` adapter asks the EU's VIES service after
 * the format check. VIES down or slow is 'not_checked',
 * never 'invalid' (docs/decisions/011-payments.md).
 */
export type VatChecker = {
  readonly provider: 'format' | 'vies';
  /** `isoCountry` is the profile's country (GR for Greece); `code` as the customer typed it. */
  check(isoCountry: string, code: string, now?: Date): Promise<VatCheckResult>;
};

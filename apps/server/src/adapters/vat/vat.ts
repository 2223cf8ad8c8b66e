import type { VatCheckResult } from '@cryptads/contract/billing';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import { checkVatFormat } from './vat-format';
import { createViesChecker, type ViesSettings } from './vies';

/**
 * The VAT check port (DESIGN §2 "VAT check"): is this company's VAT number valid? The
 * embedded default checks the format only and says so in its answer; the `vies` adapter
 * asks the EU's VIES service after the format check. VIES down or slow is 'not_checked',
 * never 'invalid' (docs/decisions/011-payments.md).
 */
export type VatChecker = {
  readonly provider: 'format' | 'vies';
  /** `isoCountry` is the profile's country (GR for Greece); `code` as the customer typed it. */
  check(isoCountry: string, code: string, now?: Date): Promise<VatCheckResult>;
};

export type VatSettings = { provider: 'format' } | { provider: 'vies'; vies: ViesSettings };

/** Format only: a well-formed number is 'valid' with checkedBy 'format', and the message says it is not confirmed. */
export function formatOnlyCheck(isoCountry: string, code: string, now = new Date()): VatCheckResult {
  const format = checkVatFormat(isoCountry, code);
  return {
    status: format.valid ? 'valid' : 'invalid',
    checkedBy: 'format',
    countryCode: format.countryCode,
    vatNumber: format.vatNumber,
    name: null,
    address: null,
    consultationNumber: null,
    checkedAt: now.toISOString(),
    reason: null,
    message: format.valid ? BILLING_MESSAGES.vatFormatOnly : BILLING_MESSAGES.vatInvalid,
  };
}

export function createVatChecker(settings: VatSettings, fetchImpl: typeof fetch = fetch): VatChecker {
  if (settings.provider === 'vies') return createViesChecker(settings.vies, fetchImpl);
  return { provider: 'format', check: async (country, code, now) => formatOnlyCheck(country, code, now) };
}

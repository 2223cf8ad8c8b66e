import type { VatCheckResult } from '@cryptads/contract/billing';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import { checkVatFormat } from './vat-format';
import type { VatChecker } from './port';
import { createViesChecker, type ViesSettings } from './vies';

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

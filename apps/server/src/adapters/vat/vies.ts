import type { VatCheckResult } from '@cryptads/contract/billing';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import type { VatChecker } from './port';
import { checkVatFormat } from './vat-format';

/**
 * EU VIES over its REST API: POST {apiUrl}/check-vat-number with
 * `{countryCode, vatNumber, requesterMemberStateCode?, requesterNumber?}`; the answer has
 * `valid`, `name`, `address` ('---' when the member state does not disclose them),
 * `requestDate` and, when we name ourselves as requester, `requestIdentifier` (the
 * consultation number kept as proof). Failures come as `{actionSucceed: false,
 * errorWrappers: [{error: 'MS_UNAVAILABLE', ...}]}` with HTTP 200 or an error status.
 */

export const VIES_API_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
export const VIES_TIMEOUT_MS = 8000;

export type ViesSettings = {
  apiUrl?: string;
  /** The deadline of one check; past it the answer is 'not_checked'. */
  timeoutMs?: number;
  /** Our own VAT number: VIES then returns a consultation number for each check. */
  requester?: { countryCode: string; vatNumber: string } | null;
};

/** Errors that mean the number itself is wrong; every other VIES error means 'ask again later'. */
const INVALID_ERRORS = new Set(['INVALID_INPUT']);

type ViesAnswer = {
  valid?: unknown;
  name?: unknown;
  address?: unknown;
  requestDate?: unknown;
  requestIdentifier?: unknown;
  userError?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: unknown;
};

const disclosed = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value.trim() : null;

function errorCode(answer: ViesAnswer | null): string | null {
  if (!answer) return null;
  if (Array.isArray(answer.errorWrappers)) {
    const first = answer.errorWrappers[0] as { error?: unknown } | undefined;
    return typeof first?.error === 'string' && first.error ? first.error : 'UNKNOWN_ERROR';
  }
  if (answer.actionSucceed === false) return 'UNKNOWN_ERROR';
  // The GET variant reports problems in userError next to VALID / INVALID.
  if (typeof answer.userError === 'string' && !['VALID', 'INVALID'].includes(answer.userError)) return answer.userError;
  return null;
}

export function createViesChecker(settings: ViesSettings, fetchImpl: typeof fetch = fetch): VatChecker {
  const url = `${(settings.apiUrl ?? VIES_API_URL).replace(/\/$/, '')}/check-vat-number`;
  const timeoutMs = settings.timeoutMs ?? VIES_TIMEOUT_MS;
  const requester = settings.requester
    ? checkVatFormat(settings.requester.countryCode, settings.requester.vatNumber)
    : null;

  return {
    provider: 'vies',
    async check(isoCountry, code, now = new Date()): Promise<VatCheckResult> {
      const format = checkVatFormat(isoCountry, code);
      const result = (
        fields: Partial<VatCheckResult> & Pick<VatCheckResult, 'status' | 'message'>,
      ): VatCheckResult => ({
        checkedBy: 'vies',
        countryCode: format.countryCode,
        vatNumber: format.vatNumber,
        name: null,
        address: null,
        consultationNumber: null,
        checkedAt: now.toISOString(),
        reason: null,
        ...fields,
      });
      // A malformed number is invalid without asking anyone.
      if (!format.valid)
        return result({ status: 'invalid', checkedBy: 'format', message: BILLING_MESSAGES.vatInvalid });
      const notChecked = (reason: string) =>
        result({ status: 'not_checked', reason, message: BILLING_MESSAGES.vatNotChecked });

      let res: Response;
      let answer: ViesAnswer | null = null;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode: format.countryCode,
            vatNumber: format.vatNumber,
            ...(requester?.valid
              ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber }
              : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        try {
          answer = text ? (JSON.parse(text) as ViesAnswer) : null;
        } catch {
          answer = null;
        }
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        return notChecked(timedOut ? 'TIMEOUT' : 'UNREACHABLE');
      }

      const viesError = errorCode(answer);
      if (viesError) {
        return INVALID_ERRORS.has(viesError)
          ? result({ status: 'invalid', reason: viesError, message: BILLING_MESSAGES.vatInvalid })
          : notChecked(viesError);
      }
      if (!res.ok || !answer || typeof answer.valid !== 'boolean') return notChecked(`HTTP_${res.status}`);

      const consultationNumber = disclosed(answer.requestIdentifier);
      const checkedAt =
        typeof answer.requestDate === 'string' && !Number.isNaN(Date.parse(answer.requestDate))
          ? new Date(answer.requestDate).toISOString()
          : now.toISOString();
      return answer.valid
        ? result({
            status: 'valid',
            name: disclosed(answer.name),
            address: disclosed(answer.address),
            consultationNumber,
            checkedAt,
            message: BILLING_MESSAGES.vatValid,
          })
        : result({ status: 'invalid', consultationNumber, checkedAt, message: BILLING_MESSAGES.vatInvalid });
    },
  };
}

import { isVatCountry, viesCountryCode } from '@cryptads/contract/billing-messages';
import { checkVAT, countries } from 'jsvat-next';

/**
 * The VAT number's own rules (pattern and check digits per member state), from a
 * maintained library (jsvat-next). Says nothing about whether the number is registered:
 * only VIES knows that.
 */
export type VatFormatCheck = {
  valid: boolean;
  /** Country prefix as VIES writes it (Greece: EL). */
  countryCode: string;
  /** The number without its country prefix, without spaces, dots and dashes. */
  vatNumber: string;
};

export function checkVatFormat(isoCountry: string, code: string): VatFormatCheck {
  const iso = isoCountry.trim().toUpperCase();
  const prefix = viesCountryCode(iso);
  let number = code.replace(/[\s.\-/]/g, '').toUpperCase();
  for (const p of [prefix, iso]) {
    if (number.startsWith(p)) {
      number = number.slice(p.length);
      break;
    }
  }
  const valid =
    isVatCountry(iso) && /^[A-Z0-9]{2,14}$/.test(number) && checkVAT(`${prefix}${number}`, countries).isValid;
  return { valid, countryCode: prefix, vatNumber: number };
}

import { isVatCountry } from '@cryptads/contract/billing-messages';
import { type VatRule, type VatSummary, vatWording } from '@cryptads/contract/vat';
import { standardVatPercent } from './vat-rates';

/** Who buys, as the VAT rules see them. */
export type VatCustomer = {
  /** The billing country (ISO 3166-1 alpha-2; 'EL' is read as Greece, 'XI' as the United Kingdom). */
  country: string;
  isCompany: boolean;
  /** The VAT number was confirmed by VIES (never by its format alone). */
  vatValid: boolean;
};

export type VatDecision = VatSummary & { rule: VatRule };

const normalise = (country: string) => {
  const code = country.trim().toUpperCase();
  if (code === 'EL') return 'GR';
  // Northern Ireland is in the EU's VAT area for goods only; services are supplied to the UK.
  if (code === 'XI') return 'GB';
  return code;
};

/**
 * The VAT of an electronically supplied service (EU Implementing Regulation 282/2011 art. 7;
 * VAT Directive 2006/112/EC art. 44, 58, 196), on the day of supply:
 * - a customer outside the EU: outside the scope of EU VAT, 0 %;
 * - a customer in the issuer's own country: the issuer's rate ('domestic');
 * - a company with a VIES-confirmed VAT number in another member state: reverse charge, 0 %
 *   (the customer accounts for the VAT);
 * - anyone else in another member state (a consumer, a company without a confirmed number):
 *   the customer's member state's rate, declared through the One-Stop Shop ('oss').
 */
export function decideVat(issuerCountry: string, customer: VatCustomer, on: Date = new Date()): VatDecision {
  const issuer = normalise(issuerCountry);
  const country = normalise(customer.country);
  const decided = (rule: VatRule, ratePercent: number): VatDecision => ({
    rule,
    country,
    ratePercent,
    wording: vatWording(rule, country, ratePercent),
  });
  if (!isVatCountry(country)) return decided('outside_scope', 0);
  if (country === issuer) return decided('domestic', rateOf(country, on));
  if (customer.isCompany && customer.vatValid) return decided('reverse_charge', 0);
  return decided('oss', rateOf(country, on));
}

function rateOf(country: string, on: Date): number {
  const rate = standardVatPercent(country, on);
  if (rate === null) throw new Error(`no VAT rate for member state ${country}`);
  return rate;
}

/** The invoice's and the ledger's older words for a rule: 'standard' wherever VAT is charged. */
export const treatmentOfRule = (rule: VatRule) =>
  rule === 'reverse_charge' ? 'reverse_charge' : rule === 'outside_scope' ? 'outside_scope' : 'standard';

/**
 * Evidence of where the customer is (Implementing Regulation 282/2011 art. 24b: two pieces
 * that do not contradict each other): the billing country, and the country of the payer's IP
 * address when the payment was opened and/or the card's country when the provider reports it.
 * `agrees` is true when every known piece names the billing country, false when one names
 * another, null when nothing besides the billing country is known.
 */
export type LocationEvidence = {
  billingCountry: string | null;
  ipCountry: string | null;
  cardCountry: string | null;
  agrees: boolean | null;
};

const known = (country: string | null | undefined) =>
  country && /^[A-Z]{2}$/i.test(country) && country.toUpperCase() !== 'XX' ? normalise(country) : null;

export function locationEvidence(input: {
  billingCountry: string | null;
  ipCountry?: string | null;
  cardCountry?: string | null;
}): LocationEvidence {
  const billingCountry = known(input.billingCountry);
  const ipCountry = known(input.ipCountry);
  const cardCountry = known(input.cardCountry);
  const others = [ipCountry, cardCountry].filter((c): c is string => c !== null);
  return {
    billingCountry,
    ipCountry,
    cardCountry,
    agrees: billingCountry === null || others.length === 0 ? null : others.every((c) => c === billingCountry),
  };
}

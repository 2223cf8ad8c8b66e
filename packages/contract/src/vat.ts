import { z } from 'zod';

/**
 * VAT by place of supply (docs/product/billing.md, docs/decisions/035-vat-place-of-supply.md).
 * Advertising and marketplace listings are electronically supplied services, taxed where the
 * customer is: the issuer's rate at home ('domestic'), the customer's member state's rate for
 * a consumer or an unregistered business elsewhere in the EU ('oss', declared through the
 * One-Stop Shop), none for a business with a confirmed VAT number in another member state
 * ('reverse_charge') or for a customer outside the EU ('outside_scope').
 */
export const VAT_RULES = ['domestic', 'oss', 'reverse_charge', 'outside_scope'] as const;
export type VatRule = (typeof VAT_RULES)[number];

export const REVERSE_CHARGE_WORDING = 'Reverse charge';
export const OUTSIDE_SCOPE_WORDING = 'Outside the scope of EU VAT';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** The English name of an ISO 3166-1 alpha-2 country ('DE' → 'Germany'); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A rate as printed: '19 %', '25.5 %' (at most 2 decimals). */
export const formatVatPercent = (ratePercent: number) => `${Number(ratePercent.toFixed(2))} %`;

/** What the deposit breakdown and the invoice say about the VAT: 'VAT 19 % (Germany)', 'Reverse charge', … */
export function vatWording(rule: VatRule, country: string, ratePercent: number): string {
  if (rule === 'reverse_charge') return REVERSE_CHARGE_WORDING;
  if (rule === 'outside_scope') return OUTSIDE_SCOPE_WORDING;
  return `VAT ${formatVatPercent(ratePercent)} (${countryName(country)})`;
}

/** The VAT a customer pays, as the deposit screen shows it. */
export const VatSummarySchema = z.object({
  rule: z.enum(VAT_RULES),
  /** The country whose VAT applies (ISO 3166-1 alpha-2): the issuer's, the customer's member state's, or the customer's. */
  country: z.string(),
  /** The rate in percent, with decimals where a country has them (Finland 25.5). 0 under reverse charge and outside scope. */
  ratePercent: z.number(),
  wording: z.string(),
});
export type VatSummary = z.infer<typeof VatSummarySchema>;

/** A calendar quarter as the OSS return names it: '2026-Q4'. */
export const VatQuarterSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{4}-Q[1-4]$/, 'Give a quarter as YYYY-Qn, e.g. 2026-Q4.');

/** The first instant of a quarter and the first instant after it (UTC). */
export function quarterBounds(quarter: string): { from: Date; to: Date } {
  const [year, q] = quarter.toUpperCase().split('-Q').map(Number);
  if (!year || !q || q < 1 || q > 4) throw new RangeError(`Not a quarter: ${quarter}`);
  return { from: new Date(Date.UTC(year, (q - 1) * 3, 1)), to: new Date(Date.UTC(year, q * 3, 1)) };
}

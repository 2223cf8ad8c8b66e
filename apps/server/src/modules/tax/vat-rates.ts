import { createRequire } from 'node:module';
import { isVatCountry } from '@cryptads/contract/billing-messages';

/**
 * Standard VAT rates of the EU member states, by country and date, from the offline table of
 * the `sales-tax` package (its data file only: none of its online calls). The table is
 * maintained upstream with dated history (`before`); a rate change is a version bump of the
 * package, pinned exactly so that the rates we charge change only when we decide
 * (docs/decisions/035-vat-place-of-supply.md).
 */
export const VAT_RATES_SOURCE = 'sales-tax 2.23.0, res/sales_tax_rates.json';

type RateEntry = { type: string; currency: string; rate: number };
type CountryEntry = RateEntry & { before?: Record<string, RateEntry> };

const require = createRequire(import.meta.url);
const TABLE = require('sales-tax/res/sales_tax_rates.json') as Record<string, CountryEntry | undefined>;

/** Each country's dated history, earliest change first: `[until, rate]` means `rate` applied before `until`. */
const HISTORY = new Map<string, [Date, number][]>();
for (const [country, entry] of Object.entries(TABLE)) {
  if (!entry?.before) continue;
  HISTORY.set(
    country,
    Object.entries(entry.before)
      .map(([until, e]): [Date, number] => [new Date(until), e.rate])
      .sort((a, b) => a[0].getTime() - b[0].getTime()),
  );
}

/** Rates are fractions in the table (0.255); percent with at most 4 decimals (25.5). */
const toPercent = (fraction: number) => Math.round(fraction * 1_000_000) / 10_000;

/**
 * The standard VAT rate of an EU member state on a date, in percent (Germany 19, Finland 25.5
 * since September 2024); null outside the EU (the United States' sales taxes are not VAT and
 * not ours to charge). Greece is 'GR' as a country ('EL' only in VAT numbers, accepted here
 * too). Northern Ireland ('XI') follows the EU's VAT rules for goods only: services supplied
 * there are supplied to the United Kingdom, so it has no rate here.
 */
export function standardVatPercent(country: string, on: Date = new Date()): number | null {
  const code = country.toUpperCase() === 'EL' ? 'GR' : country.toUpperCase();
  if (!isVatCountry(code)) return null;
  const entry = TABLE[code];
  if (entry?.type !== 'vat') throw new Error(`VAT table ${VAT_RATES_SOURCE} has no rate for ${code}`);
  const earlier = HISTORY.get(code)?.find(([until]) => on.getTime() < until.getTime());
  return toPercent(earlier ? earlier[1] : entry.rate);
}

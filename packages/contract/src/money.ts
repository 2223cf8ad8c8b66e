/**
 * Money is euros, stored as integer micro-euros (1 € = 1,000,000) so that one impression
 * at a €0.20 CPM (€0.0002) is exact. This module is the only place that converts.
 */
export const MICROS_PER_EURO = 1_000_000n;
export const CURRENCY = 'EUR';
export const LOCALE = 'en-GB';

/** Euros (as typed by a person, at most 6 decimals) to micro-euros. */
export function eurosToMicros(euros: number): bigint {
  if (!Number.isFinite(euros)) throw new RangeError('Amount must be a finite number');
  // toFixed(6) avoids binary noise such as 0.1 + 0.2; the string is exact to 6 decimals.
  const [whole = '0', frac = ''] = Math.abs(euros).toFixed(6).split('.');
  const micros = BigInt(whole) * MICROS_PER_EURO + BigInt(frac.padEnd(6, '0'));
  return euros < 0 ? -micros : micros;
}

/** Micro-euros to euros rounded half away from zero to `decimals` (2 for display, 3 for prices). */
export function microsToEuros(micros: bigint, decimals = 2): number {
  const unit = 10n ** BigInt(6 - decimals);
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const rounded = (abs + unit / 2n) / unit;
  const value = Number(rounded) / 10 ** decimals;
  // A tiny debit that rounds to 0 must not display as '-€0.00'.
  return negative && value !== 0 ? -value : value;
}

const formatters = new Map<number, Intl.NumberFormat>();
/** '€1,234.50' in en-GB. */
export function formatEuros(euros: number, decimals = 2): string {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, f);
  }
  return f.format(euros);
}

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

// ---------------------------------------------------------------- exact decimal strings
//
// The public API and the webhooks carry money as exact decimal strings of euros
// (docs/decisions/057-exact-money-on-the-wire.md): '2499.95725', '-743.486', '25.00'.

/** A canonical amount as the public API sends it: 2 to 6 decimals, no exponent, '-' when negative. */
export const DECIMAL_AMOUNT_PATTERN = '^-?\\d+\\.\\d{2,6}$';
/** What the public API accepts: whole euros or up to 6 decimals ('25', '25.5', '25.000001'). */
export const DECIMAL_INPUT_PATTERN = '^-?\\d+(\\.\\d{1,6})?$';
const DECIMAL_INPUT = new RegExp(DECIMAL_INPUT_PATTERN);

/**
 * Micro-euros as an exact decimal string of euros: at least 2 decimals, at most 6, trailing
 * zeros after the second decimal trimmed (200n → '0.0002', 25_000_000n → '25.00').
 */
export function microsToDecimal(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_EURO;
  const fraction = (abs % MICROS_PER_EURO)
    .toString()
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** How a decimal string of euros failed to read as an amount. */
export type DecimalProblem = 'format' | 'precision';

/**
 * A decimal string of euros ('25', '25.50', '-0.0002') to micro-euros, exactly; or the problem
 * when it is not one: `precision` for more than 6 decimals, `format` for anything else (an
 * exponent, a comma, spaces, a JSON number instead of a string).
 */
export function decimalToMicros(text: unknown): bigint | DecimalProblem {
  if (typeof text !== 'string') return 'format';
  if (!DECIMAL_INPUT.test(text)) return /^-?\d+\.\d{7,}$/.test(text) ? 'precision' : 'format';
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const micros = BigInt(whole) * MICROS_PER_EURO + BigInt(fraction.padEnd(6, '0'));
  return negative ? -micros : micros;
}

/** Below this (a billion euros) a number of euros with 6 decimals converts back to the same micro-euros. */
export const EXACT_EUROS_LIMIT_MICROS = 1_000_000_000n * MICROS_PER_EURO;

/**
 * Micro-euros as the number of euros a dashboard form would send (12_340_000n → 12.34): the
 * nearest double of the exact decimal, which `eurosToMicros` turns back into the same
 * micro-euros for any amount under `EXACT_EUROS_LIMIT_MICROS`.
 */
export const microsToExactEuros = (micros: bigint): number => Number(microsToDecimal(micros));

/** The sum of amounts, added as micro-euros (never as floating-point euros). */
export const sumMicros = (amounts: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
};

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

// ---------------------------------------------------------------- rounding rules
//
// Every rounding of an amount of money is one of the named rules below, and happens here.
// Three directions are used: UP to the cent for what a customer is charged on top of an
// amount (deposit fee and VAT: never less than the rate), HALF UP where a share is divided
// fairly (invoice lines, the marketplace's commission), DOWN to the cent for what leaves the
// network or is credited from a partial payment (never more than what arrived or is there).

export const MICROS_PER_CENT = 10_000n;

/** A percentage (up to 4 decimals) as an integer in millionths of the whole: 1 % is 10,000. */
export function percentToPpm(percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new RangeError(`Invalid percentage: ${percent}`);
  return BigInt(Math.round(percent * 10_000));
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const downToCent = (micros: bigint) => (micros / MICROS_PER_CENT) * MICROS_PER_CENT;
const upToCent = (micros: bigint) => ceilDiv(micros, MICROS_PER_CENT) * MICROS_PER_CENT;
/** Half away from zero, to the cent. */
function halfUpToCent(micros: bigint): bigint {
  const sign = micros < 0n ? -1n : 1n;
  return sign * (((micros * sign + MICROS_PER_CENT / 2n) / MICROS_PER_CENT) * MICROS_PER_CENT);
}

function percentOfUp(amountMicros: bigint, percent: number): bigint {
  if (amountMicros < 0n) throw new RangeError('Amount must not be negative');
  return ceilDiv(amountMicros * percentToPpm(percent), 1_000_000n * MICROS_PER_CENT) * MICROS_PER_CENT;
}

/** What one impression costs at a CPM price (per thousand): the thousandth, rounded down to the micro-euro. */
export const impressionCostOf = (cpmMicros: bigint): bigint => cpmMicros / 1000n;

/** VAT charged on a net amount (a deposit, its fee): `percent` of it, rounded UP to the cent. */
export const vatOnNet = (netMicros: bigint, percent: number): bigint => percentOfUp(netMicros, percent);

/** A deposit's processing fee: `percent` of the amount, rounded UP to the cent. */
export const depositFeeOf = (amountMicros: bigint, percent: number): bigint => percentOfUp(amountMicros, percent);

/** VAT an invoice computes from its net (when no charged VAT is given): rounded HALF UP to the cent. */
export const invoiceVatOf = (netMicros: bigint, percent: number): bigint =>
  halfUpToCent((netMicros * percentToPpm(percent)) / 1_000_000n);

/** An invoice line's amount: quantity (up to 3 decimals) × unit price, rounded HALF UP to the cent. */
export function invoiceLineAmount(unitMicros: bigint, quantity: number): bigint {
  const milli = BigInt(Math.round(quantity * 1000));
  return halfUpToCent((unitMicros * milli) / 1000n);
}

/**
 * The network's commission on a marketplace sale: the price times a percent with up to 2
 * decimals, rounded HALF UP to the micro-euro (the seller gets the exact rest).
 */
export function commissionOf(priceMicros: bigint, percent: number): bigint {
  if (priceMicros < 0n) throw new RangeError('a price is zero or more');
  if (!(percent >= 0 && percent <= 100)) throw new RangeError('a commission is 0 to 100 percent');
  const basisPoints = BigInt(Math.round(percent * 100));
  return (priceMicros * basisPoints + 5_000n) / 10_000n;
}

/** What a payout moves out of an available balance: whole cents, rounded DOWN; the rest stays in the balance. */
export const payoutAmountOf = (balanceMicros: bigint): bigint => (balanceMicros > 0n ? downToCent(balanceMicros) : 0n);

/**
 * The share of `amountMicros` that a partial payment stands for (`paidMicros` of
 * `totalMicros` arrived), rounded DOWN to the cent: never more than what arrived.
 */
export function paidShareOf(amountMicros: bigint, paidMicros: bigint, totalMicros: bigint): bigint {
  if (totalMicros <= 0n || paidMicros <= 0n || amountMicros <= 0n) return 0n;
  return downToCent((amountMicros * paidMicros) / totalMicros);
}

/** Card and crypto charge whole cents: an amount in micro-euros is charged rounded UP to the cent. */
export const chargedAmountOf = (totalMicros: bigint): bigint => upToCent(totalMicros);

/**
 * A bank transfer of `receivedMicros` that includes VAT: the largest whole-cent net whose VAT
 * (`vatOnNet`, rounded up) fits in what arrived; the VAT is the rest, so the invoice adds up
 * to the transfer.
 */
export function splitGrossOfVat(receivedMicros: bigint, vatPercent: number) {
  const ppm = percentToPpm(vatPercent);
  let amount = downToCent((receivedMicros * 1_000_000n) / (1_000_000n + ppm));
  while (amount > 0n && amount + vatOnNet(amount, vatPercent) > receivedMicros) amount -= MICROS_PER_CENT;
  return { amountMicros: amount, vatMicros: receivedMicros - amount };
}

/**
 * A forecast's fractional amount (an expected spend, a pace) to whole micro-euros, half up:
 * estimates are not money moved, but are shown and compared as money.
 */
export function estimateMicros(value: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError('Estimate must be a finite number');
  return BigInt(Math.round(value));
}

/** Cost per conversion (or any amount per unit), half up to the micro-euro; 0 without units. */
export function perUnitMicros(totalMicros: bigint, units: number): bigint {
  if (units <= 0) return 0n;
  const n = BigInt(units);
  return (totalMicros * 2n + n) / (2n * n);
}

/** Return on ad spend: value / spend, half up to 2 decimals; 0 without spend. */
export function roasOf(valueMicros: bigint, spendMicros: bigint): number {
  if (spendMicros <= 0n) return 0;
  return Number((valueMicros * 200n + spendMicros) / (2n * spendMicros)) / 100;
}

/**
 * A won bid's impression when the auction cleared below our bid (the `${AUCTION_PRICE}` of a
 * second-price exchange, docs/product/programmatic.md): the impression's cost scaled by
 * cleared / bid (both CPM in micro-euros), rounded DOWN to the micro-euro and never zero. The
 * full cost when the cleared price is unknown, not positive or not below the bid: an advertiser
 * never pays more than the campaign's price.
 */
export function clearedCostOf(costMicros: bigint, bidCpmMicros: bigint, clearedCpmMicros: bigint | null): bigint {
  if (clearedCpmMicros === null || clearedCpmMicros <= 0n || bidCpmMicros <= 0n || clearedCpmMicros >= bidCpmMicros)
    return costMicros;
  const scaled = (costMicros * clearedCpmMicros) / bidCpmMicros;
  return scaled > 0n || costMicros <= 0n ? scaled : 1n;
}

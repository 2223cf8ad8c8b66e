import { formatDay, formatDayTime } from '@cryptads/contract/dates';
import { formatEuros, LOCALE, microsToEuros } from '@cryptads/contract/money';

const numberFormat = new Intl.NumberFormat(LOCALE);

/** Counts and figures with en-GB grouping: 12,345. */
export const formatNumber = (value: number) => numberFormat.format(value);

const shareFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });

/** A share given as a fraction (0.125) as the back office shows it: 12.5%. */
export const formatShare = (fraction: number) => shareFormat.format(fraction);

/**
 * '21 Nov 2026' (the contract's date text, the same as the server's report rows): a day
 * ('YYYY-MM-DD') as it is, an instant on the viewer's own calendar.
 */
export const formatDate = (value: string | Date) => formatDay(value, 'local');

/** '21 Nov 2026, 14:05' in the viewer's time zone. */
export const formatDateTime = (value: string | Date) => formatDayTime(value, 'local');

/**
 * A micro-euro amount (a bigint, or an integer string as some answers send it: bigint-safe) as
 * '€1,234.50'; '—' when absent.
 */
export function formatMicros(micros: bigint | string | null | undefined): string {
  if (typeof micros === 'bigint') return formatEuros(microsToEuros(micros));
  if (micros == null || !/^-?\d+$/.test(micros)) return '—';
  return formatEuros(microsToEuros(BigInt(micros)));
}

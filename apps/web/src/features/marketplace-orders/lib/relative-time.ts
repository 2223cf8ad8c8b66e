/**
 * A time as people say it: 'in 3 days', '5 hours ago', 'in 2 minutes' (en-GB). The timers of
 * an order item (accept by, complete by) read this way beside their exact date.
 */
const format = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function relativeTime(at: string | Date, now: number = Date.now()): string {
  const diff = new Date(at).getTime() - now;
  const abs = Math.abs(diff);
  for (const [unit, ms] of UNITS) if (abs >= ms) return format.format(Math.round(diff / ms), unit);
  return diff >= 0 ? 'in less than a minute' : 'just now';
}

/**
 * Days, report periods and their texts, shared by the web app and the server (docs/product/limits.md#our-choices:
 * times are stored in UTC and reports group by UTC day). Free of zod: the web app's first
 * load imports it.
 *
 * A day is a 'YYYY-MM-DD' string naming a UTC calendar day. Texts use fixed English month
 * names instead of Intl, so that every runtime (Node with small ICU, any browser) prints the
 * same words.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The shape of a day; `isValidDay` also checks that the day exists. */
export const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Two days, both included. */
export type DayRange = { startDate: string; endDate: string };

// ---------------------------------------------------------------- days (UTC)

/** 'YYYY-MM-DD' of an instant, read in UTC. */
export const isoDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** Today's UTC day. */
export const todayUtc = (now: Date | number = Date.now()): string => isoDay(now);

/** Midnight UTC at the start of a day (an invalid Date for a string that names no day). */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** A 'YYYY-MM-DD' string that names a real day: '2026-02-31' has the shape but is none. */
export function isValidDay(day: unknown): day is string {
  if (typeof day !== 'string' || !ISO_DAY_PATTERN.test(day)) return false;
  const start = dayStart(day);
  return !Number.isNaN(start.getTime()) && isoDay(start) === day;
}

/** The day `n` days after (or, negative, before) `day`. */
export const addDays = (day: string, n: number): string => isoDay(dayStart(day).getTime() + n * DAY_MS);

/** The first day of the day's month, or of the month `monthOffset` months away. */
export function firstOfMonth(day: string, monthOffset = 0): string {
  const d = dayStart(day);
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthOffset, 1));
}

/** Days from start to end, both included. */
export const daysBetween = ({ startDate, endDate }: DayRange): number =>
  Math.round((dayStart(endDate).getTime() - dayStart(startDate).getTime()) / DAY_MS) + 1;

/** Every day from start to end, both included (empty when start is after end). */
export function daysOf({ startDate, endDate }: DayRange): string[] {
  const from = dayStart(startDate).getTime();
  return Array.from({ length: Math.max(0, daysBetween({ startDate, endDate })) }, (_, i) => isoDay(from + i * DAY_MS));
}

// ---------------------------------------------------------------- report periods

/**
 * Most days one report may span: data is kept for one year (the CSV note says so), counted
 * from today back, today included.
 */
export const REPORT_MAX_DAYS = 366;

/** The earliest day a report may start on. */
export const earliestReportDay = (today: string = todayUtc()): string => addDays(today, -(REPORT_MAX_DAYS - 1));

/** Why a period cannot be reported on; the keys of REPORT_MESSAGES that say so. */
export type ReportPeriodError = 'invalidDate' | 'startAfterEnd' | 'endInFuture' | 'tooOld' | 'tooLong';

/**
 * The rule the reports service enforces and the period picker offers: real days, start not
 * after end, end not after today, start at most one year back. Null when the period is valid.
 */
export function reportPeriodError(range: DayRange, today: string = todayUtc()): ReportPeriodError | null {
  if (!isValidDay(range.startDate) || !isValidDay(range.endDate)) return 'invalidDate';
  if (range.startDate > range.endDate) return 'startAfterEnd';
  if (range.endDate > today) return 'endInFuture';
  if (range.startDate < earliestReportDay(today)) return 'tooOld';
  if (daysBetween(range) > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}

// ---------------------------------------------------------------- texts

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const shortMonth = (month: number) => (MONTHS[month] ?? '').slice(0, 3);

/**
 * Which calendar an instant is read in: UTC on the server (mails, report rows), the
 * viewer's own zone in the web app (when a session was last used).
 */
export type Zone = 'utc' | 'local';

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

/** A day string is a calendar day in any zone; anything else is an instant read in `zone`. */
function partsOf(value: string | Date | number, zone: Zone): Parts {
  if (typeof value === 'string' && ISO_DAY_PATTERN.test(value)) {
    const [year = 0, month = 1, day = 1] = value.split('-').map(Number);
    return { year, month: month - 1, day, hours: 0, minutes: 0 };
  }
  const d = new Date(value);
  return zone === 'utc'
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth(),
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
      }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() };
}

const two = (n: number) => String(n).padStart(2, '0');

/** '1 Sep 2026': report rows, lists, the period picker. */
export function formatDay(value: string | Date | number, zone: Zone = 'utc'): string {
  const p = partsOf(value, zone);
  return `${p.day} ${shortMonth(p.month)} ${p.year}`;
}

/** '1 Sep': the chart's axis, where the year is the period's. */
export function formatShortDay(value: string | Date | number, zone: Zone = 'utc'): string {
  const p = partsOf(value, zone);
  return `${p.day} ${shortMonth(p.month)}`;
}

/** '1 September 2026': sentences in mails and notifications. */
export function formatLongDay(value: string | Date | number, zone: Zone = 'utc'): string {
  const p = partsOf(value, zone);
  return `${p.day} ${MONTHS[p.month] ?? ''} ${p.year}`;
}

/** '1 Sep 2026, 14:05' (24-hour clock). */
export function formatDayTime(value: string | Date | number, zone: Zone = 'utc'): string {
  const p = partsOf(value, zone);
  return `${p.day} ${shortMonth(p.month)} ${p.year}, ${two(p.hours)}:${two(p.minutes)}`;
}

/**
 * A length of time in a sentence: whole minutes when it is some ('2 minutes', '60 minutes'),
 * else seconds ('90 seconds'), so that a text built from a limit never rounds it.
 */
export function formatDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return seconds >= 60 && seconds % 60 === 0 ? plural(seconds / 60, 'minute') : plural(seconds, 'second');
}

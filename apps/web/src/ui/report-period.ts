import {
  addDays,
  type DayRange,
  dayStart,
  firstOfMonth,
  isoDay,
  reportPeriodError,
  todayUtc,
} from '@cryptads/contract/dates';

/**
 * The report period of docs/product/reports.md#period as pure functions: presets relative to today, days as
 * 'YYYY-MM-DD' in UTC (reports group by UTC day, docs/product/limits.md#our-choices), so that the dates a person
 * picks are the days the server counts.
 */
export const PERIOD_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This Month' },
  { value: 'lastMonth', label: 'Last Month' },
  { value: 'last3Months', label: 'Last 3 Months' },
  { value: 'custom', label: 'Custom Range' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];
export const PERIOD_PRESET_VALUES = PERIOD_PRESETS.map((p) => p.value) as [PeriodPreset, ...PeriodPreset[]];
export const DEFAULT_PERIOD: PeriodPreset = 'last7';

/** The days a preset covers, ending today at the latest. Custom has no days of its own: last 7. */
export function presetRange(preset: PeriodPreset, today: string = todayUtc()): DayRange {
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { startDate: y, endDate: y };
    }
    case 'last30':
      return { startDate: addDays(today, -29), endDate: today };
    case 'thisMonth':
      return { startDate: firstOfMonth(today), endDate: today };
    case 'lastMonth':
      return { startDate: firstOfMonth(today, -1), endDate: addDays(firstOfMonth(today), -1) };
    case 'last3Months': {
      // The same day three months back, clamped to the end of a shorter month (31 May → 28 Feb).
      const d = dayStart(today);
      const back = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1));
      const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
      back.setUTCDate(Math.min(d.getUTCDate(), lastDay));
      return { startDate: addDays(isoDay(back), 1), endDate: today };
    }
    default:
      return { startDate: addDays(today, -6), endDate: today };
  }
}

/**
 * The days a period stands for: a preset's days, or a custom range when the reports service
 * would accept it (the contract's rule); anything else falls back to the default.
 */
export function resolvePeriod(
  period: { preset: PeriodPreset; startDate?: string | null; endDate?: string | null },
  today: string = todayUtc(),
): DayRange {
  if (period.preset !== 'custom') return presetRange(period.preset, today);
  const { startDate, endDate } = period;
  if (startDate && endDate && reportPeriodError({ startDate, endDate }, today) === null) return { startDate, endDate };
  return presetRange(DEFAULT_PERIOD, today);
}

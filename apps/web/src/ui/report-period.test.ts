import { describe, expect, it } from 'vitest';
import { daysBetween } from '@cryptads/contract/dates';
import { presetRange, resolvePeriod } from './report-period';

describe('report period presets', () => {
  const today = '2026-03-31';

  it('covers today, yesterday and the last 7 and 30 days ending today', () => {
    expect(presetRange('today', today)).toEqual({ startDate: today, endDate: today });
    expect(presetRange('yesterday', today)).toEqual({ startDate: '2026-03-30', endDate: '2026-03-30' });
    expect(presetRange('last7', today)).toEqual({ startDate: '2026-03-25', endDate: today });
    expect(daysBetween(presetRange('last7', today))).toBe(7);
    expect(presetRange('last30', today)).toEqual({ startDate: '2026-03-02', endDate: today });
    expect(daysBetween(presetRange('last30', today))).toBe(30);
  });

  it('knows this month, last month across a year boundary, and the last 3 months', () => {
    expect(presetRange('thisMonth', today)).toEqual({ startDate: '2026-03-01', endDate: today });
    expect(presetRange('lastMonth', today)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(presetRange('last3Months', '2026-05-31')).toEqual({ startDate: '2026-03-01', endDate: '2026-05-31' });
    expect(presetRange('last3Months', '2026-04-15')).toEqual({ startDate: '2026-01-16', endDate: '2026-04-15' });
  });

  it('keeps a valid custom range and refuses one in the future, reversed or older than a year', () => {
    expect(resolvePeriod({ preset: 'custom', startDate: '2026-03-01', endDate: '2026-03-05' }, today)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-05',
    });
    const fallback = presetRange('last7', today);
    expect(resolvePeriod({ preset: 'custom', startDate: '2026-03-01', endDate: '2026-04-01' }, today)).toEqual(
      fallback,
    );
    expect(resolvePeriod({ preset: 'custom', startDate: '2026-03-05', endDate: '2026-03-01' }, today)).toEqual(
      fallback,
    );
    expect(resolvePeriod({ preset: 'custom', startDate: '2025-01-01', endDate: '2025-01-05' }, today)).toEqual(
      fallback,
    );
    expect(resolvePeriod({ preset: 'custom', startDate: '2026-02-30', endDate: '2026-03-01' }, today)).toEqual(
      fallback,
    );
  });
});

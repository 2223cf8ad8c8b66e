import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysOf,
  earliestReportDay,
  firstOfMonth,
  formatDay,
  formatDayTime,
  formatDuration,
  formatLongDay,
  formatShortDay,
  isoDay,
  isValidDay,
  REPORT_MAX_DAYS,
  reportPeriodError,
  todayUtc,
} from './dates';

describe('UTC days', () => {
  it('reads an instant as its UTC day, whatever the local zone', () => {
    expect(isoDay(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03-31');
    expect(isoDay(Date.UTC(2026, 3, 1))).toBe('2026-04-01');
    expect(todayUtc(new Date('2026-12-31T23:30:00-02:00'))).toBe('2027-01-01');
  });

  it('accepts only days that exist', () => {
    expect(isValidDay('2028-02-29')).toBe(true);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('2026-02-31')).toBe(false);
    expect(isValidDay('2026-13-01')).toBe(false);
    expect(isValidDay('2026-1-01')).toBe(false);
    expect(isValidDay('yesterday')).toBe(false);
    expect(isValidDay(null)).toBe(false);
  });

  it('moves across month and year ends, and counts days with both ends included', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(firstOfMonth('2026-03-31')).toBe('2026-03-01');
    expect(firstOfMonth('2026-01-15', -1)).toBe('2025-12-01');
    expect(daysBetween({ startDate: '2026-03-25', endDate: '2026-03-31' })).toBe(7);
    expect(daysOf({ startDate: '2026-02-27', endDate: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(daysOf({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual([]);
  });
});

describe('report period', () => {
  const today = '2026-03-31';
  const error = (startDate: string, endDate: string) => reportPeriodError({ startDate, endDate }, today);

  it('allows one year back from today, today included, and no day older', () => {
    expect(earliestReportDay(today)).toBe('2025-03-31');
    expect(error(earliestReportDay(today), today)).toBeNull();
    expect(daysBetween({ startDate: earliestReportDay(today), endDate: today })).toBe(REPORT_MAX_DAYS);
    expect(error('2025-03-30', '2025-04-05')).toBe('tooOld');
  });

  it('refuses impossible days, a start after the end and an end after today', () => {
    expect(error('2026-02-30', '2026-03-01')).toBe('invalidDate');
    expect(error('2026-03-01', 'today')).toBe('invalidDate');
    expect(error('2026-03-05', '2026-03-01')).toBe('startAfterEnd');
    expect(error('2026-03-01', '2026-04-01')).toBe('endInFuture');
    expect(error(today, today)).toBeNull();
  });
});

describe('date texts', () => {
  it('writes days the en-GB way with fixed month names', () => {
    expect(formatDay('2026-11-21')).toBe('21 Nov 2026');
    expect(formatDay('2026-09-01')).toBe('1 Sep 2026');
    expect(formatShortDay('2026-09-01')).toBe('1 Sep');
    expect(formatLongDay('2026-09-01')).toBe('1 September 2026');
  });

  it('reads instants in UTC unless asked for the local calendar', () => {
    const late = new Date('2026-11-21T23:30:00.000Z');
    expect(formatDay(late)).toBe('21 Nov 2026');
    expect(formatLongDay(late.getTime())).toBe('21 November 2026');
    expect(formatDayTime('2026-11-21T09:05:00.000Z')).toBe('21 Nov 2026, 09:05');
    const local = new Date(2026, 10, 21, 14, 5);
    expect(formatDayTime(local, 'local')).toBe('21 Nov 2026, 14:05');
    // A day string is a calendar day in every zone.
    expect(formatDay('2026-11-21', 'local')).toBe('21 Nov 2026');
  });

  it('writes a duration from a limit without rounding it', () => {
    expect(formatDuration(120)).toBe('2 minutes');
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatDuration(3600)).toBe('60 minutes');
    expect(formatDuration(90)).toBe('90 seconds');
    expect(formatDuration(1)).toBe('1 second');
  });
});

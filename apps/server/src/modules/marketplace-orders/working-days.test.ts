import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from './working-days';

const at = (iso: string) => new Date(iso);

describe('working days', () => {
  it('knows the weekend (UTC)', () => {
    expect(isWorkingDay(at('2026-03-06T23:59:59Z'))).toBe(true); // Friday
    expect(isWorkingDay(at('2026-03-07T00:00:00Z'))).toBe(false); // Saturday
    expect(isWorkingDay(at('2026-03-08T12:00:00Z'))).toBe(false); // Sunday
    expect(isWorkingDay(at('2026-03-09T00:00:00Z'))).toBe(true); // Monday
  });

  it('adds days inside a week at the same time of day', () => {
    expect(addWorkingDays(at('2026-03-02T09:30:00Z'), 3).toISOString()).toBe('2026-03-05T09:30:00.000Z');
  });

  it('steps over the weekend', () => {
    // Friday 15:00 + 3 working days: Monday, Tuesday, Wednesday.
    expect(addWorkingDays(at('2026-03-06T15:00:00Z'), 3).toISOString()).toBe('2026-03-11T15:00:00.000Z');
    // Thursday + 2: Friday, Monday.
    expect(addWorkingDays(at('2026-03-05T08:00:00Z'), 2).toISOString()).toBe('2026-03-09T08:00:00.000Z');
  });

  it('counts no day of a weekend it starts on', () => {
    expect(addWorkingDays(at('2026-03-07T10:00:00Z'), 1).toISOString()).toBe('2026-03-09T10:00:00.000Z');
    expect(addWorkingDays(at('2026-03-08T23:00:00Z'), 3).toISOString()).toBe('2026-03-11T23:00:00.000Z');
  });

  it('spans several weeks and keeps zero as now', () => {
    expect(addWorkingDays(at('2026-03-02T00:00:00Z'), 10).toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(addWorkingDays(at('2026-03-07T10:00:00Z'), 0).toISOString()).toBe('2026-03-07T10:00:00.000Z');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addWorkingDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(new Date(), 1.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-20T12:00:00.000Z');

describe('relativeTime', () => {
  it('says a coming deadline in days, hours or minutes', () => {
    expect(relativeTime('2026-11-23T12:00:00.000Z', now)).toBe('in 3 days');
    expect(relativeTime('2026-11-20T17:00:00.000Z', now)).toBe('in 5 hours');
    expect(relativeTime('2026-11-20T12:20:00.000Z', now)).toBe('in 20 minutes');
    expect(relativeTime('2026-11-20T12:00:20.000Z', now)).toBe('in less than a minute');
  });

  it('says a passed one as ago', () => {
    expect(relativeTime('2026-11-19T12:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-16T12:00:00.000Z', now)).toBe('4 days ago');
    expect(relativeTime('2026-11-20T11:59:50.000Z', now)).toBe('just now');
  });
});

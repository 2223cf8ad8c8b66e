import { describe, expect, it } from 'vitest';
import { MinuteLimit } from './rate-limit';

/** The postback's per-token and per-IP limits (docs/decisions/044-conversions.md). */
const MINUTE = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);

describe('MinuteLimit', () => {
  it('refuses past its limit within a minute, and starts again with the next', () => {
    const limit = new MinuteLimit(2);
    expect([1, 2, 3, 4].map(() => limit.take('192.0.2.1', MINUTE + 1_000))).toEqual([true, true, false, false]);
    expect(limit.take('192.0.2.2', MINUTE + 1_000)).toBe(true);
    expect(limit.take('192.0.2.1', MINUTE + 60_000)).toBe(true);
  });

  it('holds at most its capacity under a flood of addresses, forgetting idle ones, never an active one', () => {
    const limit = new MinuteLimit(2, { capacity: 1_000 });
    limit.take('192.0.2.1', MINUTE);
    limit.take('192.0.2.1', MINUTE);
    let accepted = 0;
    for (let i = 0; i < 5_000; i++) {
      if (limit.take(`10.0.${i >> 8}.${i & 255}`, MINUTE + 1_000)) accepted++;
      if (i % 100 === 99) expect(limit.take('192.0.2.1', MINUTE + 1_000)).toBe(false);
    }
    expect(accepted).toBe(5_000);
    expect(limit.size).toBeLessThanOrEqual(1_000);
    expect(limit.take('192.0.2.1', MINUTE + 2_000)).toBe(false);
  });
});

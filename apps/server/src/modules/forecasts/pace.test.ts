import { describe, expect, it } from 'vitest';
import { balanceRunOut, campaignPace, sustainedPerHour } from './pace';

const now = new Date('2026-11-27T10:00:00.000Z');
const spend = {
  spentLast24hMicros: 24_000_000n, // €1 an hour
  spentTodayMicros: 10_000_000n,
  spentTotalMicros: 50_000_000n,
  dailyBudgetMicros: 15_000_000n,
  budgetMicros: 60_000_000n as bigint | null,
};

describe('pace', () => {
  it('spend per hour over 24 hours, and when the budgets are reached', () => {
    const p = campaignPace(spend, now);
    expect(p.perHourMicros).toBe(1_000_000);
    expect(p.dailyBudgetAt?.toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(p.totalBudgetAt?.toISOString()).toBe('2026-11-27T20:00:00.000Z');
  });

  it('a daily budget not reached before midnight UTC is null; no total budget is null', () => {
    const p = campaignPace({ ...spend, dailyBudgetMicros: 100_000_000n, budgetMicros: null }, now);
    expect(p.dailyBudgetAt).toBeNull();
    expect(p.totalBudgetAt).toBeNull();
  });

  it('a budget already used up is reached now; no spend, no pace', () => {
    expect(campaignPace({ ...spend, spentTodayMicros: 15_000_000n }, now).dailyBudgetAt).toEqual(now);
    expect(campaignPace({ ...spend, spentLast24hMicros: 0n }, now)).toEqual({
      perHourMicros: 0,
      dailyBudgetAt: null,
      totalBudgetAt: null,
    });
  });

  it('the balance runs out at the sum of the paces, each capped by its daily budget', () => {
    expect(sustainedPerHour(1_000_000, 12_000_000n)).toBe(500_000);
    expect(sustainedPerHour(1_000_000, 48_000_000n)).toBe(1_000_000);
    expect(balanceRunOut(36_000_000n, 500_000, now)?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(balanceRunOut(36_000_000n, 0, now)).toBeNull();
    expect(balanceRunOut(0n, 1, now)).toEqual(now);
  });
});

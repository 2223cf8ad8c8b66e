import { DAY_MS, HOUR_MS } from '@cryptads/contract/dates';

/**
 * Pace maths (docs/product/forecasts.md#pace), pure: a campaign's spend per hour over the last
 * 24 hours, and the moments its budgets and the advertiser's balance are reached at that pace.
 * Amounts are micro-euros; fractional paces stay numbers until the answer rounds them.
 */

export type CampaignSpend = {
  spentLast24hMicros: bigint;
  spentTodayMicros: bigint;
  spentTotalMicros: bigint;
  dailyBudgetMicros: bigint;
  /** null: no total budget. */
  budgetMicros: bigint | null;
};

export type CampaignPaceFigures = {
  perHourMicros: number;
  /** Null when the daily budget is not reached before the UTC day ends. */
  dailyBudgetAt: Date | null;
  /** Null without a total budget or without spend. */
  totalBudgetAt: Date | null;
};

const after = (now: Date, remainingMicros: bigint, perHourMicros: number) =>
  remainingMicros <= 0n ? now : new Date(now.getTime() + (Number(remainingMicros) / perHourMicros) * HOUR_MS);

export function campaignPace(s: CampaignSpend, now: Date): CampaignPaceFigures {
  const perHourMicros = Number(s.spentLast24hMicros) / 24;
  if (perHourMicros <= 0) return { perHourMicros: 0, dailyBudgetAt: null, totalBudgetAt: null };
  const endOfDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const daily = after(now, s.dailyBudgetMicros - s.spentTodayMicros, perHourMicros);
  return {
    perHourMicros,
    dailyBudgetAt: daily.getTime() < endOfDay ? daily : null,
    totalBudgetAt: s.budgetMicros === null ? null : after(now, s.budgetMicros - s.spentTotalMicros, perHourMicros),
  };
}

/**
 * What a campaign takes from the balance per hour over the coming days: its pace, but never
 * more than its daily budget spread over 24 hours (the budget stops it each day).
 */
export const sustainedPerHour = (perHourMicros: number, dailyBudgetMicros: bigint) =>
  Math.min(perHourMicros, Number(dailyBudgetMicros) / 24);

/** When the balance reaches zero at `perHourMicros`; null when nothing spends. */
export function balanceRunOut(balanceMicros: bigint, perHourMicros: number, now: Date): Date | null {
  if (perHourMicros <= 0) return null;
  return after(now, balanceMicros, perHourMicros);
}

import { z } from 'zod';
import { CampaignFieldsSchema, CampaignKindSchema } from './campaigns';

/**
 * Forecasts (docs/product/forecasts.md): what a targeting draft would likely buy before launch,
 * and the pace of running campaigns with the moment budgets and the balance run out.
 */

export const FORECAST_MESSAGES = {
  bidInvalid: 'Please enter a bid of 0 or more.',
  budgetInvalid: 'Please enter a budget of 0 or more.',
  listInvalid: 'Please choose values from the list.',
  notEnoughData: 'Not enough traffic history yet to forecast this targeting.',
  balanceLowTitle: 'Balance runs out soon',
} as const;
const F = FORECAST_MESSAGES;

/** Days of hourly traffic history a forecast reads. */
export const FORECAST_HISTORY_DAYS = 14;
/** Fewer days with traffic than this in the history: "not enough data". */
export const FORECAST_MIN_DAYS = 3;
/** The balance run-out notice fires when the balance lasts less than this at the current pace. */
export const BALANCE_RUNOUT_ALERT_HOURS = 72;

const euros = (msg: string) => z.number({ error: msg }).min(0, msg).max(10_000_000, msg);
const names = z
  .array(z.string().trim().min(1, F.listInvalid).max(40, F.listInvalid), { error: F.listInvalid })
  .max(100);

/**
 * The wizard's targeting draft: nothing is saved, every field has the wizard's default. The
 * targeting fields are the campaign's own; the money fields accept any draft amount (the
 * campaign's minimums are the wizard's business, not the forecast's).
 */
export const ForecastRequestSchema = CampaignFieldsSchema.pick({
  paymentMode: true,
  trafficType: true,
  budgetFlag: true,
  capping: true,
  cappingTime: true,
  device: true,
  countries: true,
  excludeFlag: true,
  excludeList: true,
}).extend({
  kind: CampaignKindSchema,
  /** The bid in euros: per thousand impressions (CPM) or per click (CPC). */
  price: euros(F.bidInvalid),
  dailyBudget: euros(F.budgetInvalid),
  budget: euros(F.budgetInvalid).nullish(),
  /** Operating systems and browsers as reports name them; empty means all. */
  os: names.default([]),
  browsers: names.default([]),
});
export type ForecastRequest = z.output<typeof ForecastRequestSchema>;
export type ForecastRequestInput = z.input<typeof ForecastRequestSchema>;

export const ForecastSchema = z.object({
  /** false: fewer than FORECAST_MIN_DAYS days of history; the figures are then 0. */
  enoughData: z.boolean(),
  historyDays: z.number().int(),
  dailyRequests: z.number().int(),
  dailyImpressions: z.number().int(),
  dailyClicks: z.number().int(),
  /** Euros per day, 2 decimals. */
  dailySpend: z.number(),
  /** Share of the eligible requests the bid wins, 0..1 (3 decimals). */
  winRate: z.number(),
  /** Whole days the total budget lasts at that spend; null without a total budget or spend. */
  budgetDays: z.number().int().nullable(),
  /**
   * Viewability of the targeted traffic in the history: viewable / measured impressions × 100
   * (2 decimals); null when none of it was measured (popunder is never).
   */
  viewabilityRate: z.number().nullable(),
  /** Why the figures are what they are, in order (the auction model explained). */
  notes: z.array(z.string()),
});
export type Forecast = z.infer<typeof ForecastSchema>;

export const CampaignPaceSchema = z.object({
  id: z.number().int(),
  /** Euros per hour over the last 24 hours (2 decimals; 4 below one cent). */
  spendPerHour: z.number(),
  spentToday: z.number(),
  /** ISO times; null when not reached at this pace (today for the daily budget). */
  dailyBudgetAt: z.string().nullable(),
  totalBudgetAt: z.string().nullable(),
});
export type CampaignPace = z.infer<typeof CampaignPaceSchema>;

export const PaceSchema = z.object({
  balance: z.number(),
  /** All running campaigns together, euros per hour. */
  spendPerHour: z.number(),
  /** When the balance reaches zero at that pace; null when nothing spends. */
  balanceRunOutAt: z.string().nullable(),
  campaigns: z.array(CampaignPaceSchema),
});
export type Pace = z.infer<typeof PaceSchema>;

/** A campaign's viewability over its whole history (docs/product/programmatic.md#viewability). */
export const CampaignViewabilitySchema = z.object({
  measuredImpressions: z.number().int(),
  viewableImpressions: z.number().int(),
  /** viewable / measured × 100, 2 decimals; null when nothing was measured. */
  viewabilityRate: z.number().nullable(),
});
export type CampaignViewability = z.infer<typeof CampaignViewabilitySchema>;

/** One campaign's pace on its page: null figures while it is not Delivering; its viewability always. */
export const CampaignPaceAnswerSchema = z.object({
  pace: CampaignPaceSchema.nullable(),
  balanceRunOutAt: z.string().nullable(),
  viewability: CampaignViewabilitySchema,
});
export type CampaignPaceAnswer = z.infer<typeof CampaignPaceAnswerSchema>;

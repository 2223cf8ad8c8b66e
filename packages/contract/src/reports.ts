import { z } from 'zod';
import { money } from './money-schema';
import { isValidDay } from './dates';
import { REPORT_MESSAGES, ReportBy, ReportGroup } from './report-messages';

export * from './report-messages';

/**
 * Reports (docs/product/reports.md#reports-page, #api; docs/product/reports.md#today). Money is euros: Cost for advertisers, Earnings
 * for publishers. Days are UTC (docs/product/limits.md#our-choices) as 'YYYY-MM-DD'.
 */

/** A real UTC day ('2026-02-31' has the shape but is none); the period rule is dates.ts's. */
const isoDay = z.string().refine(isValidDay, REPORT_MESSAGES.invalidDate);

/** GET /reports: today's figures (UTC day) of the caller's campaigns or websites. */
export const TodayStatsSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Cost (advertiser) or earnings (publisher), euros. */
  money: money(),
  /** Percent, 2 decimals. */
  ctr: z.number(),
});
export type TodayStats = z.infer<typeof TodayStatsSchema>;

/**
 * GET /reports/{campaignIds}/{websiteId} and GET /reports/{campaignIds}/zone/{zoneId}.
 * campaignIds: 'all' or comma-separated campaign ids (advertisers; publishers send 'all').
 * websiteId: 'all' or a website id (publishers; advertisers send 'all').
 */
export const ReportPathSchema = z.object({
  campaignIds: z.string().regex(/^(all|\d{1,10}(,\d{1,10}){0,199})$/, REPORT_MESSAGES.invalidCampaigns),
  websiteId: z.string().regex(/^(all|\d{1,10})$/, REPORT_MESSAGES.invalidWebsite),
});
export const ReportZonePathSchema = z.object({
  campaignIds: ReportPathSchema.shape.campaignIds,
  zoneId: z.string().regex(/^[0-9a-f]{16}$/, REPORT_MESSAGES.invalidZone),
});

export const ReportQuerySchema = z
  .object({
    /** report (default): rows by reportBy; zone: the optimisation rows; performance: raw events. */
    group: z.enum([ReportGroup.Report, ReportGroup.Zone, ReportGroup.Performance]).default(ReportGroup.Report),
    reportBy: z
      .enum([
        ReportBy.Date,
        ReportBy.Country,
        ReportBy.Device,
        ReportBy.Os,
        ReportBy.Browser,
        ReportBy.Campaign,
        ReportBy.Zone,
      ])
      .default(ReportBy.Date),
    startDate: isoDay,
    endDate: isoDay,
  })
  .refine((q) => q.startDate <= q.endDate, { message: REPORT_MESSAGES.startAfterEnd, path: ['startDate'] });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const figures = {
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Euros: cost (advertiser) or earnings (publisher). */
  money: money(),
  /** Percent, 2 decimals (clicks / impressions × 100). */
  ctr: z.number(),
  /** Euros per thousand impressions (3 decimals on the dashboard). */
  eCpm: money(3),
  /** Invalid or unbillable traffic: answered, never billed, not in the figures above. */
  filteredImpressions: z.number().int(),
  filteredClicks: z.number().int(),
  /**
   * Viewability (docs/product/programmatic.md#viewability): billed impressions our tag could
   * measure, those of them that were viewable (at least half the ad in view for a second in a
   * visible tab), and the rate viewable / measured × 100 (2 decimals; null when nothing was
   * measured: an impression not measured is not counted as not viewable).
   */
  measuredImpressions: z.number().int(),
  viewableImpressions: z.number().int(),
  viewabilityRate: z.number().nullable(),
  /**
   * Advertisers only (absent for publishers): attributed conversions (test ones never), the
   * conversion rate (conversions / clicks × 100, 2 decimals), cost per conversion (euros),
   * conversion value (euros) and return on ad spend (value / cost, 2 decimals).
   */
  conversions: z.number().int().optional(),
  conversionRate: z.number().optional(),
  costPerConversion: money().optional(),
  conversionValue: money().optional(),
  roas: z
    .number()
    .describe(
      'Return on ad spend: conversion value / cost as a multiple, 2 decimals, shown as 2.06× (a value of 206 % of the cost); 0 without cost.',
    )
    .optional(),
};

/** One row of a report: the dimension's key (date, ISO country, os, browser, campaign id, zone id) and label. */
export const ReportRowSchema = z.object({ key: z.string(), label: z.string(), ...figures });
export type ReportRow = z.infer<typeof ReportRowSchema>;
export const ReportTotalsSchema = z.object(figures);
export type ReportTotals = z.infer<typeof ReportTotalsSchema>;

/** Filtered impressions and clicks of one reason. */
export const FilteredByReasonSchema = z.object({
  reason: z.string(),
  label: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
});
export type FilteredByReason = z.infer<typeof FilteredByReasonSchema>;

/** group=report. `daily` has one point per day of the period (zeros included) for the chart. */
export const ReportSchema = z.object({
  reportBy: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(ReportRowSchema),
  totals: ReportTotalsSchema,
  daily: z.array(
    z.object({ date: z.string(), impressions: z.number().int(), clicks: z.number().int(), money: money() }),
  ),
  /** Filtered traffic of the period by reason (FilterReason code and its label), most first. */
  filtered: z.array(FilteredByReasonSchema),
});
export type Report = z.infer<typeof ReportSchema>;

/** group=zone: the campaign's optimisation rows (docs/product/campaigns.md#optimization), one per zone that showed it. */
export const OptimizationRowSchema = z.object({
  /** The zone's public id, the value the campaign's excludeList holds. */
  id: z.string(),
  website: z.string(),
  /** Ad format label ('Banner', 'Native', ...). */
  type: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number(),
  money: money(),
  /** Invalid or unbillable traffic of the zone: never billed. */
  filteredImpressions: z.number().int(),
  filteredClicks: z.number().int(),
});
export type OptimizationRow = z.infer<typeof OptimizationRowSchema>;
export const OptimizationReportSchema = z.object({ rows: z.array(OptimizationRowSchema) });
export type OptimizationReport = z.infer<typeof OptimizationReportSchema>;

/** group=performance: recent raw events, newest first (at most PERFORMANCE_ROWS_MAX). */
export const PerformanceRowSchema = z.object({
  zone: z.string(),
  website: z.string(),
  type: z.string(),
  /** 'Impression' or 'Click'. */
  event: z.string(),
  country: z.string(),
  browser: z.string(),
  os: z.string(),
  /** 'YYYY-MM-DD' (UTC). */
  date: z.string(),
  /** 'HH:MM:SS' (UTC). */
  time: z.string(),
});
export type PerformanceRow = z.infer<typeof PerformanceRowSchema>;
export const PerformanceReportSchema = z.object({
  rows: z.array(PerformanceRowSchema),
  /** True when more events matched than were returned. */
  truncated: z.boolean(),
  /** Raw events are kept this many days; older periods show nothing here. */
  retentionDays: z.number().int(),
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;

import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import {
  OptimizationReportSchema,
  PerformanceReportSchema,
  ReportPathSchema,
  ReportQuerySchema,
  ReportSchema,
  ReportZonePathSchema,
  TodayStatsSchema,
} from '../reports';
import { reportRoutes } from './reports.routes';

const tag = 'reports';

/**
 * The answer of a report follows its `group`: report (default), zone (optimisation rows) or
 * performance (raw events). Order matters: zod returns the first member that parses, and an
 * optimisation report is a subset of a performance report's shape when both have no rows.
 */
export const AnyReportSchema = z.union([ReportSchema, PerformanceReportSchema, OptimizationReportSchema]);

const description = [
  'group=report (default): rows by reportBy with totals and a daily series; group=zone: the optimisation',
  'rows of ONE campaign; group=performance: raw events of ONE campaign, newest first.',
  'Advertisers: campaignIds is all (non-archived) or their own ids, websiteId is all, a zone path filters',
  'their campaigns to that zone. Publishers: campaignIds is all, websiteId all or their own website, zone',
  'path one of their zones. Money is cost (advertisers) or earnings (publishers). Days are UTC.',
  'Every row and the totals carry the measured and viewable impressions and the viewability rate',
  '(viewable / measured, null when nothing was measured), counted in the hour of the impression.',
].join(' ');

export const reportEndpoints = defineEndpoints(reportRoutes, {
  today: { tag, summary: "Today's (UTC) impressions, clicks, money and CTR", response: TodayStatsSchema },
  report: {
    tag,
    summary: 'A report of campaigns or websites over a period',
    description,
    params: ReportPathSchema,
    query: ReportQuerySchema,
    response: AnyReportSchema,
  },
  zoneReport: {
    tag,
    summary: 'A report of one zone over a period',
    description,
    params: ReportZonePathSchema,
    query: ReportQuerySchema,
    response: AnyReportSchema,
  },
});

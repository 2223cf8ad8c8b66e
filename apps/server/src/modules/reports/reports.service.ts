import { sql } from 'drizzle-orm';
import { dayStart, todayUtc } from '@cryptads/contract/dates';
import type { Served } from '@cryptads/contract/money-schema';
import {
  type OptimizationReportSchema,
  type PerformanceReport,
  ReportGroup,
  type ReportQuery,
  type ReportSchema,
  type TodayStatsSchema,
} from '@cryptads/contract/reports';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../sessions/sessions.service';
import { figuresOf, present, rowsOf, ZERO } from './figures';
import { optimization, performance, type Rollup, report, rollupFor } from './report-queries';
import { checkPeriod, type ReportTarget, resolveScope } from './scope';

export { campaignFigures, ctrOf, eCpmOf, type ListFigures, NO_FIGURES, websiteFigures } from './figures';
export type { Rollup } from './report-queries';
export { checkPeriod, type ReportTarget } from './scope';

/**
 * Reports read the rollups `stats_daily` and `stats_hourly` (and the raw `ad_events` for Performance);
 * this module is the only code that knows where statistics live (docs/decisions/008-reports.md). Every query is filtered first by the
 * caller's own id (advertiser_id or publisher_id) so that no path can reach another
 * account's numbers, and aggregates in SQL over an indexed (owner, hour) range.
 */

// ---------------------------------------------------------------- today

/** GET /reports: today's (UTC) figures of all the caller's campaigns (archived too) or websites. */
export async function todayStats(
  ctx: AppContext,
  user: UserRow,
  now: Date = new Date(),
): Promise<Served<typeof TodayStatsSchema>> {
  const scope = await resolveScope(ctx.db, user, { campaignIds: 'all', websiteId: 'all' });
  const from = dayStart(todayUtc(now));
  const [row] = await rowsOf<{ impressions: string; clicks: string; money: string }>(
    ctx.db,
    sql`select coalesce(sum(impressions), 0)::text as impressions, coalesce(sum(clicks), 0)::text as clicks,
          coalesce(sum(${scope.money}), 0)::text as money
        from stats_hourly
        where ${scope.filter} and hour >= ${from.toISOString()}::timestamptz`,
  );
  const f = row ? figuresOf(row) : ZERO;
  const p = present(f);
  return { impressions: p.impressions, clicks: p.clicks, money: p.money, ctr: p.ctr };
}

/**
 * The whole network's figures of today (UTC) from the rollups, for the back office's overview:
 * billed impressions and clicks, advertiser spend, publisher earnings, and filtered traffic.
 */
export async function networkToday(db: DbOrTx, now: Date = new Date()) {
  const day = todayUtc(now);
  const from = dayStart(day).toISOString();
  const [billed] = await rowsOf<{ impressions: string; clicks: string; cost: string; earnings: string }>(
    db,
    sql`select coalesce(sum(impressions), 0)::text as impressions, coalesce(sum(clicks), 0)::text as clicks,
          coalesce(sum(cost_micros), 0)::text as cost, coalesce(sum(earnings_micros), 0)::text as earnings
        from stats_hourly where hour >= ${from}::timestamptz`,
  );
  const [filtered] = await rowsOf<{ impressions: string; clicks: string }>(
    db,
    sql`select coalesce(sum(impressions), 0)::text as impressions, coalesce(sum(clicks), 0)::text as clicks
        from filtered_hourly where hour >= ${from}::timestamptz`,
  );
  return {
    day,
    impressions: Number(billed?.impressions ?? 0),
    clicks: Number(billed?.clicks ?? 0),
    spendMicros: BigInt(billed?.cost ?? 0),
    earningsMicros: BigInt(billed?.earnings ?? 0),
    filteredImpressions: Number(filtered?.impressions ?? 0),
    filteredClicks: Number(filtered?.clicks ?? 0),
  };
}

// ---------------------------------------------------------------- reports

/**
 * GET /reports/{campaignIds}/{websiteId | zone/{zoneId}}. Billed figures come from the daily
 * rollup for periods of whole UTC days (every period the API takes), else from the hourly one;
 * `rollup` forces one (the tests and the benchmark compare both).
 */
export async function getReport(
  ctx: AppContext,
  user: UserRow,
  target: ReportTarget,
  q: ReportQuery,
  now: Date = new Date(),
  rollup?: Rollup,
): Promise<Served<typeof ReportSchema> | Served<typeof OptimizationReportSchema> | PerformanceReport> {
  const period = checkPeriod(q.startDate, q.endDate, now);
  const scope = await resolveScope(ctx.db, user, target);
  const from = rollup ?? rollupFor(period);
  if (q.group === ReportGroup.Zone) return optimization(ctx.db, scope, period, from);
  if (q.group === ReportGroup.Performance)
    return performance(ctx.db, scope, period, ctx.config.delivery.eventRetentionDays);
  return report(ctx.db, scope, q, period, from);
}

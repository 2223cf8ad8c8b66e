import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import { AD_FORMAT_LABELS, type AdFormat } from '@cryptads/contract/campaigns';
import { DAY_MS, dayStart, daysOf, formatDay, reportPeriodError, todayUtc } from '@cryptads/contract/dates';
import { FILTER_REASON_LABELS, type FilterReason } from '@cryptads/contract/delivery';
import { microsToEuros } from '@cryptads/contract/money';
import {
  ADVERTISER_REPORT_BY,
  COMMON_REPORT_BY,
  type OptimizationReport,
  PERFORMANCE_ROWS_MAX,
  type PerformanceReport,
  REPORT_MESSAGES as M,
  type Report,
  ReportBy,
  ReportGroup,
  type ReportQuery,
  type ReportRow,
  type TodayStats,
} from '@cryptads/contract/reports';
import type { AppContext } from '../../context';
import { COUNTRIES } from '../../data/countries';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { websites, zones } from '../../db/schema/websites';
import { badRequest, notFound } from '../../lib/errors';
import type { UserRow } from '../sessions/sessions.service';

/**
 * Reports read the hourly rollup `stats_hourly` (and the raw `ad_events` for Performance);
 * this module is the only code that knows where statistics live (DESIGN "Traffic and
 * statistics"), see docs/decisions/008-reports.md. Every query is filtered first by the
 * caller's own id (advertiser_id or publisher_id) so that no path can reach another
 * account's numbers, and aggregates in SQL over an indexed (owner, hour) range.
 */

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

type Figures = { impressions: number; clicks: number; moneyMicros: bigint };
const ZERO: Figures = { impressions: 0, clicks: 0, moneyMicros: 0n };

// ---------------------------------------------------------------- figures

/** clicks / impressions × 100, 2 decimals; 0 without impressions. */
export function ctrOf(impressions: number, clicks: number): number {
  return impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0;
}

/** Euros per thousand impressions, 3 decimals, rounded half up from exact micros. */
export function eCpmOf(impressions: number, moneyMicros: bigint): number {
  if (impressions <= 0) return 0;
  const n = BigInt(impressions);
  return microsToEuros((moneyMicros * 1000n * 2n + n) / (2n * n), 3);
}

type Filtered = { impressions: number; clicks: number };
const NOT_FILTERED: Filtered = { impressions: 0, clicks: 0 };

const present = (f: Figures, filtered: Filtered = NOT_FILTERED) => ({
  impressions: f.impressions,
  clicks: f.clicks,
  money: microsToEuros(f.moneyMicros),
  ctr: ctrOf(f.impressions, f.clicks),
  eCpm: eCpmOf(f.impressions, f.moneyMicros),
  filteredImpressions: filtered.impressions,
  filteredClicks: filtered.clicks,
});

/** Aggregates come back as text (bigint sums are numeric), the same on both drivers. */
const figuresOf = (r: { impressions: unknown; clicks: unknown; money: unknown }): Figures => ({
  impressions: Number(r.impressions ?? 0),
  clicks: Number(r.clicks ?? 0),
  moneyMicros: BigInt(String(r.money ?? '0')),
});

/** A PostgreSQL int[] literal, bound as ONE parameter (drizzle expands JS arrays into lists). */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ---------------------------------------------------------------- dates

/**
 * Inclusive UTC days → the hour range [from, to) and the list of days. The period rule (real
 * days, start ≤ end ≤ today, at most one year back) is the contract's, which the web's
 * period picker applies too.
 */
export function checkPeriod(startDate: string, endDate: string, now: Date = new Date()) {
  const error = reportPeriodError({ startDate, endDate }, todayUtc(now));
  if (error) throw badRequest(M[error]);
  return {
    from: dayStart(startDate),
    to: new Date(dayStart(endDate).getTime() + DAY_MS),
    days: daysOf({ startDate, endDate }),
  };
}

// ---------------------------------------------------------------- scope

/**
 * What a report may read: a filter over stats_hourly / ad_events that always starts with the
 * caller's own id, and which money column is theirs.
 */
type Scope = {
  role: 'advertiser' | 'publisher';
  filter: SQL;
  money: SQL;
  /** Advertiser with explicit campaign ids: the owned campaigns named (archived ones too). */
  campaignIds: number[] | null;
};

const isAdvertiser = (user: UserRow) => user.type === AccountType.Advertiser;

/**
 * The advertiser's filter over their campaigns (all, or the ids given). Archived campaigns
 * are included: what they spent was billed and stays in every total (issue #13).
 */
async function advertiserFilter(db: DbOrTx, user: UserRow, campaignIds: 'all' | number[]) {
  if (campaignIds === 'all') return { filter: sql`advertiser_id = ${user.id}`, ids: null };
  const wanted = [...new Set(campaignIds)];
  const owned = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, user.id), inArray(campaigns.id, wanted)));
  // Another advertiser's id and an unknown one answer the same, so ids cannot be probed.
  if (owned.length !== wanted.length) throw notFound(M.campaignNotFound);
  return {
    filter: sql`advertiser_id = ${user.id} and campaign_id = any(${intArray(wanted)}::int[])`,
    ids: wanted,
  };
}

export type ReportTarget = { campaignIds: string } & ({ websiteId: string } | { zoneId: string });

const parseCampaignIds = (s: string): 'all' | number[] => (s === 'all' ? 'all' : s.split(',').map(Number));

async function resolveScope(db: DbOrTx, user: UserRow, target: ReportTarget): Promise<Scope> {
  const campaignIds = parseCampaignIds(target.campaignIds);
  if (isAdvertiser(user)) {
    // Advertisers own no websites; a zone path filters their campaigns to that zone.
    if ('websiteId' in target && target.websiteId !== 'all') throw notFound(M.websiteNotFound);
    const { filter, ids } = await advertiserFilter(db, user, campaignIds);
    let zoneFilter = sql``;
    if ('zoneId' in target) {
      const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.unique, target.zoneId)).limit(1);
      if (!zone) throw notFound(M.zoneNotFound);
      zoneFilter = sql` and zone_id = ${zone.id}`;
    }
    return { role: 'advertiser', filter: sql`${filter}${zoneFilter}`, money: sql.raw('cost_micros'), campaignIds: ids };
  }
  // Publishers have no campaigns: any id names none of theirs.
  if (campaignIds !== 'all') throw notFound(M.campaignNotFound);
  let extra = sql``;
  if ('zoneId' in target) {
    const [zone] = await db
      .select({ id: zones.id })
      .from(zones)
      .innerJoin(websites, eq(websites.id, zones.websiteId))
      .where(and(eq(zones.unique, target.zoneId), eq(websites.ownerId, user.id)))
      .limit(1);
    if (!zone) throw notFound(M.zoneNotFound);
    extra = sql` and zone_id = ${zone.id}`;
  } else if (target.websiteId !== 'all') {
    const [site] = await db
      .select({ id: websites.id })
      .from(websites)
      .where(and(eq(websites.id, Number(target.websiteId)), eq(websites.ownerId, user.id)))
      .limit(1);
    if (!site) throw notFound(M.websiteNotFound);
    extra = sql` and website_id = ${site.id}`;
  }
  return {
    role: 'publisher',
    filter: sql`publisher_id = ${user.id}${extra}`,
    money: sql.raw('earnings_micros'),
    campaignIds: null,
  };
}

// ---------------------------------------------------------------- today

/** GET /reports: today's (UTC) figures of all the caller's campaigns (archived too) or websites. */
export async function todayStats(ctx: AppContext, user: UserRow, now: Date = new Date()): Promise<TodayStats> {
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

/** The dimension as a SQL expression over stats_hourly, and whether the role may use it. */
const DIMENSIONS: Record<ReportBy, string> = {
  date: `(hour at time zone 'UTC')::date`,
  country: 'country',
  os: 'os',
  browser: 'browser',
  campaign: 'campaign_id',
  zone: 'zone_id',
};

type AggRow = { g: number | string; k: string | null; impressions: string; clicks: string; money: string };

/**
 * group=report: one scan of the rollup with GROUPING SETS gives both the rows of the
 * dimension and the per-day series for the chart.
 */
async function report(db: DbOrTx, scope: Scope, q: ReportQuery, period: ReturnType<typeof checkPeriod>) {
  const allowed = scope.role === 'advertiser' ? ADVERTISER_REPORT_BY : COMMON_REPORT_BY;
  if (!allowed.includes(q.reportBy)) throw badRequest(M.invalidReportBy);
  const day = sql.raw(DIMENSIONS.date);
  const dim = sql.raw(DIMENSIONS[q.reportBy]);
  const where = sql`${scope.filter} and hour >= ${period.from.toISOString()}::timestamptz and hour < ${period.to.toISOString()}::timestamptz`;
  const sums = sql`sum(impressions)::text as impressions, sum(clicks)::text as clicks, sum(${scope.money})::text as money`;
  const byDate = q.reportBy === ReportBy.Date;
  const rows = await rowsOf<AggRow>(
    db,
    byDate
      ? sql`select 0 as g, to_char(${day}, 'YYYY-MM-DD') as k, ${sums} from stats_hourly where ${where} group by ${day}`
      : sql`select grouping(${dim}) as g,
              case when grouping(${dim}) = 0 then ${dim}::text else to_char(${day}, 'YYYY-MM-DD') end as k, ${sums}
            from stats_hourly where ${where}
            group by grouping sets ((${dim}), (${day}))`,
  );
  const dimRows = rows.filter((r) => Number(r.g) === 0);
  const dayRows = byDate ? dimRows : rows.filter((r) => Number(r.g) === 1);
  // Filtered traffic (docs/decisions/019-invalid-traffic.md): per row of the dimension and per reason.
  const fKey = byDate ? sql`to_char(${day}, 'YYYY-MM-DD')` : sql`${dim}::text`;
  const fRows = await rowsOf<{ g: number | string; k: string | null; impressions: string; clicks: string }>(
    db,
    sql`select grouping(${dim}) as g, case when grouping(${dim}) = 0 then ${fKey} else reason end as k,
          sum(impressions)::text as impressions, sum(clicks)::text as clicks
        from filtered_hourly where ${where}
        group by grouping sets ((${dim}), (reason))`,
  );
  const filteredOf = (r: { impressions: string; clicks: string }): Filtered => ({
    impressions: Number(r.impressions ?? 0),
    clicks: Number(r.clicks ?? 0),
  });
  const filteredByKey = new Map(fRows.filter((r) => Number(r.g) === 0).map((r) => [r.k ?? '', filteredOf(r)]));
  const filtered = fRows
    .filter((r) => Number(r.g) === 1)
    .map((r) => ({
      reason: r.k ?? '',
      label: FILTER_REASON_LABELS[r.k as FilterReason] ?? r.k ?? '',
      ...filteredOf(r),
    }))
    .sort((a, b) => b.impressions + b.clicks - (a.impressions + a.clicks) || a.reason.localeCompare(b.reason));
  // A key with filtered traffic only (a zone that sent nothing billable) is a row too.
  const billedKeys = new Set(dimRows.map((r) => r.k ?? ''));
  const allRows = [
    ...dimRows,
    ...[...filteredByKey.keys()]
      .filter((k) => !billedKeys.has(k))
      .map((k) => ({ g: 0, k, impressions: '0', clicks: '0', money: '0' })),
  ];

  const perDay = new Map(dayRows.map((r) => [r.k ?? '', figuresOf(r)]));
  const daily = period.days.map((date) => {
    const f = perDay.get(date) ?? ZERO;
    return { date, impressions: f.impressions, clicks: f.clicks, money: microsToEuros(f.moneyMicros) };
  });

  const labels = await labelsFor(
    db,
    q.reportBy,
    allRows.map((r) => r.k ?? ''),
  );
  const out: (ReportRow & { micros: bigint })[] = allRows.map((r) => {
    const f = figuresOf(r);
    const key = r.k ?? '';
    return {
      key: labels.key(key),
      label: labels.label(key),
      ...present(f, filteredByKey.get(key)),
      micros: f.moneyMicros,
    };
  });
  if (byDate) out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else out.sort((a, b) => b.impressions - a.impressions || a.label.localeCompare(b.label, 'en'));

  const totals = out.reduce<Figures>(
    (t, r) => ({
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      moneyMicros: t.moneyMicros + r.micros,
    }),
    ZERO,
  );
  return {
    reportBy: q.reportBy,
    startDate: q.startDate,
    endDate: q.endDate,
    rows: out.map(({ micros: _, ...row }) => row),
    totals: present(totals, {
      impressions: filtered.reduce((n, f) => n + f.impressions, 0),
      clicks: filtered.reduce((n, f) => n + f.clicks, 0),
    }),
    daily,
    filtered,
  } satisfies Report;
}

/** Keys and labels of a dimension's values (one small lookup for campaigns and zones). */
async function labelsFor(db: DbOrTx, by: ReportBy, keys: string[]) {
  const same = { key: (k: string) => k, label: (k: string) => k };
  switch (by) {
    case ReportBy.Date:
      return { key: (k: string) => k, label: (k: string) => formatDay(k) };
    case ReportBy.Country:
      return { key: (k: string) => k, label: (k: string) => (k === 'XX' ? 'Unknown' : (COUNTRY_NAMES.get(k) ?? k)) };
    case ReportBy.Campaign: {
      const ids = keys.map(Number);
      const names = ids.length
        ? await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, ids))
        : [];
      const byId = new Map(names.map((n) => [String(n.id), n.name]));
      return { key: (k: string) => k, label: (k: string) => byId.get(k) ?? `#${k}` };
    }
    case ReportBy.Zone: {
      const ids = keys.map(Number);
      const found = ids.length
        ? await db
            .select({ id: zones.id, unique: zones.unique, alias: zones.alias, domain: websites.domain })
            .from(zones)
            .innerJoin(websites, eq(websites.id, zones.websiteId))
            .where(inArray(zones.id, ids))
        : [];
      const byId = new Map(found.map((z) => [String(z.id), z]));
      return {
        key: (k: string) => byId.get(k)?.unique ?? k,
        label: (k: string) => {
          const z = byId.get(k);
          return z ? `${z.alias} · ${z.domain}` : `#${k}`;
        },
      };
    }
    default:
      return same;
  }
}

/** Optimisation and Performance are about exactly one campaign of an advertiser. */
function oneCampaign(scope: Scope): number {
  if (scope.role !== 'advertiser') throw badRequest(M.oneCampaign);
  const [id, ...rest] = scope.campaignIds ?? [];
  if (id === undefined || rest.length > 0) throw badRequest(M.oneCampaign);
  return id;
}

/** group=zone: the zones that showed the campaign in the period (spec 002 §3). */
async function optimization(
  db: DbOrTx,
  scope: Scope,
  period: ReturnType<typeof checkPeriod>,
): Promise<OptimizationReport> {
  oneCampaign(scope);
  const rows = await rowsOf<{
    unique: string | null;
    domain: string | null;
    format: number | string | null;
    impressions: string;
    clicks: string;
    money: string;
    f_impressions: string;
    f_clicks: string;
  }>(
    db,
    // Zones with filtered traffic only are rows too (full join).
    sql`select z.unique, w.domain, z.format, coalesce(s.impressions, '0') as impressions,
          coalesce(s.clicks, '0') as clicks, coalesce(s.money, '0') as money,
          coalesce(f.impressions, '0') as f_impressions, coalesce(f.clicks, '0') as f_clicks
        from (select zone_id, sum(impressions)::text as impressions, sum(clicks)::text as clicks,
                     sum(${scope.money})::text as money
              from stats_hourly
              where ${scope.filter} and hour >= ${period.from.toISOString()}::timestamptz
                and hour < ${period.to.toISOString()}::timestamptz
              group by zone_id) s
        full join (select zone_id, sum(impressions)::text as impressions, sum(clicks)::text as clicks
              from filtered_hourly
              where ${scope.filter} and hour >= ${period.from.toISOString()}::timestamptz
                and hour < ${period.to.toISOString()}::timestamptz
              group by zone_id) f on f.zone_id = s.zone_id
        left join zones z on z.id = coalesce(s.zone_id, f.zone_id)
        left join websites w on w.id = z.website_id
        order by coalesce(s.impressions, '0')::bigint desc, z.unique`,
  );
  return {
    rows: rows.map((r) => {
      const f = figuresOf(r);
      return {
        id: r.unique ?? '',
        website: r.domain ?? '',
        type: AD_FORMAT_LABELS[Number(r.format) as AdFormat] ?? '',
        impressions: f.impressions,
        clicks: f.clicks,
        ctr: ctrOf(f.impressions, f.clicks),
        money: microsToEuros(f.moneyMicros),
        filteredImpressions: Number(r.f_impressions),
        filteredClicks: Number(r.f_clicks),
      };
    }),
  };
}

/** group=performance: the campaign's raw events of the period, newest first. */
async function performance(
  db: DbOrTx,
  scope: Scope,
  period: ReturnType<typeof checkPeriod>,
  retentionDays: number,
): Promise<PerformanceReport> {
  oneCampaign(scope);
  const rows = await rowsOf<{
    at: string | Date;
    kind: number | string;
    country: string;
    os: string;
    browser: string;
    unique: string | null;
    domain: string | null;
    format: number | string | null;
  }>(
    db,
    sql`select e.at, e.kind, e.country, e.os, e.browser, z.unique, w.domain, z.format
        from (select * from ad_events
              where ${scope.filter} and at >= ${period.from.toISOString()}::timestamptz
                and at < ${period.to.toISOString()}::timestamptz
              order by at desc, id desc
              limit ${PERFORMANCE_ROWS_MAX + 1}) e
        left join zones z on z.id = e.zone_id
        left join websites w on w.id = z.website_id
        order by e.at desc, e.id desc`,
  );
  const truncated = rows.length > PERFORMANCE_ROWS_MAX;
  return {
    rows: rows.slice(0, PERFORMANCE_ROWS_MAX).map((r) => {
      const at = new Date(r.at).toISOString();
      return {
        zone: r.unique ?? '',
        website: r.domain ?? '',
        type: AD_FORMAT_LABELS[Number(r.format) as AdFormat] ?? '',
        event: Number(r.kind) === 2 ? 'Click' : 'Impression',
        country: r.country === 'XX' ? 'Unknown' : (COUNTRY_NAMES.get(r.country) ?? r.country),
        browser: r.browser,
        os: r.os,
        date: at.slice(0, 10),
        time: at.slice(11, 19),
      };
    }),
    truncated,
    retentionDays,
  };
}

/** GET /reports/{campaignIds}/{websiteId | zone/{zoneId}}. */
export async function getReport(
  ctx: AppContext,
  user: UserRow,
  target: ReportTarget,
  q: ReportQuery,
  now: Date = new Date(),
): Promise<Report | OptimizationReport | PerformanceReport> {
  const period = checkPeriod(q.startDate, q.endDate, now);
  const scope = await resolveScope(ctx.db, user, target);
  if (q.group === ReportGroup.Zone) return optimization(ctx.db, scope, period);
  if (q.group === ReportGroup.Performance)
    return performance(ctx.db, scope, period, ctx.config.delivery.eventRetentionDays);
  return report(ctx.db, scope, q, period);
}

// ---------------------------------------------------------------- list figures

export type ListFigures = { impressions: number; clicks: number; spent: number; ctr: number };
export const NO_FIGURES: ListFigures = { impressions: 0, clicks: 0, spent: 0, ctr: 0 };

const listFigures = (f: Figures): ListFigures => ({
  impressions: f.impressions,
  clicks: f.clicks,
  spent: microsToEuros(f.moneyMicros),
  ctr: ctrOf(f.impressions, f.clicks),
});

/** Lifetime figures of campaigns for their lists, in one grouped query over the daily totals. */
export async function campaignFigures(db: DbOrTx, campaignIds: number[]): Promise<Map<number, ListFigures>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number | string; impressions: string; clicks: string; money: string }>(
    db,
    sql`select campaign_id as id, sum(impressions)::text as impressions, sum(clicks)::text as clicks,
          sum(cost_micros)::text as money
        from campaign_spend_daily where campaign_id = any(${intArray(campaignIds)}::int[])
        group by campaign_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), listFigures(figuresOf(r))]));
}

/**
 * Lifetime figures (earnings as `spent`) of a publisher's websites, in one grouped query; of
 * one of them with `websiteId` (the detail answers the same figures as the list).
 */
export async function websiteFigures(
  db: DbOrTx,
  publisherId: number,
  websiteId?: number,
): Promise<Map<number, ListFigures>> {
  const rows = await rowsOf<{ id: number | string; impressions: string; clicks: string; money: string }>(
    db,
    // Lifetime totals from the recorder's per-day counters (a big publisher has millions of rollup rows).
    sql`select d.website_id as id, sum(d.impressions)::text as impressions, sum(d.clicks)::text as clicks,
          sum(d.earnings_micros)::text as money
        from website_earnings_daily d join websites w on w.id = d.website_id
        where w.owner_id = ${publisherId}${websiteId === undefined ? sql`` : sql` and d.website_id = ${websiteId}`}
        group by d.website_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), listFigures(figuresOf(r))]));
}

import { eq, type SQL, sql } from 'drizzle-orm';
import { AD_FORMAT_LABELS, type AdFormat } from '@cryptads/contract/campaigns';
import { DAY_MS, formatDay, isoDay } from '@cryptads/contract/dates';
import { FILTER_REASON_LABELS, type FilterReason } from '@cryptads/contract/delivery';
import { perUnitMicros, roasOf } from '@cryptads/contract/money';
import type { Served } from '@cryptads/contract/money-schema';
import {
  ADVERTISER_REPORT_BY,
  COMMON_REPORT_BY,
  type OptimizationReportSchema,
  PERFORMANCE_ROWS_MAX,
  type PerformanceReport,
  REPORT_MESSAGES as M,
  ReportBy,
  type ReportQuery,
  type ReportRowSchema,
  type ReportSchema,
} from '@cryptads/contract/reports';
import { COUNTRIES } from '../../data/countries';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { websites, zones } from '../../db/schema/websites';
import { badRequest } from '../../lib/errors';
import { ctrOf, type Figures, type Filtered, figuresOf, intArray, present, rowsOf, ZERO } from './figures';
import type { checkPeriod, Scope } from './scope';

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

// ---------------------------------------------------------------- reports

/** The dimension as a SQL expression over stats_hourly (and the tables named as it). */
const DIMENSIONS: Record<ReportBy, string> = {
  date: `(hour at time zone 'UTC')::date`,
  country: 'country',
  device: 'device',
  os: 'os',
  browser: 'browser',
  campaign: 'campaign_id',
  zone: 'zone_id',
};

/**
 * Where a report's billed figures come from (docs/decisions/052-reports-at-scale.md): the daily
 * rollup stats_daily when the period is whole UTC days, the hourly one otherwise. Both are
 * written in the same transaction and answer the same figures; a day of a big account is about
 * half as many daily rows, read from a table a third of the size.
 */
export type Rollup = 'daily' | 'hourly';

type Period = ReturnType<typeof checkPeriod>;

const ROLLUPS: Record<Rollup, { table: SQL; day: string; range: (p: Period) => SQL }> = {
  hourly: {
    table: sql.raw('stats_hourly'),
    day: DIMENSIONS.date,
    range: (p) => sql`hour >= ${p.from.toISOString()}::timestamptz and hour < ${p.to.toISOString()}::timestamptz`,
  },
  daily: {
    table: sql.raw('stats_daily'),
    day: 'day',
    range: (p) => sql`day >= ${isoDay(p.from)}::date and day < ${isoDay(p.to)}::date`,
  },
};

/** The daily rollup when the period starts and ends at UTC midnights (checkPeriod's always do). */
export const rollupFor = (p: Period): Rollup =>
  p.from.getTime() % DAY_MS === 0 && p.to.getTime() % DAY_MS === 0 ? 'daily' : 'hourly';

/** The dimension as a SQL expression over a rollup (its day column differs). */
const dimensionOf = (rollup: Rollup, by: ReportBy) =>
  sql.raw(by === ReportBy.Date ? ROLLUPS[rollup].day : DIMENSIONS[by]);

/** The rollup's device codes (0: hours recorded before it kept the device). */
const DEVICE_KEYS: Record<string, string> = { '1': 'desktop', '2': 'mobile' };
const DEVICE_LABELS: Record<string, string> = { '1': 'Desktop', '2': 'Mobile' };

type AggRow = {
  g: number | string;
  k: string | null;
  impressions: string;
  clicks: string;
  money: string;
  measured: string;
  viewable: string;
};

/**
 * group=report: one scan of the rollup with GROUPING SETS gives both the rows of the
 * dimension and the per-day series for the chart.
 */
export async function report(
  db: DbOrTx,
  scope: Scope,
  q: ReportQuery,
  period: Period,
  rollup: Rollup = rollupFor(period),
) {
  const allowed = scope.role === 'advertiser' ? ADVERTISER_REPORT_BY : COMMON_REPORT_BY;
  if (!allowed.includes(q.reportBy)) throw badRequest(M.invalidReportBy);
  // Filtered traffic and conversions are hourly tables (their columns named as stats_hourly's).
  const day = sql.raw(DIMENSIONS.date);
  const dim = sql.raw(DIMENSIONS[q.reportBy]);
  const where = sql`${scope.filter} and ${ROLLUPS.hourly.range(period)}`;
  const billed = ROLLUPS[rollup];
  const bDay = sql.raw(billed.day);
  const bDim = dimensionOf(rollup, q.reportBy);
  const bWhere = sql`${scope.filter} and ${billed.range(period)}`;
  const sums = sql`sum(impressions)::text as impressions, sum(clicks)::text as clicks, sum(${scope.money})::text as money,
    sum(measured_impressions)::text as measured, sum(viewable_impressions)::text as viewable`;
  const byDate = q.reportBy === ReportBy.Date;
  const rows = await rowsOf<AggRow>(
    db,
    byDate
      ? sql`select 0 as g, to_char(${bDay}, 'YYYY-MM-DD') as k, ${sums} from ${billed.table} where ${bWhere} group by ${bDay}`
      : sql`select grouping(${bDim}) as g,
              case when grouping(${bDim}) = 0 then ${bDim}::text else to_char(${bDay}, 'YYYY-MM-DD') end as k, ${sums}
            from ${billed.table} where ${bWhere}
            group by grouping sets ((${bDim}), (${bDay}))`,
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
  // Conversions (advertisers only, docs/decisions/044): same filter and dimension over the
  // conversions table, whose columns are named as the rollup's; test conversions never count.
  const converted =
    scope.role === 'advertiser'
      ? new Map(
          (
            await rowsOf<{ k: string | null; conversions: string; value: string }>(
              db,
              sql`select ${fKey} as k, count(*)::text as conversions, coalesce(sum(value_micros), 0)::text as value
                  from conversions where ${where} and not test group by ${byDate ? day : dim}`,
            )
          ).map((r) => [r.k ?? '', { count: Number(r.conversions), valueMicros: BigInt(r.value) }]),
        )
      : null;
  // A key with filtered traffic or conversions only (a zone that sent nothing billable) is a row too.
  const billedKeys = new Set(dimRows.map((r) => r.k ?? ''));
  const extraKeys = new Set([...filteredByKey.keys(), ...(converted?.keys() ?? [])].filter((k) => !billedKeys.has(k)));
  const allRows = [
    ...dimRows,
    ...[...extraKeys].map((k) => ({
      g: 0,
      k,
      impressions: '0',
      clicks: '0',
      money: '0',
      measured: '0',
      viewable: '0',
    })),
  ];

  const perDay = new Map(dayRows.map((r) => [r.k ?? '', figuresOf(r)]));
  const daily = period.days.map((date) => {
    const f = perDay.get(date) ?? ZERO;
    return { date, impressions: f.impressions, clicks: f.clicks, money: f.moneyMicros };
  });

  const labels = await labelsFor(
    db,
    q.reportBy,
    allRows.map((r) => r.k ?? ''),
  );
  const out: (Served<typeof ReportRowSchema> & { micros: bigint; valueMicros: bigint })[] = allRows.map((r) => {
    const f = figuresOf(r);
    const key = r.k ?? '';
    const c = converted ? (converted.get(key) ?? NO_CONVERSIONS) : null;
    return {
      key: labels.key(key),
      label: labels.label(key),
      ...present(f, filteredByKey.get(key)),
      ...(c ? conversionFigures(f, c) : {}),
      micros: f.moneyMicros,
      valueMicros: c?.valueMicros ?? 0n,
    };
  });
  if (byDate) out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else out.sort((a, b) => b.impressions - a.impressions || a.label.localeCompare(b.label, 'en'));

  const totals = out.reduce<Figures>(
    (t, r) => ({
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      moneyMicros: t.moneyMicros + r.micros,
      measured: t.measured + r.measuredImpressions,
      viewable: t.viewable + r.viewableImpressions,
    }),
    ZERO,
  );
  return {
    reportBy: q.reportBy,
    startDate: q.startDate,
    endDate: q.endDate,
    rows: out.map(({ micros: _, valueMicros: __, ...row }) => row),
    totals: {
      ...present(totals, {
        impressions: filtered.reduce((n, f) => n + f.impressions, 0),
        clicks: filtered.reduce((n, f) => n + f.clicks, 0),
      }),
      ...(converted
        ? conversionFigures(totals, {
            count: out.reduce((n, r) => n + (r.conversions ?? 0), 0),
            valueMicros: out.reduce((n, r) => n + r.valueMicros, 0n),
          })
        : {}),
    },
    daily,
    filtered,
  } satisfies Served<typeof ReportSchema>;
}

type Converted = { count: number; valueMicros: bigint };
const NO_CONVERSIONS: Converted = { count: 0, valueMicros: 0n };

/** An advertiser's conversion figures of a row: count, rate, cost per conversion and value (micro-euros), ROAS. */
export function conversionFigures(f: Figures, c: Converted) {
  return {
    conversions: c.count,
    conversionRate: ctrOf(f.clicks, c.count),
    costPerConversion: perUnitMicros(f.moneyMicros, c.count),
    conversionValue: c.valueMicros,
    roas: roasOf(c.valueMicros, f.moneyMicros),
  };
}

/** Keys and labels of a dimension's values (one small lookup for campaigns and zones). */
async function labelsFor(db: DbOrTx, by: ReportBy, keys: string[]) {
  const same = { key: (k: string) => k, label: (k: string) => k };
  switch (by) {
    case ReportBy.Date:
      return { key: (k: string) => k, label: (k: string) => formatDay(k) };
    case ReportBy.Country:
      return { key: (k: string) => k, label: (k: string) => (k === 'XX' ? 'Unknown' : (COUNTRY_NAMES.get(k) ?? k)) };
    case ReportBy.Device:
      return { key: (k: string) => DEVICE_KEYS[k] ?? 'unknown', label: (k: string) => DEVICE_LABELS[k] ?? 'Unknown' };
    case ReportBy.Campaign: {
      const ids = keys.map(Number);
      const names = ids.length
        ? await db
            .select({ id: campaigns.id, name: campaigns.name })
            .from(campaigns)
            .where(sql`${campaigns.id} = any(${intArray(ids)}::int[])`)
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
            // One array parameter: a big advertiser's month can name thousands of zones, and a
            // parameter each cost more to build and plan than the lookup itself.
            .where(sql`${zones.id} = any(${intArray(ids)}::int[])`)
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

/** group=zone: the zones that showed the campaign in the period (docs/product/campaigns.md#optimization). */
export async function optimization(
  db: DbOrTx,
  scope: Scope,
  period: Period,
  rollup: Rollup = rollupFor(period),
): Promise<Served<typeof OptimizationReportSchema>> {
  oneCampaign(scope);
  const billed = ROLLUPS[rollup];
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
              from ${billed.table}
              where ${scope.filter} and ${billed.range(period)}
              group by zone_id) s
        full join (select zone_id, sum(impressions)::text as impressions, sum(clicks)::text as clicks
              from filtered_hourly
              where ${scope.filter} and ${ROLLUPS.hourly.range(period)}
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
        money: f.moneyMicros,
        filteredImpressions: Number(r.f_impressions),
        filteredClicks: Number(r.f_clicks),
      };
    }),
  };
}

/** group=performance: the campaign's raw events of the period, newest first. */
export async function performance(
  db: DbOrTx,
  scope: Scope,
  period: Period,
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

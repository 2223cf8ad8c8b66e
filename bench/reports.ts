// Report benchmark: a 30-day report over millions of hourly rollup rows, timed
// through the real report service (apps/server/src/modules/reports/reports.service.ts).
//
//   node --import tsx bench/reports.ts            # PostgreSQL 10M rows, then PGlite
//   BENCH_TARGET=postgres|pglite                  # only one of them
//   BENCH_ROWS=10000000 BENCH_PGLITE_ROWS=2000000 BENCH_RUNS=100
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a bench_reports database is
//   created there and dropped at the end)
//
// The world: 100 advertisers × 10 campaigns, 40 publishers × 2 websites × 5 zones (400 zones),
// 30 countries, 6 OSes, 6 browsers; rows spread evenly over the last 400 days (≈ 1,040 rows per
// hour). Nothing asserts: it prints p50/p95 per query.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../apps/server/src/context';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import {
  campaignFigures,
  getReport,
  todayStats,
  websiteFigures,
} from '../apps/server/src/modules/reports/reports.service';
import type { UserRow } from '../apps/server/src/modules/sessions/sessions.service';

const ADVERTISERS = 100;
const CAMPAIGNS_PER_ADVERTISER = 10;
const CAMPAIGNS = ADVERTISERS * CAMPAIGNS_PER_ADVERTISER;
const PUBLISHERS = 40;
const ZONES = 400; // 5 per website, 2 websites per publisher
const DAYS = 400;
const HOURS = DAYS * 24;

const target = process.env.BENCH_TARGET ?? 'both';
const runs = Number(process.env.BENCH_RUNS ?? 100);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const day = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const period = { startDate: day(new Date(now.getTime() - 29 * 86_400_000)), endDate: day(now) };
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** Users, campaigns, websites and zones with fixed ids, then `rows` rollup rows and daily totals. */
async function fill(db: Database['db'], rows: number) {
  const t0 = performance.now();
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, type, com)
    select g, 'u' || g || '@bench.example', 'x', 'Bench', 'User', case when g <= ${ADVERTISERS} then 1 else 2 end, 'c' || g
    from generate_series(1, ${ADVERTISERS + PUBLISHERS}) g`);
  await db.execute(sql`insert into campaigns (id, owner_id, name, kind, status, price_micros, landing_url,
      daily_budget_micros, category, permalink)
    select g, (g - 1) / ${CAMPAIGNS_PER_ADVERTISER} + 1, 'Campaign ' || g, 'display',
      case when g % 10 = 0 then 9 else 1 end, 500000, 'https://example.com/', 100000000, 1, 'p' || g
    from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`insert into websites (id, owner_id, domain, url, name, status, verification_token)
    select g, ${ADVERTISERS} + (g - 1) / 2 + 1, 'site' || g || '.example', 'https://site' || g || '.example/',
      'Site ' || g, 1, 't' || g
    from generate_series(1, ${ZONES / 5}) g`);
  await db.execute(sql`insert into zones (id, website_id, "unique", alias, format, size, status)
    select g, (g - 1) / 5 + 1, lpad(to_hex(g), 16, '0'), 'Zone ' || g, 1, '300x250', 1
    from generate_series(1, ${ZONES}) g`);

  // Bulk load without the secondary indexes, then build them: the same definitions as the
  // migration, read back from the catalogue so that the benchmark measures the real schema.
  const defs = (await db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'stats_hourly' and indexname <> 'stats_hourly_pk'`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] };
  for (const d of defs.rows) await db.execute(sql.raw(`drop index ${d.indexname}`));

  const perHour = Math.ceil(rows / HOURS);
  // Row g: hour h = g / perHour, slot i = g % perHour. campaign = (i·337 + h) mod 1000 is a
  // bijection on i < 1000 within one hour; slots i and i+1000 differ by country, so the
  // primary key never collides.
  const chunk = 1_000_000;
  for (let start = 0; start < rows; start += chunk) {
    const end = Math.min(rows, start + chunk) - 1;
    await db.execute(sql`insert into stats_hourly (hour, campaign_id, creative_id, zone_id, website_id,
        advertiser_id, publisher_id, country, os, browser, impressions, clicks, cost_micros, earnings_micros)
      select date_trunc('hour', now()) - (${HOURS - 1} - h) * interval '1 hour',
        c, 0, zn, (zn - 1) / 5 + 1, (c - 1) / ${CAMPAIGNS_PER_ADVERTISER} + 1, ${ADVERTISERS} + (zn - 1) / 10 + 1,
        (array['US','DE','GB','FR','IN','BR','CA','AU','NL','ES','IT','PL','TR','RU','JP','KR','MX','ID','NG','ZA',
               'SE','NO','CH','AT','BE','PT','AR','PH','VN','XX'])[1 + (i + h) % 30],
        (array['Windows','Android','iOS','macOS','Linux','Other'])[1 + (i * 7 + h) % 6],
        (array['Chrome','Safari','Firefox','Edge','Opera','Other'])[1 + (i * 11 + h) % 6],
        imp, imp / 150, imp * 500, imp * 350
      from (select g / ${perHour} as h, g % ${perHour} as i, 20 + (g * 7919) % 400 as imp,
              ((g % ${perHour}) * 337 + g / ${perHour}) % ${CAMPAIGNS} + 1 as c,
              ((g % ${perHour}) * 13 + (g / ${perHour}) * 7) % ${ZONES} + 1 as zn
            from generate_series(${start}::bigint, ${end}::bigint) g) s`);
    process.stdout.write(`  ${end + 1} rows (${seconds(t0)})\n`);
  }
  for (const d of defs.rows) await db.execute(sql.raw(d.indexdef));
  await db.execute(sql`insert into campaign_spend_daily (campaign_id, day, impressions, clicks, cost_micros)
    select campaign_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD'), sum(impressions), sum(clicks), sum(cost_micros)
    from stats_hourly group by 1, 2`);
  await db.execute(sql`analyze`);
  console.log(`  filled ${rows.toLocaleString('en')} rows in ${seconds(t0)}`);
}

type Measure = { name: string; p50: number; p95: number; max: number };

async function time(name: string, fn: (i: number) => Promise<unknown>, n = runs): Promise<Measure> {
  for (let i = 0; i < 3; i++) await fn(i); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0;
  const m = { name, p50: at(0.5), p95: at(0.95), max: at(1) };
  console.log(`  ${name.padEnd(44)} p50 ${m.p50.toFixed(1).padStart(7)} ms  p95 ${m.p95.toFixed(1).padStart(7)} ms`);
  return m;
}

async function measure(database: Database) {
  const ctx = { db: database.db, config: { delivery: { eventRetentionDays: 30 } } } as unknown as AppContext;
  const advertiser = (i: number) => ({ id: (i % ADVERTISERS) + 1, type: 1 }) as UserRow;
  const publisher = (i: number) => ({ id: ADVERTISERS + (i % PUBLISHERS) + 1, type: 2 }) as UserRow;
  const all = { campaignIds: 'all', websiteId: 'all' };
  const q = (reportBy: string) => ({ group: 'report', reportBy, ...period }) as never;
  const out: Measure[] = [];
  out.push(await time('advertiser, 30 days by date', (i) => getReport(ctx, advertiser(i), all, q('date'))));
  out.push(await time('advertiser, 30 days by country', (i) => getReport(ctx, advertiser(i), all, q('country'))));
  out.push(await time('advertiser, 30 days by campaign', (i) => getReport(ctx, advertiser(i), all, q('campaign'))));
  out.push(
    await time('advertiser, 30 days, one campaign, by zone (optim.)', (i) =>
      getReport(ctx, advertiser(i), { campaignIds: String((i % ADVERTISERS) * 10 + 1), websiteId: 'all' }, {
        ...period,
        group: 'zone',
        reportBy: 'date',
      } as never),
    ),
  );
  out.push(await time('publisher, 30 days by date', (i) => getReport(ctx, publisher(i), all, q('date'))));
  out.push(await time('publisher, 30 days by country', (i) => getReport(ctx, publisher(i), all, q('country'))));
  out.push(await time('today card (advertiser)', (i) => todayStats(ctx, advertiser(i))));
  out.push(await time('today card (publisher)', (i) => todayStats(ctx, publisher(i))));
  out.push(
    await time('campaigns list figures (10 campaigns, lifetime)', (i) =>
      campaignFigures(
        ctx.db,
        Array.from({ length: CAMPAIGNS_PER_ADVERTISER }, (_, k) => (i % ADVERTISERS) * 10 + k + 1),
      ),
    ),
  );
  // Lifetime over every row of a publisher (≈ 1/40 of the table): the slow one, fewer runs.
  const few = Math.max(10, Math.round(runs / 5));
  out.push(await time('websites list figures (lifetime)', (i) => websiteFigures(ctx.db, publisher(i).id), few));
  // The candidate fix: a covering index makes it an index-only scan (after VACUUM sets the
  // visibility map, as autovacuum does for hours that no longer change).
  await database.db.execute(
    sql`create index stats_hourly_publisher_website_cover_idx on stats_hourly (publisher_id, website_id) include (impressions, clicks, earnings_micros)`,
  );
  await database.db.execute(sql`vacuum analyze stats_hourly`);
  out.push(await time('websites list figures, covering index', (i) => websiteFigures(ctx.db, publisher(i).id), few));
  return out;
}

async function onPostgres(rows: number) {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query('drop database if exists bench_reports with (force)');
  await admin.query('create database bench_reports');
  const url = new URL(pgBase);
  url.pathname = '/bench_reports';
  console.log(`PostgreSQL (${url.host}), ${rows.toLocaleString('en')} rows`);
  const database = await openDatabase({ url: url.toString() });
  try {
    await fill(database.db, rows);
    return await measure(database);
  } finally {
    await database.close();
    await admin.query('drop database if exists bench_reports with (force)');
    await admin.end();
  }
}

async function onPglite(rows: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-reports-'));
  console.log(`PGlite (${dir}), ${rows.toLocaleString('en')} rows`);
  const database = await openDatabase({ dataDir: dir });
  try {
    await fill(database.db, rows);
    return await measure(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (target !== 'pglite') await onPostgres(Number(process.env.BENCH_ROWS ?? 10_000_000));
if (target !== 'postgres') await onPglite(Number(process.env.BENCH_PGLITE_ROWS ?? 2_000_000));

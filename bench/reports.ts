// Report benchmark: 30-day reports over a hundred million hourly rollup rows, timed through the
// real report service (apps/server/src/modules/reports/reports.service.ts), each beside a plain
// indexed read of a few rows measured in the same run.
//
//   node --import tsx bench/reports.ts            # PostgreSQL, 100M rows
//   BENCH_TARGET=postgres|pglite|both             # default postgres
//   BENCH_ROWS=100000000 BENCH_PGLITE_ROWS=2000000 BENCH_RUNS=60
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a bench_reports database is
//   created there and dropped at the end)
//   BENCH_KEEP=1    leave bench_reports in place at the end (to explore it with psql)
//   BENCH_REUSE=1   measure the bench_reports left by BENCH_KEEP=1 instead of filling a new one
//
// The world, a network a hundred times the size of the 10M-row one (bench/RESULTS.md): ten times
// the accounts, and accounts of unequal size. 1,000 advertisers × 10 campaigns (every tenth
// archived), 400 publishers × 2 websites × 5 zones (4,000 zones), 30 countries, 6 OSes, 6
// browsers, 2 devices; rows spread evenly over the last 400 days (≈ 10,400 per hour).
//   - Large accounts: the first 10 advertisers and the first 4 publishers have 10 % of the rows
//     between them, each ten times what an account had in the 10M world (≈ 104 rows per hour
//     per advertiser, 260 per publisher).
//   - Typical accounts: the other 990 advertisers and 396 publishers share the other 90 %, about
//     what an account had in the 10M world (≈ 9.5 and 24 rows per hour).
// Combinations recur as traffic does: of a large campaign's ≈ 10 rows in an hour, 6 are the same
// combinations (zone, country, OS, browser, device) every hour and the rest come from a long
// tail; a typical campaign's one row per hour is its usual combination every other hour and a
// tail one otherwise. A day's rows therefore fold into about half as many whole-day rows.
// Every report is timed from the hourly rollup (as before) and from the daily one (what the API
// reads for whole UTC days, docs/decisions/052-reports-at-scale.md). Nothing asserts: it prints
// p50/p95 per query and the p95's ratio to the plain read.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../apps/server/src/context';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import {
  campaignFigures,
  getReport,
  type Rollup,
  todayStats,
  websiteFigures,
} from '../apps/server/src/modules/reports/reports.service';
import type { UserRow } from '../apps/server/src/modules/sessions/sessions.service';

const ADVERTISERS = 1000;
const CAMPAIGNS_PER_ADVERTISER = 10;
const CAMPAIGNS = ADVERTISERS * CAMPAIGNS_PER_ADVERTISER;
const PUBLISHERS = 400;
const WEBSITES = PUBLISHERS * 2;
const ZONES = WEBSITES * 5;
const LARGE_ADVERTISERS = 10; // ids 1..10, campaigns 1..100
const LARGE_CAMPAIGNS = LARGE_ADVERTISERS * CAMPAIGNS_PER_ADVERTISER;
const LARGE_PUBLISHERS = 4; // users 1001..1004, websites 1..8, zones 1..40
const LARGE_ZONES = LARGE_PUBLISHERS * 10;
/** Per large campaign and hour: this many rows are the campaign's usual combinations. */
const HEAD = 6;
/** Long-tail combinations per campaign (a day draws from them without repeating). */
const TAIL = 600;
const DAYS = 400;
const HOURS = DAYS * 24;

const target = process.env.BENCH_TARGET ?? 'postgres';
const runs = Number(process.env.BENCH_RUNS ?? 60);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keep = process.env.BENCH_KEEP === '1';
const reuse = process.env.BENCH_REUSE === '1';

const day = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const period = { startDate: day(new Date(now.getTime() - 29 * 86_400_000)), endDate: day(now) };
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

type Exec = (query: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Users, campaigns, websites and zones with fixed ids, then `rows` rollup rows (whole hours),
 * the per-day counters the lists read, and the secondary indexes built after the load.
 */
async function fill(exec: Exec, rows: number) {
  const t0 = performance.now();
  // One backend, no parallel workers (a shared machine); a commit need not wait for the disk.
  await exec(`set synchronous_commit = off`);
  await exec(`set maintenance_work_mem = '1GB'`);
  await exec(`set max_parallel_maintenance_workers = 0`);
  await exec(`set max_parallel_workers_per_gather = 0`);
  await exec(`insert into users (id, email, password_hash, first_name, last_name, type, com)
    select g, 'u' || g || '@bench.example', 'x', 'Bench', 'User', case when g <= ${ADVERTISERS} then 1 else 2 end, 'c' || g
    from generate_series(1, ${ADVERTISERS + PUBLISHERS}) g`);
  await exec(`insert into campaigns (id, owner_id, name, kind, status, price_micros, landing_url,
      daily_budget_micros, category, permalink)
    select g, (g - 1) / ${CAMPAIGNS_PER_ADVERTISER} + 1, 'Campaign ' || g, 'display',
      case when g % 10 = 0 then 9 else 1 end, 500000, 'https://example.com/', 100000000, 1, 'p' || g
    from generate_series(1, ${CAMPAIGNS}) g`);
  await exec(`insert into websites (id, owner_id, domain, url, name, status, verification_token)
    select g, ${ADVERTISERS} + (g - 1) / 2 + 1, 'site' || g || '.example', 'https://site' || g || '.example/',
      'Site ' || g, 1, 't' || g
    from generate_series(1, ${WEBSITES}) g`);
  await exec(`insert into zones (id, website_id, "unique", alias, format, size, status)
    select g, (g - 1) / 5 + 1, lpad(to_hex(g), 16, '0'), 'Zone ' || g, 1, '300x250', 1
    from generate_series(1, ${ZONES}) g`);

  // Bulk load without the primary key and the secondary indexes, then build them: the same
  // definitions as the migrations, read back from the catalogue so that the benchmark
  // measures the real schema.
  const tables = ['stats_hourly', 'stats_daily'];
  const present = new Set(
    (await exec(`select tablename from pg_tables where tablename = any($1)`, [tables])).rows.map((r) => r.tablename),
  );
  const daily = present.has('stats_daily');
  const rebuild: string[] = [];
  for (const table of tables.filter((t) => present.has(t))) {
    const pk = (
      await exec(
        `select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'p'`,
        [table],
      )
    ).rows[0] as { conname: string; def: string };
    const defs = (
      await exec(`select indexname, indexdef from pg_indexes where tablename = $1 and indexname <> $2`, [
        table,
        pk.conname,
      ])
    ).rows as { indexname: string; indexdef: string }[];
    for (const d of defs) await exec(`drop index ${d.indexname}`);
    await exec(`alter table ${table} drop constraint ${pk.conname}`);
    rebuild.push(`alter table ${table} add constraint ${pk.conname} ${pk.def}`, ...defs.map((d) => d.indexdef));
  }

  const perHour = Math.round(rows / HOURS);
  const large = Math.round(perHour / 10);
  const typical = perHour - large;
  const typicalCampaigns = CAMPAIGNS - LARGE_CAMPAIGNS;
  if (Math.ceil(typical / typicalCampaigns) > 16 || large / LARGE_CAMPAIGNS - HEAD > TAIL / 24)
    throw new Error(`BENCH_ROWS ${rows}: too many rows per campaign and hour for this world`);
  const [{ base }] = (await exec(`select date_trunc('hour', now()) as base`)).rows as [{ base: Date }];
  // Row g: hour h = g / perHour, slot i. Slots below `large` belong to the large
  // advertisers' 100 campaigns (j: the row's rank among its campaign's rows of the hour), the
  // others to the typical campaigns, rotating so that each has about one row per hour. m is the
  // combination's number within its campaign: below 16 the usual ones, above a long-tail one
  // that a day does not repeat. (country, os, browser, device) is a bijection of m for one
  // campaign, so the primary key never collides; the zone follows (campaign, m), a tenth of
  // them on the large publishers' 40 zones.
  // Within an hour the slots come in a scrambled order (i = k·7919 mod perHour, a bijection), as
  // the recorder's batches write every account's rows of an hour interleaved.
  if (perHour % 7919 === 0) throw new Error(`BENCH_ROWS ${rows}: choose another count`);
  const slots = `select g, g / ${perHour} as h, (g % ${perHour}) * 7919 % ${perHour} as i from generate_series($1::bigint, $2::bigint) g`;
  const campaignsOf = `select g, h, i < ${large} as big,
      case when i < ${large} then 1 + (i + h * ${large}) % ${LARGE_CAMPAIGNS}
        else ${LARGE_CAMPAIGNS + 1} + (i - ${large} + h * ${typical}) % ${typicalCampaigns} end as c,
      case when i < ${large} then i / ${LARGE_CAMPAIGNS} else (i - ${large}) / ${typicalCampaigns} end as j
    from (${slots}) s`;
  const combos = `select g, h, c, case
      when big and j < ${HEAD} then j
      when not big and (h + c + j) % 2 = 0 then j
      else 16 + ((case when big then j - ${HEAD} else j end) + h * 7) % ${TAIL} end as m
    from (${campaignsOf}) s`;
  const generated = `select $3::timestamptz - (${HOURS - 1} - h) * interval '1 hour' as hour, c::int as c, t, u, g,
      20 + (g * 7919) % 400 as imp
    from (select g, h, c, (m * 1009 + c * 7) % 2160 as t, (c * 7919 + m * 104729) % 1000003 as u from (${combos}) s) s`;
  const insert = `insert into stats_hourly (hour, campaign_id, creative_id, zone_id, website_id,
        advertiser_id, publisher_id, country, os, browser, device, impressions, clicks, cost_micros, earnings_micros)
      select hour, c, 0, zn, (zn - 1) / 5 + 1, (c - 1) / ${CAMPAIGNS_PER_ADVERTISER} + 1, ${ADVERTISERS} + (zn - 1) / 10 + 1,
        (array['US','DE','GB','FR','IN','BR','CA','AU','NL','ES','IT','PL','TR','RU','JP','KR','MX','ID','NG','ZA',
               'SE','NO','CH','AT','BE','PT','AR','PH','VN','XX'])[1 + t % 30],
        (array['Windows','Android','iOS','macOS','Linux','Other'])[1 + (t / 30) % 6],
        (array['Chrome','Safari','Firefox','Edge','Opera','Other'])[1 + (t / 180) % 6],
        1 + t / 1080, imp, imp / 150, imp * 500, imp * 350
      from (select *, case when u % 10 = 0 then 1 + (u / 10) % ${LARGE_ZONES}
                      else ${LARGE_ZONES + 1} + (u / 10) % ${ZONES - LARGE_ZONES} end::int as zn
            from (${generated}) s) s
      returning hour, campaign_id, creative_id, zone_id, website_id, advertiser_id, publisher_id, country, os, browser,
        device, impressions, clicks, cost_micros, earnings_micros`;
  const utcDay = `to_char(hour at time zone 'UTC', 'YYYY-MM-DD')`;
  // Whole UTC days per statement (ten of them), so that no per-day counter spans two.
  const hour0 = new Date(base).getTime() - (HOURS - 1) * 3_600_000;
  const firstDayHours = 24 - new Date(hour0).getUTCHours();
  const bounds: number[] = [0];
  for (let h = firstDayHours; h < HOURS; h += 240) bounds.push(h);
  bounds.push(HOURS);
  for (let k = 0; k + 1 < bounds.length; k++) {
    const from = (bounds[k] ?? 0) * perHour;
    const to = (bounds[k + 1] ?? 0) * perHour - 1;
    await exec(
      `with ins as (${insert}),
        c as (insert into campaign_spend_daily (campaign_id, day, impressions, clicks, cost_micros)
              select campaign_id, ${utcDay}, sum(impressions), sum(clicks), sum(cost_micros) from ins group by 1, 2),
        ${
          daily
            ? `d as (insert into stats_daily (day, campaign_id, creative_id, zone_id, website_id, advertiser_id,
                   publisher_id, country, os, browser, device, impressions, clicks, cost_micros, earnings_micros)
                 select (hour at time zone 'UTC')::date, campaign_id, creative_id, zone_id, min(website_id),
                   min(advertiser_id), min(publisher_id), country, os, browser, device, sum(impressions), sum(clicks),
                   sum(cost_micros), sum(earnings_micros)
                 from ins group by 1, 2, 3, 4, 8, 9, 10, 11),`
            : ''
        }
        w as (insert into website_earnings_daily (website_id, day, impressions, clicks, earnings_micros)
              select website_id, ${utcDay}, sum(impressions), sum(clicks), sum(earnings_micros) from ins group by 1, 2)
      select count(*) from ins`,
      [from, to, base],
    );
    process.stdout.write(`  ${(to + 1).toLocaleString('en')} rows (${seconds(t0)}, load ${load()})\n`);
  }
  const t1 = performance.now();
  for (const statement of rebuild) await exec(statement);
  console.log(`  primary keys and indexes built in ${seconds(t1)}`);
  const t2 = performance.now();
  // As autovacuum would for hours that no longer change: statistics and the visibility map.
  await exec(`vacuum analyze`);
  console.log(`  vacuum analyze in ${seconds(t2)}`);
  console.log(`  filled ${(perHour * HOURS).toLocaleString('en')} rows in ${seconds(t0)}`);
}

async function sizes(exec: Exec) {
  const { rows } = await exec(`select c.relname as name, c.reltuples::bigint as rows,
      pg_size_pretty(pg_table_size(c.oid)) as heap, pg_size_pretty(pg_indexes_size(c.oid)) as indexes
    from pg_class c where c.relkind in ('r', 'p') and c.relname in ('stats_hourly', 'stats_daily', 'campaign_spend_daily', 'website_earnings_daily')
    order by c.relname`);
  for (const r of rows)
    console.log(
      `  ${String(r.name).padEnd(24)} ${String(r.rows).padStart(12)} rows  heap ${r.heap}, indexes ${r.indexes}`,
    );
  const [db] = (await exec(`select pg_size_pretty(pg_database_size(current_database())) as size`)).rows;
  console.log(`  database ${db?.size}`);
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
  console.log(`  ${name.padEnd(58)} p50 ${m.p50.toFixed(1).padStart(7)} ms  p95 ${m.p95.toFixed(1).padStart(7)} ms`);
  return m;
}

async function measure(database: Database) {
  const ctx = { db: database.db, config: { delivery: { eventRetentionDays: 30 } } } as unknown as AppContext;
  // Rotating over the large accounts, or over the typical ones (a prime stride across them).
  const advertiser = (size: 'large' | 'typical', i: number) =>
    ({
      id:
        size === 'large'
          ? (i % LARGE_ADVERTISERS) + 1
          : LARGE_ADVERTISERS + 1 + ((i * 37) % (ADVERTISERS - LARGE_ADVERTISERS)),
      type: 1,
    }) as UserRow;
  const publisher = (size: 'large' | 'typical', i: number) =>
    ({
      id:
        ADVERTISERS +
        (size === 'large'
          ? (i % LARGE_PUBLISHERS) + 1
          : LARGE_PUBLISHERS + 1 + ((i * 37) % (PUBLISHERS - LARGE_PUBLISHERS))),
      type: 2,
    }) as UserRow;
  const all = { campaignIds: 'all', websiteId: 'all' };
  const q = (reportBy: string) => ({ group: 'report', reportBy, ...period });
  const out: Measure[] = [];

  // The plain indexed read: this hour's rows of one typical advertiser (about ten), through the
  // same driver and pool as the reports.
  const hourNow = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const baseline = await time('plain indexed read (one advertiser, this hour)', (i) =>
    database.db.execute(sql`select hour, campaign_id, zone_id, impressions, clicks, cost_micros from stats_hourly
      where advertiser_id = ${advertiser('typical', i).id} and hour >= ${hourNow}::timestamptz`),
  );
  out.push(baseline);
  const report = (user: UserRow, target: object, query: object, rollup: Rollup) =>
    getReport(ctx, user, target as never, query as never, new Date(), rollup);
  for (const size of ['large', 'typical'] as const) {
    const adv = (i: number) => advertiser(size, i);
    const pub = (i: number) => publisher(size, i);
    // Each report from the hourly rollup (before) and from the daily one (what the API reads).
    for (const rollup of ['hourly', 'daily'] as const) {
      for (const by of ['date', 'country', 'campaign', 'zone', 'device', 'os', 'browser'])
        out.push(await time(`${size} advertiser, by ${by} (${rollup})`, (i) => report(adv(i), all, q(by), rollup)));
      out.push(
        await time(`${size} advertiser, one campaign, optimisation (${rollup})`, (i) =>
          report(
            adv(i),
            { campaignIds: String((adv(i).id - 1) * 10 + 1), websiteId: 'all' },
            { ...period, group: 'zone', reportBy: 'date' },
            rollup,
          ),
        ),
      );
      for (const by of ['date', 'country', 'device', 'os', 'browser'])
        out.push(await time(`${size} publisher, by ${by} (${rollup})`, (i) => report(pub(i), all, q(by), rollup)));
    }
    out.push(await time(`${size} advertiser, today card`, (i) => todayStats(ctx, adv(i))));
    out.push(await time(`${size} publisher, today card`, (i) => todayStats(ctx, pub(i))));
    out.push(
      await time(`${size} advertiser, campaigns list figures (lifetime)`, (i) =>
        campaignFigures(
          ctx.db,
          Array.from({ length: CAMPAIGNS_PER_ADVERTISER }, (_, k) => (adv(i).id - 1) * 10 + k + 1),
        ),
      ),
    );
    out.push(
      await time(`${size} publisher, websites list figures (lifetime)`, (i) => websiteFigures(ctx.db, pub(i).id)),
    );
  }
  console.log(`\n| query (30 days unless said) | p50 | p95 | p95 / plain read p95 |\n|---|---|---|---|`);
  for (const m of out)
    console.log(
      `| ${m.name} | ${m.p50.toFixed(1)} ms | ${m.p95.toFixed(1)} ms | ${(m.p95 / baseline.p95).toFixed(1)}× |`,
    );
  return out;
}

async function onPostgres(rows: number) {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  const url = new URL(pgBase);
  url.pathname = '/bench_reports';
  if (!reuse) {
    await admin.query('drop database if exists bench_reports with (force)');
    await admin.query('create database bench_reports');
  }
  console.log(`PostgreSQL (${url.host}), ${rows.toLocaleString('en')} rows, load ${load()}`);
  // Migrating an existing database (BENCH_REUSE) times the migrations that were new to it.
  const t0 = performance.now();
  const database = await openDatabase({ url: url.toString() });
  console.log(`  opened and migrated in ${seconds(t0)}`);
  const filler = new pg.Client({ connectionString: url.toString(), application_name: 'bench-reports-fill' });
  await filler.connect();
  const exec: Exec = (query, params) => filler.query(query, params as unknown[]);
  try {
    if (!reuse) await fill(exec, rows);
    else {
      // A database filled before the daily rollup existed: the migration has just folded it.
      const t1 = performance.now();
      await exec(`vacuum analyze`);
      console.log(`  vacuum analyze in ${seconds(t1)}`);
    }
    await sizes(exec);
    console.log(`  measuring, load ${load()}`);
    const out = await measure(database);
    console.log(`  done, load ${load()}`);
    return out;
  } finally {
    await filler.end();
    await database.close();
    if (!keep) await admin.query('drop database if exists bench_reports with (force)');
    await admin.end();
  }
}

async function onPglite(rows: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-reports-'));
  console.log(`PGlite (${dir}), ${rows.toLocaleString('en')} rows`);
  const database = await openDatabase({ dataDir: dir });
  const exec: Exec = async (query, params) =>
    (await database.db.execute(
      // PGlite's one session: parameters inlined as literals (numbers, a timestamp and a list of names).
      sql.raw(
        query.replace(/\$(\d+)(::[a-z[\]]+)?/g, (_, n: string, cast = '') => {
          const v = params?.[Number(n) - 1];
          const lit = Array.isArray(v)
            ? `array[${v.map((x) => `'${x}'`).join(',')}]`
            : v instanceof Date
              ? `'${v.toISOString()}'`
              : typeof v === 'string' && !/^\d+$/.test(v)
                ? `'${v}'`
                : String(v);
          return `${lit}${cast}`;
        }),
      ),
    )) as unknown as { rows: Record<string, unknown>[] };
  try {
    await fill(exec, rows);
    await sizes(exec);
    return await measure(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (target !== 'pglite') await onPostgres(Number(process.env.BENCH_ROWS ?? 100_000_000));
if (target !== 'postgres') await onPglite(Number(process.env.BENCH_PGLITE_ROWS ?? 2_000_000));

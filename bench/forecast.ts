// Forecast benchmark: POST /campaigns/forecast's service (forecastFor) over a realistic
// traffic_hourly and 1,000 running campaigns, beside a plain indexed query of the same window,
// each run twice.
//
//   node --import tsx bench/forecast.ts
//   BENCH_RUNS=30 BENCH_CELLS=2000 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//   (a bench_forecast database is created there and dropped at the end)
//
// The world: 30 days × 24 hours × BENCH_CELLS populated cells an hour (format × country ×
// device × os × browser of 7 × 30 × 2 × 6 × 6), 1,000 Delivering campaigns with 30 days of
// daily totals. Nothing asserts: it prints p50/p95/max per measure.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { forecastFor } from '../apps/server/src/modules/forecasts/forecasts.service';
import { ForecastRequestSchema } from '../packages/contract/src/forecasts';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const cellsPerHour = Number(process.env.BENCH_CELLS ?? 2000);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function fill(db: Database['db']) {
  const t0 = performance.now();
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, type, com)
    select g, 'u' || g || '@bench.example', 'x', 'Bench', 'User', 1, 'c' || g from generate_series(1, 100) g`);
  await db.execute(sql`insert into campaigns (id, owner_id, name, kind, status, approved_at, price_micros, landing_url,
      daily_budget_micros, category, permalink, countries)
    select g, (g - 1) / 10 + 1, 'Campaign ' || g, (array['display','native','popunder'])[g % 3 + 1], 1, now(),
      200000 + (g % 50) * 40000, 'https://example.com/', 20000000 + (g % 7) * 10000000, 1, 'p' || g,
      case when g % 4 = 0 then '[]'::jsonb else jsonb_build_array((array['US','DE','GB','FR','NL','ES','IT','PL','BR','IN'])[g % 10 + 1]) end
    from generate_series(1, 1000) g`);
  await db.execute(sql`insert into campaign_spend_daily (campaign_id, day, impressions, clicks, cost_micros)
    select c, to_char(current_date - d, 'YYYY-MM-DD'), 10000, 30, 5000000
    from generate_series(1, 1000) c, generate_series(0, 29) d`);
  // Cell k of an hour: format, country, device, os, browser spread over the combinations.
  await db.execute(sql`insert into traffic_hourly (hour, format, country, device, os, browser, requests, clicks)
    select date_trunc('hour', now()) - make_interval(hours => h), k % 7,
      (array['US','DE','GB','FR','NL','ES','IT','PL','BR','IN','CA','AU','JP','KR','MX','AR','TR','RU','UA','SE',
             'NO','DK','FI','BE','AT','CH','PT','CZ','RO','XX'])[(k / 7) % 30 + 1],
      (k / 210) % 2 + 1, (array['Windows','macOS','Linux','Android','iOS','Other'])[(k / 420) % 6 + 1],
      (array['Chrome','Safari','Firefox','Edge','Opera','Other'])[(k * 7 / 11) % 6 + 1],
      50 + (k * 37 + h) % 400, (k + h) % 3
    from generate_series(1, 30 * 24) h, generate_series(0, ${cellsPerHour - 1}) k
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  const [{ n } = { n: 0 }] = (await db.execute(sql`select count(*)::int as n from traffic_hourly`)).rows as {
    n: number;
  }[];
  console.log(`filled traffic_hourly with ${n} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]?.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${s.at(-1)?.toFixed(1)} ms`;
};

async function time(label: string, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(44)} ${stats(ms)}`);
}

const draft = ForecastRequestSchema.parse({ kind: 'display', price: 1.5, dailyBudget: 50, countries: ['DE', 'FR'] });

async function main() {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query('drop database if exists bench_forecast with (force)');
  await admin.query('create database bench_forecast');
  const url = new URL(pgBase);
  url.pathname = '/bench_forecast';
  const database = await openDatabase({ url: url.toString() });
  try {
    await fill(database.db);
    const db = database.db;
    const now = new Date();
    const from = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - 14 * 86_400_000);
    const to = new Date(from.getTime() + 14 * 86_400_000);
    for (const round of [1, 2]) {
      console.log(`round ${round} (${runs} runs each)`);
      await time('plain indexed query (sum, 14 days, DE+FR)', () =>
        db.execute(sql`select sum(requests) from traffic_hourly where hour >= ${from} and hour < ${to}
          and format in (1, 2) and country in ('DE', 'FR')`),
      );
      await time('forecastFor, history read every time', () => forecastFor(db, draft, now, { cache: false }));
      await time('forecastFor, market cached (the API)', () => forecastFor(db, draft, now));
    }
  } finally {
    await database.close();
    await admin.query('drop database if exists bench_forecast with (force)');
    await admin.end();
  }
}

await main();

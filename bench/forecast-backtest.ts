// Forecast backtest: over the demo world's simulated history (the traffic simulator's history
// mode, recorded through the batch writer like real traffic), forecast each day D+1 from the
// days up to D and compare with what D+1 really had: the mean absolute percentage error of the
// daily eligible requests, by country and by zone format.
//
//   node --import tsx bench/forecast-backtest.ts
//   BACKTEST_DAYS=30 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//   (a bench_forecast_backtest database is created there and dropped at the end)
//
// The forecast is the model's eligible-request figure with the same 14-day window and
// "days with traffic" divisor as the API (modules/forecasts/forecasts.service.ts loadHistory).
// Days before FORECAST_MIN_DAYS of history are skipped (the API says "not enough data").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, gte, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { trafficHourly } from '../apps/server/src/db/schema/forecasts';
import { loadHistory } from '../apps/server/src/modules/forecasts/forecasts.service';
import { FORECAST_MIN_DAYS } from '../packages/contract/src/forecasts';

const DAY = 86_400_000;
const days = Number(process.env.BACKTEST_DAYS ?? 30);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FORMAT_NAMES: Record<number, string> = {
  0: 'Popunder',
  1: 'Banner',
  2: 'Floating',
  3: 'Sticky',
  4: 'Native',
  5: 'Header',
  6: 'Native App',
};

type Err = { sum: number; n: number; actual: number };
const add = (m: Map<string, Err>, key: string, predicted: number, actual: number) => {
  const e = m.get(key) ?? { sum: 0, n: 0, actual: 0 };
  // A day with no actual traffic where some was forecast counts as a 100 % miss.
  e.sum += actual > 0 ? Math.abs(predicted - actual) / actual : predicted > 0 ? 1 : 0;
  e.n++;
  e.actual += actual;
  m.set(key, e);
};

async function main() {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query('drop database if exists bench_forecast_backtest with (force)');
  await admin.query('create database bench_forecast_backtest');
  const url = new URL(pgBase);
  url.pathname = '/bench_forecast_backtest';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forecast-backtest-'));
  const database = await openDatabase({ url: url.toString() });
  const { buildApp } = await import('../apps/server/src/app');
  const { seedDemo } = await import('../apps/server/src/seed/demo');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    DEMO_HISTORY_DAYS: String(days),
    DEMO_TRAFFIC: 'off',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    const t0 = performance.now();
    await seedDemo(app.ctx);
    console.log(`demo world with ${days} days of history in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const db = app.ctx.db;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const byCountry = new Map<string, Err>();
    const byFormat = new Map<string, Err>();
    let tested = 0;
    // Forecast day D+1 (target) from the days before it; the last whole day is yesterday.
    for (let target = today - (days - 1) * DAY; target < today; target += DAY) {
      const { cells, days: historyDays } = await loadHistory(db, new Date(target));
      if (historyDays < FORECAST_MIN_DAYS) continue;
      tested++;
      const actual = await db
        .select({
          format: trafficHourly.format,
          country: trafficHourly.country,
          requests: sql<string>`sum(${trafficHourly.requests})`,
        })
        .from(trafficHourly)
        .where(and(gte(trafficHourly.hour, new Date(target)), lt(trafficHourly.hour, new Date(target + DAY))))
        .groupBy(trafficHourly.format, trafficHourly.country);
      const predictedBy = (key: (c: { format: number; country: string }) => string) => {
        const m = new Map<string, number>();
        for (const c of cells) m.set(key(c), (m.get(key(c)) ?? 0) + c.requests / historyDays);
        return m;
      };
      const actualBy = (key: (c: { format: number; country: string }) => string) => {
        const m = new Map<string, number>();
        for (const a of actual) m.set(key(a), (m.get(key(a)) ?? 0) + Number(a.requests));
        return m;
      };
      for (const [m, key] of [
        [byCountry, (c: { country: string }) => c.country],
        [byFormat, (c: { format: number }) => FORMAT_NAMES[c.format] ?? String(c.format)],
      ] as const) {
        const p = predictedBy(key);
        const a = actualBy(key);
        for (const k of new Set([...p.keys(), ...a.keys()])) add(m, k, p.get(k) ?? 0, a.get(k) ?? 0);
      }
    }
    const table = (title: string, m: Map<string, Err>) => {
      console.log(`\n| ${title} | days tested | requests in those days | MAPE |\n| --- | ---: | ---: | ---: |`);
      for (const [k, e] of [...m].sort((x, y) => y[1].actual - x[1].actual))
        console.log(`| ${k} | ${e.n} | ${e.actual} | ${((e.sum / e.n) * 100).toFixed(1)} % |`);
    };
    console.log(`\n${tested} forecast days (D+1 from up to 14 days before it)`);
    table('Country', byCountry);
    table('Format', byFormat);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query('drop database if exists bench_forecast_backtest with (force)');
    await admin.end();
  }
}

await main();

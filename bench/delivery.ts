/**
 * Delivery benchmarks (docs/decisions/007-delivery.md):
 *   1. engine decisions in process: decisions/s and latency percentiles over 1,000 running
 *      campaigns and 10,000 active zones (goal ≥ 2,000/s, p99 < 5 ms);
 *   2. the same over HTTP: GET /serve/{zone} on a real server (child process, embedded
 *      database, the recorder writing as it would), with autocannon: maximum rate, then a
 *      paced 2,000 req/s run for latency;
 *   3. recording throughput: events/s through recordBatch (batches of DELIVERY_BATCH_MAX) on
 *      PGlite and on PostgreSQL.
 * Run: node --import tsx bench/delivery.ts   (BENCH_SECONDS, BENCH_PG_URL, BENCH_TARGET=all|engine|http|record)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { DeliveryEngine, type Visitor } from '../apps/server/src/modules/delivery/engine';
import { operatorCredit } from '../apps/server/src/modules/ledger/ledger.service';
import { recordBatch } from '../apps/server/src/modules/delivery/writer/record-batch';
import { type DeliveryEvent, EventKind } from '../apps/server/src/modules/delivery/types';

const ADVERTISERS = 100;
const PUBLISHERS = 100;
const CAMPAIGNS = 1000;
const WEBSITES = 2000;
export const ZONES = WEBSITES * 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET = process.env.BENCH_TARGET ?? 'all';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'ES', 'IT', 'NL', 'PL', 'BR', 'IN', 'JP', 'CA'];
export const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
/** Zone formats per website: banner 300x250, banner 728x90, native, popunder, banner 160x600. */
const ZONE_KINDS = [
  { format: 1, size: '300x250' },
  { format: 1, size: '728x90' },
  { format: 4, size: null },
  { format: 0, size: null },
  { format: 1, size: '160x600' },
];
const tmpDir = () => mkdtempSync(path.join(tmpdir(), 'cryptads-bench-serve-'));
export const zoneUnique = (g: number) => g.toString(16).padStart(16, '0');
export const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(3)} ms`;

/** 100 advertisers with money, 1,000 running campaigns (display/native/popunder mix, varied targeting), 10,000 active zones. */
export async function fill(db: Database['db']) {
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, type, com, balance_micros)
    select g, 'u' || g || '@bench.example', 'x', 'Bench', 'User', case when g <= ${ADVERTISERS} then 1 else 2 end, 'c' || g,
      case when g <= ${ADVERTISERS} then 1000000000000 else 0 end
    from generate_series(1, ${ADVERTISERS + PUBLISHERS}) g`);
  // The money is in the ledger, as a deposit would put it: recording debits it there.
  await db.transaction(async (tx) => {
    for (let g = 1; g <= ADVERTISERS; g++)
      await operatorCredit(tx, { userId: g, amountMicros: 1_000_000_000_000n, description: 'Bench funding' });
  });
  await db.execute(sql`insert into uploads (id, owner_id, purpose, name, mime, width, height, size, bytes, storage_key)
    select 'up' || g, (g - 1) / 10 + 1, 'banner', 'b.png', 'image/png', 300, 250, '300x250', 1000, 'k' || g || '.png'
    from generate_series(1, ${CAMPAIGNS}) g`);
  // kind: 70 % display, 20 % native, 10 % popunder; every third targets two countries; every
  // fifth is mobile-only, every seventh desktop-only; every fourth caps 3 per hour.
  await db.execute(sql`insert into campaigns (id, owner_id, name, kind, status, approved_at, price_micros, payment_mode,
      landing_url, daily_budget_micros, category, permalink, countries, device, capping, capping_time, exclude_flag, exclude_list)
    select g, (g - 1) / 10 + 1, 'Campaign ' || g,
      case when g % 10 < 7 then 'display' when g % 10 < 9 then 'native' else 'popunder' end,
      1, now(), 200000 + (g * 7919) % 2000000, case when g % 10 = 7 then 1 else 0 end,
      'https://example.com/?z={zone_id}&c={campaign_id}', 1000000000000, 1 + g % 10, 'p' || g,
      case when g % 3 = 0 then '["DE","FR"]'::jsonb else '[]'::jsonb end,
      case when g % 5 = 0 then 2 when g % 7 = 0 then 1 else 3 end,
      case when g % 4 = 0 then 3 else 0 end, case when g % 4 = 0 then 3600 else 0 end,
      true, case when g % 11 = 0 then jsonb_build_array(lpad(to_hex(g), 16, '0')) else '[]'::jsonb end
    from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`insert into creatives (campaign_id, format, size, name, upload_id, thumbnail_upload_id, title,
      small_description, long_description, call_to_action)
    select c.id, case when c.kind = 'native' then 4 else 1 end,
      case when c.kind = 'native' then '' else (array['300x250','728x90','160x600'])[1 + c.id % 3] end,
      'cr', 'up' || c.id, case when c.kind = 'native' then 'up' || c.id end,
      case when c.kind = 'native' then 'Title ' || c.id end, 'Short', 'Long description', 'Go'
    from campaigns c where c.kind <> 'popunder'`);
  await db.execute(sql`insert into websites (id, owner_id, domain, url, name, status, verification_token, excluded_category_ids)
    select g, ${ADVERTISERS} + (g - 1) % ${PUBLISHERS} + 1, 'site' || g || '.example', 'https://site' || g || '.example/',
      'Site ' || g, 1, 't' || g, case when g % 6 = 0 then array[g % 10 + 1] else '{}'::integer[] end
    from generate_series(1, ${WEBSITES}) g`);
  const values = ZONE_KINDS.map((z, i) => `(${i}, ${z.format}, ${z.size ? `'${z.size}'` : 'null'})`).join(',');
  await db.execute(
    sql.raw(`insert into zones (id, website_id, "unique", alias, format, size, status)
    select g, (g - 1) / 5 + 1, lpad(to_hex(g), 16, '0'), 'Zone ' || g, k.format, k.size, 1
    from generate_series(1, ${ZONES}) g join (values ${values}) as k(i, format, size) on k.i = (g - 1) % 5`),
  );
  await db.execute(sql`insert into campaign_blacklists (owner_id, items)
    select g, jsonb_build_array(lpad(to_hex(g * 13), 16, '0'), 'site' || g || '.example') from generate_series(1, ${ADVERTISERS}) g`);
}

function randomVisitor(): Visitor & { ua: string } {
  const ua = pick(UAS);
  return {
    ua,
    country: pick(COUNTRIES),
    device: ua.includes('Mobile') ? 2 : 1,
    os: 'Windows',
    browser: 'Chrome',
    key: `v${Math.floor(Math.random() * 50_000)}`,
  };
}

async function benchEngine(db: Database['db']) {
  const engine = new DeliveryEngine(db, { publicUrl: 'http://bench', refreshMs: 0 });
  let t0 = performance.now();
  await engine.refresh();
  const rebuild = performance.now() - t0;
  for (let i = 0; i < 3; i++) await engine.refresh();
  t0 = performance.now();
  for (let i = 0; i < 5; i++) await engine.refresh();
  const rebuildWarm = (performance.now() - t0) / 5;
  t0 = performance.now();
  for (let i = 0; i < 5; i++) await engine.refresh(false);
  const tick = (performance.now() - t0) / 5;
  const lat: number[] = [];
  let served = 0;
  const until = performance.now() + SECONDS * 1000;
  const start = performance.now();
  while (performance.now() < until) {
    for (let i = 0; i < 1000; i++) {
      const v = randomVisitor();
      const zone = zoneUnique(1 + Math.floor(Math.random() * ZONES));
      const s = performance.now();
      const d = engine.decide(zone, v);
      if (d) {
        served++;
        engine.onPushed({
          kind: EventKind.Impression,
          at: new Date(),
          impressionId: d.impressionId,
          campaignId: d.campaign.id,
          creativeId: d.creative?.id ?? 0,
          zoneId: d.zone.id,
          websiteId: d.zone.websiteId,
          advertiserId: d.campaign.advertiserId,
          publisherId: d.zone.publisherId,
          country: v.country,
          os: v.os,
          browser: v.browser,
          device: v.device,
          costMicros: d.costMicros,
        });
      }
      lat.push(performance.now() - s);
    }
  }
  const elapsed = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  return {
    index: engine.stats(),
    rebuildMs: rebuild,
    rebuildWarmMs: rebuildWarm,
    tickMs: tick,
    decisions: lat.length,
    perSecond: Math.round(lat.length / elapsed),
    filled: served / lat.length,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    max: lat[lat.length - 1] ?? 0,
  };
}

async function benchHttp(target: { dataDir: string } | { url: string }) {
  const autocannon = (await import('autocannon')).default;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      import.meta.filename,
      '--serve',
      'dataDir' in target ? target.dataDir : tmpDir(),
      'url' in target ? target.url : '',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      const m = b.toString().match(/READY (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const run = (overallRate?: number) =>
    new Promise<{
      requests: { average: number };
      latency: Record<string, number>;
      non2xx: number;
      errors: number;
      statusCodeStats: Record<string, { count: number }>;
    }>((resolve, reject) => {
      autocannon(
        {
          url: `http://127.0.0.1:${port}`,
          connections: 32,
          duration: SECONDS,
          ...(overallRate ? { overallRate } : {}),
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                method: 'GET',
                path: `/serve/${zoneUnique(1 + Math.floor(Math.random() * ZONES))}`,
                headers: { 'user-agent': pick(UAS), 'cf-ipcountry': pick(COUNTRIES) },
              }),
            },
          ],
        },
        (err: Error | null, result: never) => (err ? reject(err) : resolve(result)),
      );
    });
  try {
    await run(); // warm-up (JIT, agent cache)
    const max = await run();
    const paced = await run(2000);
    return { max, paced };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
}

/** Child mode: a real server over the filled embedded database. */
async function serveMode(dataDir: string, url: string) {
  const { buildApp } = await import('../apps/server/src/app');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(dataDir, 'data'),
    PUBLIC_URL: 'http://bench',
    WEB_DIST: '/nonexistent',
    // Where events wait before they are recorded (docs/decisions/028): compare the stream with `memory`.
    ...(process.env.DELIVERY_STREAM ? { DELIVERY_STREAM: process.env.DELIVERY_STREAM } : {}),
  });
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

function randomEvents(n: number): DeliveryEvent[] {
  const out: DeliveryEvent[] = [];
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    const campaignId = 1 + Math.floor(Math.random() * CAMPAIGNS);
    const zoneId = 1 + Math.floor(Math.random() * ZONES);
    const websiteId = Math.floor((zoneId - 1) / 5) + 1;
    const click = Math.random() < 0.005;
    out.push({
      kind: click ? EventKind.Click : EventKind.Impression,
      at: new Date(now - Math.floor(Math.random() * 3_600_000)),
      impressionId: `${now.toString(36)}-${i}-${Math.random().toString(36).slice(2, 10)}`,
      campaignId,
      creativeId: campaignId,
      zoneId,
      websiteId,
      advertiserId: Math.floor((campaignId - 1) / 10) + 1,
      publisherId: ADVERTISERS + ((websiteId - 1) % PUBLISHERS) + 1,
      country: pick(COUNTRIES),
      os: pick(['Windows', 'iOS', 'Android', 'Mac OS', 'Linux']),
      browser: pick(['Chrome', 'Safari', 'Firefox', 'Edge']),
      device: Math.random() < 0.5 ? 1 : 2,
      costMicros: click ? 0n : 500n,
    });
  }
  return out;
}

async function benchRecord(db: Database['db']) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const batch = config.delivery.batchMax;
  await recordBatch({ db, config }, randomEvents(batch)); // warm-up
  const batches = 8;
  const times: number[] = [];
  for (let i = 0; i < batches; i++) {
    const events = randomEvents(batch);
    const t0 = performance.now();
    await recordBatch({ db, config }, events);
    times.push(performance.now() - t0);
  }
  const total = times.reduce((a, b) => a + b, 0);
  return { batch, batches, perSecond: Math.round((batch * batches) / (total / 1000)), batchMs: total / batches };
}

function printHttp(db: string, h: Awaited<ReturnType<typeof benchHttp>>) {
  for (const [name, r] of Object.entries(h)) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([k, v]) => `${k}:${v.count}`)
      .join(' ');
    console.log(
      `http /serve on ${db} (${name === 'max' ? 'max rate' : 'paced 2,000 req/s'}, 32 connections): ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, errors ${r.errors} [${codes}]`,
    );
  }
}

async function main() {
  if (process.argv[2] === '--serve') return serveMode(process.argv[3] as string, process.argv[4] ?? '');
  console.log(
    `delivery bench: ${cpus().length} cpus (${cpus()[0]?.model}), node ${process.version}, ${SECONDS} s runs`,
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-delivery-'));
  try {
    const t0 = performance.now();
    const database = await openDatabase({ dataDir: path.join(dir, 'db') });
    await fill(database.db);
    console.log(
      `world: ${CAMPAIGNS} running campaigns, ${ZONES} active zones (filled in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    if (TARGET === 'all' || TARGET === 'engine') {
      const e = await benchEngine(database.db);
      console.log(
        `engine (in process): index ${JSON.stringify(e.index)}, full rebuild ${e.rebuildMs.toFixed(0)} ms cold / ${e.rebuildWarmMs.toFixed(0)} ms warm, timer tick (nothing changed) ${e.tickMs.toFixed(0)} ms`,
      );
      console.log(
        `  ${e.decisions} decisions, ${e.perSecond}/s, fill ${(e.filled * 100).toFixed(1)} %, p50 ${ms(e.p50)}, p99 ${ms(e.p99)}, max ${ms(e.max)}`,
      );
    }
    if (TARGET === 'all' || TARGET === 'record') {
      const r = await benchRecord(database.db);
      console.log(
        `record (PGlite): batches of ${r.batch}: ${r.perSecond} events/s (${r.batchMs.toFixed(0)} ms per batch)`,
      );
    }
    await database.close();
    if (TARGET === 'all' || TARGET === 'http') printHttp('embedded PGlite', await benchHttp({ dataDir: dir }));
    if (TARGET === 'all' || TARGET === 'http-pg') {
      const name = `bench_delivery_http_${process.pid}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      try {
        const pgdb = await openDatabase({ url: url.toString() });
        await fill(pgdb.db);
        await pgdb.close();
        printHttp('PostgreSQL', await benchHttp({ url: url.toString() }));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
    if (TARGET === 'all' || TARGET === 'record') {
      const name = `bench_delivery_${process.pid}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      try {
        await admin.connect();
        await admin.query(`create database ${name}`);
        const url = new URL(PG_URL);
        url.pathname = `/${name}`;
        const pgdb = await openDatabase({ url: url.toString() });
        try {
          await fill(pgdb.db);
          const r = await benchRecord(pgdb.db);
          console.log(
            `record (PostgreSQL): batches of ${r.batch}: ${r.perSecond} events/s (${r.batchMs.toFixed(0)} ms per batch)`,
          );
        } finally {
          await pgdb.close();
          await admin.query(`drop database if exists ${name} with (force)`);
        }
      } catch (error) {
        console.log(`record (PostgreSQL): skipped (${(error as Error).message})`);
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// bench/scale.ts imports the world from here: main runs only when this file is the one started.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { ledgerSumOf } from './modules/ledger/test-helpers';
import { approvedWebsite, fundedAdvertiser, runningCampaign } from './modules/delivery/test-helpers';
import { adminQuery, withDatabase } from './testing/global-setup';
import {
  freePort,
  inParallel,
  killProcess,
  type Proc,
  serveOnce,
  startProcess,
  stopProcess,
  visitor,
} from './testing/processes';

/**
 * Faults that heal themselves (docs/decisions/036-faults-that-heal.md), with real
 * processes as an operator runs them: two `delivery`, a `worker` and an `api` on PostgreSQL and
 * a private Redis of the test's own (append-only file, `appendfsync always`, the configuration
 * the durable stream requires). Under /serve load: Redis killed and restarted from its file,
 * Redis restarted empty, the app's PostgreSQL connections terminated, the worker SIGKILLed in
 * the middle of a batch and restarted, the database read-only and writable again (once with its
 * read-only sessions ended, once with them left open). After each:
 * every ad answered is recorded exactly once, nothing else is recorded (an answer without an
 * ad is never billed), balances and the ledger agree to the micro-euro, and every process's
 * /api/ready is 200 again within READY_WITHIN_MS without a restart and without traffic.
 */

const READY_WITHIN_MS = 15_000;
/** €0.50 CPM, the form's default bid: one impression costs 500 micro-euros. */
const PRICE = 500n;
const FUNDS = 100_000_000n;
const clickSecret = randomBytes(32).toString('hex');

let database: Database;
let dbName: string;
let zone: string;
let campaignId: number;
let advertiserId: number;
let publisherId: number;
let redisPort: number;
let redisDir: string;
let redis: ChildProcess | null = null;
const procs: Proc[] = [];
let env: Record<string, string>;
/** Every impression answered with an ad, over all the cases. */
const answered = new Set<string>();
let sent = 0;

/** A redis-server of the test's own, persisting every write before answering it. */
async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--dir', redisDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
    { stdio: 'ignore' },
  );
  const probe = new Redis({ port: redisPort, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // Refused until the server listens: each attempt's error is expected.
  probe.on('error', () => {});
  try {
    await vi.waitFor(async () => expect(await probe.connect().then(() => probe.ping())).toBe('PONG'), {
      timeout: 10_000,
      interval: 100,
    });
  } finally {
    probe.disconnect();
  }
}

async function killRedis(wipe: boolean) {
  const r = redis;
  if (r && r.exitCode === null && r.signalCode === null) {
    const exited = new Promise((resolve) => r.once('exit', resolve));
    r.kill('SIGKILL');
    await exited;
  }
  if (wipe) {
    rmSync(redisDir, { recursive: true, force: true });
    redisDir = mkdtempSync(path.join(tmpdir(), 'cryptads-redis-'));
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const deliveryProcs = () => procs.filter((p) => p.role === 'delivery');
const logs = () => procs.map((p) => `--- ${p.role} ${p.url}\n${p.output.join('').slice(-4000)}`).join('\n');

/** `count` /serve requests, 8 in flight over both delivery processes; `midway` runs at the half. */
async function load(count: number, midway?: () => Promise<void>) {
  const [a, b] = deliveryProcs();
  let fault: Promise<void> | null = null;
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      if (i === Math.floor(count / 2) && midway) fault = midway();
      const n = sent++;
      try {
        const answer = await serveOnce((n % 2 ? a : b) as Proc, zone, visitor(5000 + n, 'US'));
        if (answer) answered.add(answer.impressionId);
      } catch {
        // no answer at all: neither an ad nor "no ad"
      }
    },
  );
  await fault;
}

/** Every process answers /api/ready 200 within READY_WITHIN_MS, with no traffic meanwhile. */
async function allReady() {
  await vi.waitFor(
    async () => {
      for (const p of procs) {
        const res = await fetch(`${p.url}/api/ready`);
        expect(res.status, `${p.role} ${p.url}: ${await res.text()}`).toBe(200);
      }
    },
    { timeout: READY_WITHIN_MS, interval: 250 },
  );
}

/** Every ad answered is recorded once, nothing else, and money agrees to the micro-euro. */
async function booksAgree() {
  const recorded = () =>
    rows<{ id: string; n: number }>(
      sql`select impression_id as id, count(*)::int as n from ad_events
            where campaign_id = ${campaignId} and kind = 1 group by impression_id`,
    );
  await vi.waitFor(
    async () => {
      const stored = new Set((await recorded()).map((r) => r.id));
      expect([...answered].filter((id) => !stored.has(id)).length, logs()).toBe(0);
    },
    { timeout: 30_000, interval: 250 },
  );
  const all = await recorded();
  expect(all.filter((r) => r.n !== 1)).toEqual([]);
  // An impression recorded that was not answered with an ad would be billed and not shown.
  expect(all.filter((r) => !answered.has(r.id)).map((r) => r.id)).toEqual([]);
  expect(all.length).toBe(answered.size);
  const billed = PRICE * BigInt(answered.size);
  const [spend] = await rows<{ cost: string }>(
    sql`select coalesce(sum(cost_micros), 0)::text as cost from campaign_spend_daily where campaign_id = ${campaignId}`,
  );
  expect(BigInt(spend?.cost ?? '0')).toBe(billed);
  const [balances] = await rows<{ adv: string; pub: string }>(
    sql`select (select balance_micros::text from users where id = ${advertiserId}) as adv,
               (select balance_micros::text from users where id = ${publisherId}) as pub`,
  );
  expect(BigInt(balances?.adv ?? '-1')).toBe(FUNDS - billed);
  expect(await ledgerSumOf(database.db, advertiserId)).toBe(FUNDS - billed);
  expect(await ledgerSumOf(database.db, publisherId)).toBe(BigInt(balances?.pub ?? '-1'));
  const [dead] = await rows<{ n: number }>(sql`select count(*)::int as n from delivery_dead_letters`);
  expect(dead?.n).toBe(0);
}

/** Ends the app's PostgreSQL connections (application_name 'cryptads') on the test's database. */
async function terminateAppConnections() {
  await adminQuery(
    process.env.TEST_DATABASE_URL ?? '',
    `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'cryptads' and datname = '${dbName}'`,
  );
}

describe('faults that heal, several processes on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('the multi-process test runs in the server-postgres project (TEST_DATABASE_URL)');
    // The test kills and wipes its Redis: never the machine's shared one.
    execFileSync('redis-server', ['--version']);
    redisPort = await freePort();
    redisDir = mkdtempSync(path.join(tmpdir(), 'cryptads-redis-'));
    await startRedis();
    dbName = `cryptads_mpf_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${dbName} TEMPLATE ${inject('postgresTemplate')}`);
    const databaseUrl = withDatabase(base, dbName);
    database = await openDatabase({ url: databaseUrl, applicationName: 'cryptads-test' });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: databaseUrl,
      CLICK_SECRET: clickSecret,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const adv = await fundedAdvertiser(app, 100);
      const site = await approvedWebsite(app);
      zone = site.banner.unique;
      advertiserId = adv.user.id;
      publisherId = site.publisher.user.id;
      campaignId = await runningCampaign(
        app,
        adv.headers,
        'display',
        { countries: ['US'] },
        { dailyBudgetMicros: 50_000_000n },
      );
    } finally {
      await app.close();
    }
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: 'test:mpf:',
      CLICK_SECRET: clickSecret,
    };
    const started = await Promise.allSettled(
      (['delivery', 'delivery', 'worker', 'api'] as const).map((role) => startProcess(role, env)),
    );
    for (const s of started) if (s.status === 'fulfilled') procs.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(procs.map(stopProcess));
    await killRedis(true);
    rmSync(redisDir, { recursive: true, force: true });
    if (!dbName) return;
    await database?.close();
    await adminQuery(process.env.TEST_DATABASE_URL ?? '', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }, 30_000);

  it('Redis killed under load and restarted from its append-only file: no answered event lost', async () => {
    await load(400, async () => {
      await killRedis(false);
      await startRedis();
    });
    await allReady();
    await booksAgree();
  }, 90_000);

  it('Redis restarted empty: stream, group and shared state come back in every process', async () => {
    await load(100);
    await booksAgree();
    // Empty: what was answered is recorded (above); what Redis held besides is gone.
    await killRedis(true);
    await startRedis();
    await allReady();
    await load(200);
    expect(answered.size).toBeGreaterThan(0);
    await allReady();
    await booksAgree();
  }, 90_000);

  it("the app's PostgreSQL connections terminated under load", async () => {
    await load(400, terminateAppConnections);
    await allReady();
    await booksAgree();
  }, 90_000);

  it('the worker SIGKILLed in the middle of a batch and restarted in place', async () => {
    const worker = procs.find((p) => p.role === 'worker') as Proc;
    await load(400, () => killProcess(worker));
    procs.splice(procs.indexOf(worker), 1, await startProcess('worker', env, worker.port));
    await allReady();
    await booksAgree();
  }, 150_000);

  it('the database read-only, then writable again', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    await adminQuery(base, `ALTER DATABASE ${dbName} SET default_transaction_read_only = on`);
    await terminateAppConnections();
    await load(200);
    // Writable again, as after a failover back: the read-only sessions end.
    await adminQuery(base, `ALTER DATABASE ${dbName} RESET default_transaction_read_only`);
    await terminateAppConnections();
    await allReady();
    await booksAgree();
  }, 90_000);

  it('the database read-only, then writable again without ending the read-only sessions', async () => {
    // A connection opened while the database is read-only keeps that as its session's default
    // after the database is set back: only a new connection can write. Nothing ends those
    // sessions here, as an operator setting the database back would not: every process must
    // find its read-only connections and replace them on its own.
    const base = process.env.TEST_DATABASE_URL ?? '';
    const logFrom = new Map(procs.map((p) => [p, p.output.length]));
    await adminQuery(base, `ALTER DATABASE ${dbName} SET default_transaction_read_only = on`);
    try {
      await terminateAppConnections();
      // Each process opens connections in the window: ads served, the index refreshed, the
      // worker's batches tried, and every process's readiness probe until it answers 503.
      await load(100);
      await vi.waitFor(
        async () => {
          for (const p of procs) {
            const res = await fetch(`${p.url}/api/ready`);
            const state = (await res.json()) as { response: { database: { ready: boolean } } };
            expect(res.status, `${p.role} ${p.url}`).toBe(503);
            expect(state.response.database.ready).toBe(false);
          }
        },
        { timeout: READY_WITHIN_MS, interval: 250 },
      );
    } finally {
      await adminQuery(base, `ALTER DATABASE ${dbName} RESET default_transaction_read_only`);
    }
    // Each process ready within 10 s of the database taking writes (two of a load balancer's
    // 5 s checks), waited for on its own: one that stays 503 is named beside the others' times.
    const writable = performance.now();
    const waits = await Promise.allSettled(
      procs.map(async (p) => {
        await vi.waitFor(
          async () => {
            const res = await fetch(`${p.url}/api/ready`);
            expect(res.status, `${p.role} ${p.url}: ${await res.text()}`).toBe(200);
          },
          { timeout: 10_000, interval: 250 },
        );
        return `${p.role} ${p.url} ready after ${Math.round(performance.now() - writable)} ms`;
      }),
    );
    console.log(waits.map((w) => (w.status === 'fulfilled' ? w.value : String(w.reason))).join('\n'));
    expect(waits.filter((w) => w.status === 'rejected').map((w) => String(w.reason))).toEqual([]);
    // Each process said why it was not ready: the read-only refusal, by its SQLSTATE.
    for (const p of procs) {
      const lines = p.output.slice(logFrom.get(p)).join('').split('\n');
      expect(
        lines.filter((line) => line.includes('not ready') && line.includes('25006')),
        `${p.role} ${p.url}:\n${lines.join('\n').slice(-4000)}`,
      ).not.toEqual([]);
    }
    await booksAgree();
  }, 60_000);
});

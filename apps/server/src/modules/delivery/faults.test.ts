import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { loadConfig } from '../../config';
import { DEFAULT_APPLICATION_NAME } from '../../db/client';
import { adEvents, statsHourly } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { loggerOptions } from '../../app';
import { startJobs } from '../../jobs/runner';
import { describeError, logSafeError, throttledLog } from '../../lib/log-errors';
import { withDatabase } from '../../testing/global-setup';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { checkLedger } from '../ledger/check';
import { ledgerSumOf } from '../ledger/test-helpers';
import { Recorder } from './recorder';
import { approvedWebsite, delivery, fundedAdvertiser, runningCampaign } from './test-helpers';
import { type DeliveryEvent, EventKind } from './types';

/**
 * Faults (docs/decisions/024-faults-and-readiness.md): a dropped connection
 * under load, and a write outage's log.
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Something that looks like a batch's parameters: large, and easy to find in a log line. */
const MARKER = 'param-marker-7f3a';
const bigParameter = () => `{${Array.from({ length: 50_000 }, (_, i) => `"${MARKER}-${i}"`).join(',')}}`;

describe('a write outage in the log', () => {
  let app: TestApp;
  let queryError: Error;
  beforeAll(async () => {
    app = await createTestApp();
    // A real failed query with megabytes of parameters, as the recorder's unnest insert has.
    queryError = await app.ctx.db
      .execute(sql`select unnest(${bigParameter()}::text[]) from no_such_table`)
      .then(() => new Error('the query should have failed'))
      .catch((error: Error) => error);
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('the failed query carries its parameters (what used to reach the log)', () => {
    expect(JSON.stringify(queryError).length).toBeGreaterThan(1_000_000);
    expect(JSON.stringify(queryError)).toContain(MARKER);
  });

  it('the recorder logs once per 10 s with a count of the repeats, never the parameters', async () => {
    const lines: string[] = [];
    const log = { error: (o: object, m: string) => lines.push(JSON.stringify({ ...o, msg: m })) };
    let now = 1_000_000;
    const config = loadConfig({ DELIVERY_BATCH_MAX: '10', DELIVERY_FLUSH_MS: '10000' });
    const failing = {
      transaction: async () => {
        throw queryError;
      },
    } as unknown as TestApp['ctx']['db'];
    const recorder = new Recorder({ db: failing, config }, {}, log, { now: () => now });
    recorder.push(event(1, 1, 1, 1, 1));
    for (let n = 0; n < 25; n++) {
      await expect(recorder.flush()).rejects.toBe(queryError);
      now += 300; // 25 failures in 7.5 s
    }
    expect(lines).toHaveLength(1);
    now += 10_000;
    await expect(recorder.flush()).rejects.toBe(queryError);
    expect(lines).toHaveLength(2);
    expect(recorder.failures).toBe(26);
    expect(recorder.size).toBe(1);

    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>) as [
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(first).toMatchObject({
      msg: 'recording a delivery batch failed; will retry',
      events: 1,
      err: { code: '42P01', message: 'relation "no_such_table" does not exist' },
    });
    expect(first.suppressed).toBeUndefined();
    expect(second).toMatchObject({ suppressed: 24, consecutiveFailures: 26 });
    expect(String((first.err as { query: string }).query)).toMatch(/^select unnest\(\$1::text\[\]\)/);
    for (const line of lines) {
      expect(line).not.toContain(MARKER);
      expect(line.length).toBeLessThan(1000);
    }
  });

  it('the jobs runner, event worker and index refresh log each failure once per 10 s (per job)', () => {
    const lines: Record<string, unknown>[] = [];
    let now = 0;
    const log = throttledLog({ error: (o, m) => lines.push({ ...o, msg: m }) }, { now: () => now });
    for (let tick = 0; tick < 50; tick++) {
      log.error({ err: queryError, job: 'cleanup' }, 'job failed');
      log.error({ err: queryError, job: 'payouts' }, 'job failed');
      log.error({ err: queryError }, 'event worker round failed; will retry');
      now += 100;
    }
    expect(lines.map((l) => [l.msg, l.job])).toEqual([
      ['job failed', 'cleanup'],
      ['job failed', 'payouts'],
      ['event worker round failed; will retry', undefined],
    ]);
    now += 10_000;
    log.error({ err: queryError, job: 'cleanup' }, 'job failed');
    expect(lines[3]).toMatchObject({ job: 'cleanup', suppressed: 49, err: { code: '42P01' } });
    expect(JSON.stringify(lines)).not.toContain(MARKER);
  });

  it("the server's logger never writes a query's parameters, whoever logs the error", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })) }, sink);
    logger.error({ err: queryError }, 'job failed');
    logger.error({ err: new Error('wrapped', { cause: queryError }) }, 'event worker round failed');
    logger.error({ err: new Error('a plain bug') }, 'unhandled error');
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(0, 2)) {
      expect(line).not.toContain(MARKER);
      expect(line.length).toBeLessThan(1000);
      expect(JSON.parse(line).err).toMatchObject({ code: '42P01' });
    }
    // An ordinary error keeps pino's usual fields, its stack included.
    expect(JSON.parse(lines[2] ?? '{}').err).toMatchObject({ type: 'Error', message: 'a plain bug' });
    expect(JSON.parse(lines[2] ?? '{}').err.stack).toContain('faults.test');
    expect(logSafeError(queryError)).toEqual({ stack: '', ...describeError(queryError) });
  });
});

function event(
  n: number,
  campaignId: number,
  advertiserId: number,
  publisherId: number,
  zone: { id: number; websiteId: number } | number,
): DeliveryEvent {
  const z = typeof zone === 'number' ? { id: zone, websiteId: zone } : zone;
  return {
    kind: EventKind.Impression,
    at: new Date(),
    impressionId: `fault-${n}-${Math.random().toString(36).slice(2, 10)}`,
    campaignId,
    creativeId: 1,
    zoneId: z.id,
    websiteId: z.websiteId,
    advertiserId,
    publisherId,
    country: 'DE',
    os: 'Windows',
    browser: 'Chrome',
    device: 1,
    costMicros: 200n,
  };
}

describe('a COMMIT whose answer was lost with the connection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'http://ads.test', DELIVERY_FLUSH_MS: '10000' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('the retried batch finds its events written and drops them: recorded and billed once', async () => {
    const adv = await fundedAdvertiser(app, 100);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(
      app,
      adv.headers,
      'display',
      {},
      { dailyBudgetMicros: eurosToMicros(1000), budgetFlag: false },
    );
    const publisherId = site.publisher.user.id;
    // The first transaction commits, then its answer is lost as when the connection drops.
    let loseAnswer = true;
    const real = app.ctx.db;
    const db = Object.assign(Object.create(real) as TestApp['ctx']['db'], {
      transaction: async (...args: Parameters<TestApp['ctx']['db']['transaction']>) => {
        const result = await real.transaction(...args);
        if (loseAnswer) {
          loseAnswer = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return result;
      },
    });
    const committed: number[] = [];
    const recorder = new Recorder(
      { db, config: app.ctx.config },
      { onCommitted: (events) => committed.push(events.length) },
    );
    for (let i = 0; i < 50; i++) recorder.push(event(i, campaignId, adv.user.id, publisherId, site.banner));
    await expect(recorder.flush()).rejects.toThrow('Connection terminated');
    expect(recorder.size).toBe(50);
    for (let i = 50; i < 60; i++) recorder.push(event(i, campaignId, adv.user.id, publisherId, site.banner));
    await recorder.flush();
    expect(recorder.size).toBe(0);
    // The 50 were found written (dropped), the 10 pushed meanwhile written on their own.
    expect(committed).toEqual([50, 10]);
    const [raw] = rowsOf<{ n: number; distinct: number }>(
      await app.ctx.db.execute(sql`select count(*)::int as n, count(distinct impression_id)::int as distinct
        from ${adEvents} where campaign_id = ${campaignId}`),
    );
    expect(raw).toEqual({ n: 60, distinct: 60 });
    const [u] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, adv.user.id));
    expect(u?.b).toBe(eurosToMicros(100) - 60n * 200n);
    expect(await ledgerSumOf(app.ctx.db, publisherId)).toBe(60n * 140n);
  });

  it('a batch the database refused is written on the next flush, without a check', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    let refuse = true;
    const real = app.ctx.db;
    const db = Object.assign(Object.create(real) as TestApp['ctx']['db'], {
      transaction: async (...args: Parameters<TestApp['ctx']['db']['transaction']>) => {
        if (refuse) {
          refuse = false;
          throw Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
        }
        return real.transaction(...args);
      },
    });
    const recorder = new Recorder({ db, config: app.ctx.config });
    for (let i = 0; i < 5; i++) recorder.push(event(i, campaignId, adv.user.id, site.publisher.user.id, site.banner));
    await expect(recorder.flush()).rejects.toThrow('No space left');
    await recorder.flush();
    const [raw] = rowsOf<{ n: number }>(
      await app.ctx.db.execute(sql`select count(*)::int as n from ${adEvents} where campaign_id = ${campaignId}`),
    );
    expect(raw?.n).toBe(5);
  });
});

/** A connection of its own to the app's database, with another application_name than the app's. */
async function killerFor(app: TestApp) {
  const [current] = rowsOf<{ name: string }>(await app.ctx.db.execute(sql`select current_database() as name`));
  const killer = new pg.Client({
    connectionString: withDatabase(process.env.TEST_DATABASE_URL ?? '', current?.name ?? ''),
    application_name: 'cryptads-test-killer',
  });
  await killer.connect();
  return killer;
}

itOnPostgres(
  'a connection lost between checkout and BEGIN goes back to the pool (no leak, no hang)',
  async () => {
    const app = await createTestApp();
    const killer = await killerFor(app);
    try {
      const pool = (app.ctx.database.db as unknown as { $client: pg.Pool }).$client;
      // What drizzle's transaction does: check out, send BEGIN before its try/finally. Twelve
      // losses there used to leave the pool (10 connections) with none: every query then waited.
      for (let i = 0; i < 12; i++) {
        const client = await pool.connect();
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
        await killer.query('select pg_terminate_backend($1)', [pid]);
        await expect(client.query('begin')).rejects.toThrow();
      }
      const answer = await app.ctx.db.execute(sql`select 1 as one`);
      expect(rowsOf<{ one: number }>(answer)[0]?.one).toBe(1);
      expect(pool.waitingCount).toBe(0);
      // A leak keeps the pool at its 10 connections, all checked out. The app's own background
      // work (the index refresh, the readiness probe's write and session lookup, the recorder)
      // may hold a few at the same moment, more of them on a busy machine.
      expect(pool.totalCount).toBeLessThan(10);
    } finally {
      await killer.end();
      await app.closeAll();
    }
  },
  30_000,
);

// A dropped connection under load (PostgreSQL only: PGlite has no connection to lose).
itOnPostgres(
  'survives its connections being killed mid-batch: every event recorded once, money to the micro-euro',
  async () => {
    const app = await createTestApp({
      DATA_DIR: tempDataDir(),
      PUBLIC_URL: 'http://ads.test',
      DELIVERY_BATCH_MAX: '200',
      DELIVERY_FLUSH_MS: '50',
    });
    // Its own application_name: the kill below ends the app's connections, never this one.
    const killer = await killerFor(app);
    const jobErrors: unknown[] = [];
    let jobRuns = 0;
    let stopJobs = () => {};
    try {
      const adv = await fundedAdvertiser(app, 100);
      const site = await approvedWebsite(app);
      const campaignId = await runningCampaign(
        app,
        adv.headers,
        'display',
        {},
        { dailyBudgetMicros: eurosToMicros(1000), budgetFlag: false },
      );
      const publisherId = site.publisher.user.id;
      const recorder = delivery(app).recorder;
      // The jobs runner on the same pool, every 100 ms, through the kills.
      stopJobs = startJobs(
        app.ctx,
        [
          {
            name: 'fault-test-job',
            everyMs: 100,
            run: async (ctx) => {
              await ctx.db.execute(sql`select count(*) from ${adEvents}`);
              jobRuns++;
            },
          },
        ],
        { error: (o) => jobErrors.push(o) },
      );

      /** Ends the app's connections that are inside a transaction now; how many. */
      const killInTransaction = async () =>
        (
          await killer.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and application_name = $1 and xact_start is not null`,
            [DEFAULT_APPLICATION_NAME],
          )
        ).rows[0]?.n ?? 0;

      const ROUNDS = 20;
      const PER_ROUND = 400;
      let killed = 0;
      let n = 0;
      for (let round = 0; round < ROUNDS; round++) {
        // Stored in the stream first (as /serve does before answering): the kills below hit
        // the consumer's batches, the part this test is about.
        const appended = await Promise.all(
          Array.from({ length: PER_ROUND }, () =>
            recorder.append(event(n++, campaignId, adv.user.id, publisherId, site.banner)),
          ),
        );
        expect(appended.every(Boolean)).toBe(true);
        // Kill while this round's batches are being written (the flush started with the pushes).
        let settled = false;
        const flushing = recorder.flush().then(
          () => {
            settled = true;
          },
          () => {
            settled = true;
          },
        );
        while (!settled) {
          const k = await killInTransaction();
          killed += k;
          if (k) break;
        }
        await flushing;
      }
      const total = ROUNDS * PER_ROUND;
      expect(killed).toBeGreaterThan(0);
      // The kills hit batches in flight: they failed, were kept, and were written later.
      expect(recorder.failures).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          await recorder.flush();
          expect(recorder.size).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );

      // Every pushed event exactly once, raw and in the rollup.
      const [raw] = rowsOf<{ n: number; distinct: number; cost: string }>(
        await app.ctx.db.execute(sql`select count(*)::int as n, count(distinct impression_id)::int as distinct,
            coalesce(sum(cost_micros), 0)::text as cost from ${adEvents} where campaign_id = ${campaignId}`),
      );
      expect(raw).toEqual({ n: total, distinct: total, cost: String(total * 200) });
      const [rollup] = await app.ctx.db
        .select({
          i: sql<string>`sum(${statsHourly.impressions})::text`,
          c: sql<string>`sum(${statsHourly.costMicros})::text`,
        })
        .from(statsHourly)
        .where(eq(statsHourly.campaignId, campaignId));
      expect(rollup).toEqual({ i: String(total), c: String(total * 200) });

      // Balances agree to the micro-euro, with the ledger and with the events.
      const balance = async (id: number) =>
        (await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, id)))[0]?.b;
      expect(await balance(adv.user.id)).toBe(eurosToMicros(100) - BigInt(total) * 200n);
      expect(await ledgerSumOf(app.ctx.db, adv.user.id)).toBe(await balance(adv.user.id));
      expect(await balance(publisherId)).toBe(BigInt(total) * 140n);
      expect(await ledgerSumOf(app.ctx.db, publisherId)).toBe(BigInt(total) * 140n);
      expect((await checkLedger(app.ctx.db)).ok).toBe(true);

      // Still alive and ready: health, readiness, the event worker and the jobs runner.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await vi.waitFor(
        async () => expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200),
        { timeout: 10_000, interval: 200 },
      );
      // An event whose round was killed waits for its lease or backoff to end: drain as if later.
      await app.ctx.events?.drain({ now: new Date(Date.now() + 30 * 60_000) });
      expect(await app.ctx.events?.pending()).toBe(0);
      const runsAfter = jobRuns;
      await vi.waitFor(() => expect(jobRuns).toBeGreaterThan(runsAfter), { timeout: 5000, interval: 50 });
      const stored = await app.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(adEvents)
        .where(and(eq(adEvents.campaignId, campaignId), eq(adEvents.kind, EventKind.Impression)));
      expect(stored[0]?.n).toBe(total);
    } finally {
      stopJobs();
      await killer.end();
      await app.closeAll();
    }
  },
  120_000,
);

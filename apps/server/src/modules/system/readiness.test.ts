import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReadinessSchema } from '@cryptads/contract/system';
import { SYSTEM_MESSAGES } from '@cryptads/contract/system-messages';
import { loadConfig } from '../../config';
import { jobLocks } from '../../db/schema/system';
import { body } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { Recorder } from '../delivery/test-helpers';
import { type DeliveryEvent, EventKind } from '../delivery/types';
import { ReadinessCheck } from './readiness';

let app: TestApp;
beforeAll(async () => {
  // The stream's consumer looks for events on its own every 10 s, not every second: on the
  // embedded database (one session) its pass would queue ahead of the tests' 50 ms probes.
  app = await createTestApp({ DELIVERY_FLUSH_MS: '10000' });
});
afterAll(async () => {
  await app.closeAll();
});

const delivery = () => {
  const d = app.ctx.delivery;
  if (!d) throw new Error('delivery not set up');
  return d;
};

/** A transaction holding job_locks exclusively until `release` is called: writes there wait. */
async function holdWrites() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const held = app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${jobLocks} in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await held;
  };
}

/** A recorder whose database refuses the first `failures` batches (all of them by default), then takes them. */
const refusingRecorder = (failures = Number.POSITIVE_INFINITY) => {
  const config = loadConfig({ DELIVERY_BATCH_MAX: '2', DELIVERY_FLUSH_MS: '10000' });
  let calls = 0;
  const refusing = {
    transaction: async () => {
      if (calls++ < failures) throw new Error('database unavailable');
      return { recorded: 1, duplicateClicks: 0, filtered: 0, costMicros: 0n, earningsMicros: 0n, balances: new Map() };
    },
  } as unknown as TestApp['ctx']['db'];
  return new Recorder({ db: refusing, config });
};

const event = (n: number): DeliveryEvent => ({
  kind: EventKind.Impression,
  at: new Date(),
  impressionId: `ready-${n}`,
  campaignId: 1,
  creativeId: 1,
  zoneId: 1,
  websiteId: 1,
  advertiserId: 1,
  publisherId: 2,
  country: 'DE',
  os: 'Windows',
  browser: 'Chrome',
  device: 1,
  costMicros: 200n,
});

describe('GET /api/ready', () => {
  it('answers 200 when the database takes writes, the index is loaded and the recorder writes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env).toMatchObject({ code: 200, reason: null });
    const state = ReadinessSchema.parse(env.response);
    expect(state.ready).toBe(true);
    expect(state.database).toMatchObject({
      ready: true,
      kind: process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite',
      failure: null,
    });
    expect(state.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(state.delivery?.loaded).toBe(true);
    expect(state.delivery?.ageSeconds).toBeLessThan(30);
    expect(state.recorder).toMatchObject({ ready: true, saturated: false, consecutiveFailures: 0 });
  });

  it('leaves nothing behind: the probe write is rolled back', async () => {
    await new ReadinessCheck(app.ctx, { probeCacheMs: 0 }).check();
    const rows = await app.ctx.db.select().from(jobLocks).where(eq(jobLocks.name, 'readiness-probe'));
    expect(rows).toEqual([]);
  });

  it('answers 503 with the same body while database writes do not get through', async () => {
    const release = await holdWrites();
    try {
      // Until the last probe's result (cached one second) expires the answer may still be 200;
      // then the probe gives up after 2 s: a load balancer's check never hangs.
      const res = await vi.waitFor(
        async () => {
          const r = await app.inject({ method: 'GET', url: '/api/ready' });
          expect(r.statusCode).toBe(503);
          return r;
        },
        { timeout: 8000, interval: 100 },
      );
      const env = body<unknown>(res) as { code: number; reason: string; response: unknown };
      expect(env.code).toBe(503);
      expect(env.reason).toBe(SYSTEM_MESSAGES.notReady);
      const state = ReadinessSchema.parse(env.response);
      expect(state.ready).toBe(false);
      expect(state.database).toMatchObject({ ready: false, latencyMs: null, failure: 'no answer within 2000 ms' });
      expect(state.delivery?.ready).toBe(true);
      expect(state.recorder?.ready).toBe(true);
    } finally {
      await release();
    }
    // Writes get through again: ready at once (a probe is cached for one second only).
    const check = new ReadinessCheck(app.ctx, { probeCacheMs: 0 });
    expect((await check.check()).ready).toBe(true);
  }, 15_000);

  it('/api/health still answers 200 while writes fail: it is the liveness answer', async () => {
    const release = await holdWrites();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    } finally {
      await release();
    }
  });
});

describe('ReadinessCheck', () => {
  it('a stuck database holds one probe at a time, not one per caller', async () => {
    const release = await holdWrites();
    const check = new ReadinessCheck(app.ctx, { probeCacheMs: 0, probeTimeoutMs: 50 });
    try {
      const states = await Promise.all([check.check(), check.check(), check.check()]);
      expect(states.map((s) => s.database.ready)).toEqual([false, false, false]);
      expect((await check.check()).database.ready).toBe(false);
      if (process.env.TEST_DB_DRIVER === 'postgres') {
        const waiting = await app.ctx.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into "job_locks"%'`,
        );
        expect(Number((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(1);
      }
    } finally {
      await release();
    }
    // The held probe finishes (its write, then the session lookup, each queued behind the lock
    // on the embedded database's one connection): a busy machine can take more than its 50 ms.
    await vi.waitFor(async () => expect((await check.check()).database.ready).toBe(true), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('the delivery index is not ready when no refresh succeeded for 30 s', async () => {
    const later = new ReadinessCheck(app.ctx, { now: () => Date.now() + 60_000 });
    const state = await later.check();
    expect(state.ready).toBe(false);
    expect(state.delivery?.ready).toBe(false);
    expect(state.delivery?.loaded).toBe(true);
    expect(state.delivery?.ageSeconds).toBeGreaterThanOrEqual(60);
    expect(state.database.ready).toBe(true);
  });

  it('the recorder is not ready after 3 failed batches in a row, and ready again after a success', async () => {
    const recorder = refusingRecorder(3);
    const check = new ReadinessCheck({ ...app.ctx, delivery: { ...delivery(), recorder } });
    recorder.push(event(1));
    for (const n of [1, 2]) {
      await expect(recorder.flush()).rejects.toThrow('database unavailable');
      const state = await check.check();
      expect(state.recorder).toMatchObject({ ready: true, consecutiveFailures: n, buffered: 1 });
    }
    await expect(recorder.flush()).rejects.toThrow('database unavailable');
    const failing = await check.check();
    expect(failing.ready).toBe(false);
    expect(failing.recorder).toMatchObject({ ready: false, consecutiveFailures: 3, buffered: 1, lastSuccessAt: null });
    expect(failing.recorder?.lastFailureAt).not.toBeNull();

    // The database takes the batch again: the count starts over.
    await recorder.flush();
    const recovered = await check.check();
    expect(recovered.ready).toBe(true);
    expect(recovered.recorder).toMatchObject({ ready: true, consecutiveFailures: 0, buffered: 0 });
    expect(recovered.recorder?.lastSuccessAt).not.toBeNull();
  });

  it('the recorder is not ready while saturated (delivery serves nothing then)', async () => {
    const recorder = refusingRecorder();
    const check = new ReadinessCheck({ ...app.ctx, delivery: { ...delivery(), recorder } });
    for (let n = 0; n < 20; n++) recorder.push(event(n));
    await expect(recorder.flush()).rejects.toThrow('database unavailable');
    const state = await check.check();
    expect(state.ready).toBe(false);
    expect(state.recorder).toMatchObject({ ready: false, saturated: true, buffered: 20 });
  });
});

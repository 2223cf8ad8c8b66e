import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { deliveryDeadLetters, deliveryQueue, deliveryReceipts } from '../../db/schema/delivery-stream';
import { closeRedis, createRedis } from '../../lib/redis';
import { deliveryCommands } from '../../operator/commands/delivery';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { ledgerSumOf } from '../ledger/test-helpers';
import { createDelivery, type Delivery } from './delivery';
import { Recorder } from './recorder';
import { pruneReceipts, RECEIPT_DAYS } from './retention';
import { type DeliveryStream, GroupCommit } from './stream';
import { PostgresStream } from './stream-postgres';
import { RedisStream, STREAM_GROUP, STREAM_KEY } from './stream-redis';
import {
  approvedWebsite,
  balanceOf,
  delivery,
  fundedAdvertiser,
  runningCampaign,
  serve,
  streamEvent,
  rawEventCount,
  FAST_CONSUMER,
} from './test-helpers';

/**
 * Durable delivery events (docs/decisions/028-durable-delivery-events.md): the
 * event is in the stream before /serve answers, a consumer records it exactly once, a poison
 * event ends as a dead letter while the rest is recorded, an outage dead-letters nothing.
 * Each suite runs on the PostgreSQL queue and on Redis Streams (a random REDIS_PREFIX).
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Calls flush until it resolves (each call is one attempt of the failing batch); the attempts made. */
async function flushUntilDone(recorder: Recorder, limit = 40) {
  for (let attempt = 1; attempt <= limit; attempt++) {
    try {
      await recorder.flush();
      return attempt;
    } catch {
      // one failed attempt: the consumer retries, splits or dead-letters on the next
    }
  }
  throw new Error(`still failing after ${limit} attempts`);
}

describe.each(['postgres', 'redis'] as const)('the durable stream on %s', (kind) => {
  let app: TestApp;
  const prefix = `cryptads-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    app = await createTestApp({
      DATA_DIR: tempDataDir(),
      PUBLIC_URL: 'http://ads.test',
      DELIVERY_FLUSH_MS: '10000',
      IVT_ENABLED: '0',
      DELIVERY_STREAM: kind,
      ...(kind === 'redis' ? { REDIS_URL, REDIS_PREFIX: prefix } : {}),
    });
  });
  afterAll(async () => {
    await app.closeAll();
    if (kind === 'redis') {
      // Only this test's keys: never FLUSHDB on a shared Redis.
      const redis = createRedis({ url: REDIS_URL, prefix: '' });
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await closeRedis(redis);
    }
  });

  /** A stream of the app's kind with its own connection; closed by the caller. */
  function openStream(): { stream: DeliveryStream; close: () => Promise<void> } {
    if (kind === 'postgres') return { stream: new PostgresStream(app.ctx.db), close: async () => {} };
    const client = createRedis({ url: REDIS_URL, prefix });
    return {
      stream: new RedisStream(client, app.ctx.db, { claimIdleMs: 0 }),
      close: () => closeRedis(client),
    };
  }

  it('/serve answers only once its event is in the stream; the consumer records it once', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    await delivery(app).recorder.flush();
    const res = await serve(app, site.banner.unique, { ip: '203.0.113.40' });
    expect(res.statusCode).toBe(200);
    const { stream, close } = openStream();
    try {
      // Answered, not yet recorded (the consumer's timer is 10 s away): it waits in the stream.
      expect(await stream.backlog()).toBe(1);
      expect((await rawEventCount(app, campaignId))?.n).toBe(0);
      await delivery(app).recorder.flush();
      expect(await stream.backlog()).toBe(0);
    } finally {
      await close();
    }
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 1, distinct: 1 });
  });

  // Redis only: the PostgreSQL queue deletes what it records in the same transaction, so an
  // entry cannot be recorded twice there (the lost-commit test below covers it).
  if (kind === 'redis')
    it('a batch recorded twice counts once, to the micro-euro', async () => {
      const adv = await fundedAdvertiser(app, 10);
      const site = await approvedWebsite(app);
      const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
      const publisherId = site.publisher.user.id;
      const before = await balanceOf(app, adv.user.id);
      const events = Array.from({ length: 25 }, () => streamEvent('stream', campaignId, adv.user.id, publisherId));
      const { stream, close } = openStream();
      try {
        // Twice into the stream, as when an append's answer was lost and it was sent again, or
        // a worker died between its commit and its acknowledgement.
        await stream.append(events);
        await stream.append(events);
        const recorder = new Recorder(app.ctx, {}, undefined, { stream, consumer: FAST_CONSUMER });
        await recorder.flush();
        expect(await stream.backlog()).toBe(0);
      } finally {
        await close();
      }
      // Idempotency receipts: the second copy of each event is dropped.
      expect(await rawEventCount(app, campaignId)).toEqual({ n: 25, distinct: 25 });
      expect(await balanceOf(app, adv.user.id)).toBe(before - 25n * 200n);
      expect(await ledgerSumOf(app.ctx.db, publisherId)).toBe(25n * 140n);
    });

  it('a commit whose answer was lost is never recorded again', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    const publisherId = site.publisher.user.id;
    const before = await balanceOf(app, adv.user.id);
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
    const client = kind === 'redis' ? createRedis({ url: REDIS_URL, prefix }) : null;
    const stream = client ? new RedisStream(client, db, { claimIdleMs: 0 }) : new PostgresStream(db);
    try {
      await stream.append(
        Array.from({ length: 30 }, () => streamEvent('stream', campaignId, adv.user.id, publisherId)),
      );
      const recorder = new Recorder({ db, config: app.ctx.config }, {}, undefined, { stream, consumer: FAST_CONSUMER });
      await expect(recorder.flush()).rejects.toThrow('Connection terminated');
      await recorder.flush();
      expect(await stream.backlog()).toBe(0);
    } finally {
      if (client) await closeRedis(client);
    }
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 30, distinct: 30 });
    expect(await balanceOf(app, adv.user.id)).toBe(before - 30n * 200n);
    expect(await ledgerSumOf(app.ctx.db, publisherId)).toBe(30n * 140n);
    expect(await app.ctx.db.$count(deliveryDeadLetters)).toBe(0);
  });

  it('a poison event ends as a dead letter; the good ones are recorded once; the operator retries it', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    const publisherId = site.publisher.user.id;
    const before = await balanceOf(app, adv.user.id);
    // The database refuses exactly one event ('ZZ'), as it would a row it cannot store.
    await app.ctx.db.execute(sql`alter table ad_events add constraint stream_poison check (country <> 'ZZ')`);
    const good = Array.from({ length: 10 }, () => streamEvent('stream', campaignId, adv.user.id, publisherId));
    const poison = streamEvent('stream', campaignId, adv.user.id, publisherId, { country: 'ZZ' });
    const { stream, close } = openStream();
    try {
      await stream.append([...good.slice(0, 6), poison, ...good.slice(6)]);
      const recorder = new Recorder(app.ctx, {}, undefined, { stream, consumer: FAST_CONSUMER });
      await flushUntilDone(recorder);
      expect(await stream.backlog()).toBe(0);
      expect(recorder.consumer?.status().deadLettered).toBe(1);
    } finally {
      await close();
      await app.ctx.db.execute(sql`alter table ad_events drop constraint stream_poison`);
    }
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 10, distinct: 10 });
    expect(await balanceOf(app, adv.user.id)).toBe(before - 10n * 200n);
    const letters = await app.ctx.db.select().from(deliveryDeadLetters);
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    if (!letter) throw new Error('no dead letter');
    expect(letter.attempts).toBe(FAST_CONSUMER.deadAfter);
    expect((letter.event as { impressionId: string }).impressionId).toBe(poison.impressionId);
    // The error without the query's parameters (no impression id, no array literal).
    expect(letter.error).toContain('stream_poison');
    expect(letter.error).not.toContain(poison.impressionId);

    // The readiness answer counts it (and stays ready: delivery goes on).
    await delivery(app).recorder.flush();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().response).toMatchObject({ recorder: { stream: kind, deadLetters: 1, buffered: 0 } });

    const listed = await deliveryCommands['dead-letters']?.run(app.ctx, []);
    expect(listed).toContain(`#${letter.id}`);
    expect(await deliveryCommands.retry?.run(app.ctx, ['all'])).toBe('1 of 1 dead letters recorded');
    expect(await app.ctx.db.$count(deliveryDeadLetters)).toBe(0);
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 11, distinct: 11 });
    expect(await balanceOf(app, adv.user.id)).toBe(before - 11n * 200n);
    expect(await ledgerSumOf(app.ctx.db, publisherId)).toBe(11n * 140n);
  });

  it('a database outage dead-letters nothing: the whole batch waits and is recorded once', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    const publisherId = site.publisher.user.id;
    let down = 12;
    const real = app.ctx.db;
    // Every transaction fails with a lost connection, after taking its batch (the worst case).
    const db = Object.assign(Object.create(real) as TestApp['ctx']['db'], {
      transaction: async (...args: Parameters<TestApp['ctx']['db']['transaction']>) => {
        if (down > 0) {
          down--;
          const [work] = args;
          return real.transaction(async (tx) => {
            await work(tx);
            throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          });
        }
        return real.transaction(...args);
      },
    });
    const client = kind === 'redis' ? createRedis({ url: REDIS_URL, prefix }) : null;
    const stream = client ? new RedisStream(client, db, { claimIdleMs: 0 }) : new PostgresStream(db);
    try {
      await stream.append(Array.from({ length: 8 }, () => streamEvent('stream', campaignId, adv.user.id, publisherId)));
      const recorder = new Recorder({ db, config: app.ctx.config }, {}, undefined, { stream, consumer: FAST_CONSUMER });
      const attempts = await flushUntilDone(recorder);
      expect(attempts).toBe(13);
      expect(recorder.consumer?.status()).toMatchObject({ deadLettered: 0, held: 0, backlog: 0 });
    } finally {
      if (client) await closeRedis(client);
    }
    expect(await app.ctx.db.$count(deliveryDeadLetters)).toBe(0);
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 8, distinct: 8 });
  });

  it('a process that only serves appends; a process that only consumes records', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    const publisherId = site.publisher.user.id;
    const extra: Delivery[] = [];
    try {
      const server = await createDelivery(app.ctx, { consume: false });
      extra.push(server);
      const worker = await createDelivery(app.ctx, { serve: false });
      extra.push(worker);
      expect(worker.engine.health().loaded).toBe(false);
      expect(server.recorder.consumer).toBeNull();
      for (let i = 0; i < 5; i++)
        expect(await server.recorder.append(streamEvent('stream', campaignId, adv.user.id, publisherId))).toBe(true);
      await server.recorder.flush();
      expect((await rawEventCount(app, campaignId))?.n).toBe(0);
      await worker.recorder.flush();
      expect(await rawEventCount(app, campaignId)).toEqual({ n: 5, distinct: 5 });
    } finally {
      for (const d of extra) await d.close();
    }
  });
});

describe('the PostgreSQL queue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: tempDataDir(), DELIVERY_STREAM: 'postgres', DELIVERY_FLUSH_MS: '10000' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('two consumers take disjoint batches and record every event once', async () => {
    const adv = await fundedAdvertiser(app, 100);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(
      app,
      adv.headers,
      'display',
      {},
      { budgetFlag: false, dailyBudgetMicros: eurosToMicros(1000) },
    );
    const stream = new PostgresStream(app.ctx.db);
    await stream.append(
      Array.from({ length: 400 }, () => streamEvent('stream', campaignId, adv.user.id, site.publisher.user.id)),
    );
    const config = { ...app.ctx.config, delivery: { ...app.ctx.config.delivery, streamBatch: 50 } };
    const a = new Recorder({ db: app.ctx.db, config }, {}, undefined, { stream });
    const b = new Recorder({ db: app.ctx.db, config }, {}, undefined, { stream });
    await Promise.all([a.flush(), b.flush()]);
    expect(await app.ctx.db.$count(deliveryQueue)).toBe(0);
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 400, distinct: 400 });
  });
});

describe('receipts', () => {
  // A database of its own (the test reads every receipt), built once here rather than inside the
  // test: a second database and app take seconds, several times that on a busy machine.
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: tempDataDir(), DELIVERY_STREAM: 'postgres' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('are pruned after RECEIPT_DAYS', async () => {
    const now = new Date();
    await app.ctx.db.insert(deliveryReceipts).values([
      { key: 'old', recordedAt: new Date(now.getTime() - (RECEIPT_DAYS + 1) * 86_400_000) },
      { key: 'recent', recordedAt: new Date(now.getTime() - (RECEIPT_DAYS - 1) * 86_400_000) },
    ]);
    expect(await pruneReceipts(app.ctx, now)).toBe(1);
    expect((await app.ctx.db.select().from(deliveryReceipts)).map((r) => r.key)).toEqual(['recent']);
  });
});

describe('GroupCommit', () => {
  it('appends arriving during a write share the next one', async () => {
    const writes: number[][] = [];
    let release: () => void = () => {};
    const group = new GroupCommit<number>(
      async (items) => {
        writes.push(items);
        if (writes.length === 1) await new Promise<void>((r) => (release = r));
      },
      { windowMs: 1, max: 100 },
    );
    const first = group.add(0);
    await new Promise((r) => setTimeout(r, 5));
    const rest = [1, 2, 3].map((i) => group.add(i));
    expect(writes).toEqual([[0]]);
    release();
    await Promise.all([first, ...rest]);
    expect(writes).toEqual([[0], [1, 2, 3]]);
  });

  it('rejects every caller of a failed write', async () => {
    const group = new GroupCommit<number>(
      async () => {
        throw new Error('stream down');
      },
      { windowMs: 1, max: 10 },
    );
    const results = await Promise.allSettled([group.add(1), group.add(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('Redis stream housekeeping', () => {
  // A database of its own, built once here rather than inside the test: a second database and
  // app take seconds, several times that on a busy machine.
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DATA_DIR: tempDataDir(), DELIVERY_STREAM: 'postgres' });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it("trims only acknowledged entries; a dead worker's pending entries are claimed and recorded", async () => {
    const prefix = `cryptads-test:${randomBytes(6).toString('hex')}:`;
    const client = createRedis({ url: REDIS_URL, prefix });
    try {
      const adv = await fundedAdvertiser(app, 10);
      const site = await approvedWebsite(app);
      const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
      const one = new RedisStream(client, app.ctx.db, { consumer: 'one' });
      await one.append(
        Array.from({ length: 10 }, () => streamEvent('stream', campaignId, adv.user.id, site.publisher.user.id)),
      );
      // 'dead' takes the first 4 and dies before recording them; 'one' records the other 6.
      await client.xgroup('CREATE', STREAM_KEY, STREAM_GROUP, '0', 'MKSTREAM');
      await client.xreadgroup('GROUP', STREAM_GROUP, 'dead', 'COUNT', 4, 'STREAMS', STREAM_KEY, '>');
      const recorded: number[] = [];
      const record = async (_tx: unknown, entries: unknown[]) => recorded.push(entries.length);
      expect((await one.process({ max: 100 }, record))?.entries).toHaveLength(6);
      // Acknowledged, but older pending entries remain: nothing is trimmed below them.
      expect(await client.xlen(STREAM_KEY)).toBe(10);
      const rescuer = new RedisStream(client, app.ctx.db, { consumer: 'rescuer', claimIdleMs: 0 });
      expect((await rescuer.process({ max: 100 }, record))?.entries).toHaveLength(4);
      expect(recorded).toEqual([6, 4]);
      expect(await client.xlen(STREAM_KEY)).toBe(0);
      expect(await rescuer.process({ max: 100 }, record)).toBeNull();
    } finally {
      await client.del(STREAM_KEY);
      await closeRedis(client);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adEvents } from '../../db/schema/stats';
import { closeRedis, createRedis } from '../../lib/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { ledgerSumOf } from '../ledger/test-helpers';
import { Recorder } from './recorder';
import type { DeliveryStream } from './stream';
import { PostgresStream } from './stream-postgres';
import { RedisStream, STREAM_KEY } from './stream-redis';
import {
  approvedWebsite,
  balanceOf,
  fundedAdvertiser,
  runningCampaign,
  streamEvent,
  FAST_CONSUMER,
} from './test-helpers';
import type { DeliveryEvent } from './types';

/**
 * Faults that heal themselves (docs/decisions/036-faults-that-heal.md): a Redis that lost the
 * stream and its consumer group has them recreated by the next read or probe; an event's
 * recording follows its answer in both directions when an append fails after it landed; the
 * recorder's readiness comes back after an append outage without any request.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function recordedIds(app: TestApp, campaignId: number) {
  return rowsOf<{ id: string }>(
    await app.ctx.db.execute(sql`select impression_id as id from ${adEvents} where campaign_id = ${campaignId}`),
  ).map((r) => r.id);
}

/** A stream whose appends land and then fail as if their answer was lost, `before` running first. */
function answerLost(stream: DeliveryStream, before: () => Promise<void> = async () => {}): DeliveryStream {
  return Object.assign(Object.create(stream) as DeliveryStream, {
    append: async (events: readonly DeliveryEvent[]) => {
      await stream.append(events);
      await before();
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    },
  });
}

describe.each(['postgres', 'redis'] as const)('faults that heal on %s', (kind) => {
  let app: TestApp;
  const prefix = `cryptads-test:${randomBytes(6).toString('hex')}:`;
  const clients: ReturnType<typeof createRedis>[] = [];
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
    for (const c of clients) await closeRedis(c);
    if (kind === 'redis') {
      // Only this test's keys: never FLUSHDB on a shared Redis.
      const redis = createRedis({ url: REDIS_URL, prefix: '' });
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await closeRedis(redis);
    }
  });

  function openStream(): DeliveryStream {
    if (kind === 'postgres') return new PostgresStream(app.ctx.db);
    const client = createRedis({ url: REDIS_URL, prefix });
    clients.push(client);
    return new RedisStream(client, app.ctx.db, { claimIdleMs: 0 });
  }

  async function world() {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    return { adv, publisherId: site.publisher.user.id, campaignId };
  }

  it('an append that landed but was answered "no ad" is never recorded', async () => {
    const { adv, publisherId, campaignId } = await world();
    const before = await balanceOf(app, adv.user.id);
    const stream = openStream();
    const appender = new Recorder(app.ctx, {}, undefined, { stream: answerLost(stream), consume: false });
    const lost = streamEvent('heal', campaignId, adv.user.id, publisherId);
    expect(await appender.append(lost)).toBe(false);
    const kept = new Recorder(app.ctx, {}, undefined, { stream, consume: false });
    const shown = streamEvent('heal', campaignId, adv.user.id, publisherId);
    expect(await kept.append(shown)).toBe(true);
    // The event is in the stream; the consumer drops it and records the one answered with an ad.
    const worker = new Recorder(app.ctx, {}, undefined, { stream, consumer: FAST_CONSUMER });
    await worker.flush();
    expect(await stream.backlog()).toBe(0);
    expect(await recordedIds(app, campaignId)).toEqual([shown.impressionId]);
    expect(await balanceOf(app, adv.user.id)).toBe(before - 200n);
    expect(await ledgerSumOf(app.ctx.db, publisherId)).toBe(140n);
    await Promise.all([appender.close(), kept.close(), worker.close()]);
  });

  it('an append whose event a consumer recorded before the answer was known is answered as an ad', async () => {
    const { adv, publisherId, campaignId } = await world();
    const before = await balanceOf(app, adv.user.id);
    const stream = openStream();
    const worker = new Recorder(app.ctx, {}, undefined, { stream, consumer: FAST_CONSUMER });
    // The write lands, a worker records it at once, and only then the append's answer is lost.
    const appender = new Recorder(app.ctx, {}, undefined, {
      stream: answerLost(stream, () => worker.flush()),
      consume: false,
    });
    const raced = streamEvent('heal', campaignId, adv.user.id, publisherId);
    expect(await appender.append(raced)).toBe(true);
    await worker.flush();
    expect(await recordedIds(app, campaignId)).toEqual([raced.impressionId]);
    expect(await balanceOf(app, adv.user.id)).toBe(before - 200n);
    await Promise.all([appender.close(), worker.close()]);
  });

  it("the recorder's readiness comes back after an append outage without any request", async () => {
    const stream = openStream();
    let down = true;
    const failing = Object.assign(Object.create(stream) as DeliveryStream, {
      append: async (events: readonly DeliveryEvent[]) => {
        if (down) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        await stream.append(events);
      },
      probe: async () => {
        if (down) throw new Error('still down');
        await stream.probe?.();
      },
    });
    const recorder = new Recorder(app.ctx, {}, undefined, { stream: failing, consume: false });
    const { adv, publisherId, campaignId } = await world();
    for (let i = 0; i < 3; i++)
      expect(await recorder.append(streamEvent('heal', campaignId, adv.user.id, publisherId))).toBe(false);
    // What /api/ready reads: 3 failures in a row make the recorder not ready.
    expect(recorder.status().consecutiveFailures).toBe(3);
    down = false;
    // No append from here on: the recorder's own probe clears the failures.
    await vi.waitFor(() => expect(recorder.status().consecutiveFailures).toBe(0), { timeout: 5000, interval: 100 });
    await recorder.close();
  });
});

describe('a Redis that came back empty', () => {
  let app: TestApp;
  const prefix = `cryptads-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    app = await createTestApp({
      DATA_DIR: tempDataDir(),
      PUBLIC_URL: 'http://ads.test',
      DELIVERY_FLUSH_MS: '10000',
      IVT_ENABLED: '0',
      DELIVERY_STREAM: 'redis',
      REDIS_URL,
      REDIS_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await app.closeAll();
    const redis = createRedis({ url: REDIS_URL, prefix: '' });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await closeRedis(redis);
  });

  it('has its stream and consumer group recreated by the worker and by an appending process', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    const publisherId = site.publisher.user.id;
    const client = createRedis({ url: REDIS_URL, prefix });
    const stream = new RedisStream(client, app.ctx.db, { claimIdleMs: 0 });
    const appender = new Recorder(app.ctx, {}, undefined, { stream, consume: false });
    const worker = new Recorder(app.ctx, {}, undefined, { stream, consumer: FAST_CONSUMER });
    const first = streamEvent('heal', campaignId, adv.user.id, publisherId);
    expect(await appender.append(first)).toBe(true);
    await worker.flush();
    // What this prefix holds in a Redis restarted empty: nothing, no stream, no group.
    await client.del(STREAM_KEY);
    const second = streamEvent('heal', campaignId, adv.user.id, publisherId);
    expect(await appender.append(second)).toBe(true);
    await worker.flush();
    // An appending process's probe recreates them too.
    await client.del(STREAM_KEY);
    await stream.probe();
    const groups = (await client.xinfo('GROUPS', STREAM_KEY)) as unknown[];
    expect(groups.length).toBe(1);
    expect((await recordedIds(app, campaignId)).sort()).toEqual([first.impressionId, second.impressionId].sort());
    await Promise.all([appender.close(), worker.close()]);
    await closeRedis(client);
  });
});

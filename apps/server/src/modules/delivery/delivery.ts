import { hash, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Bus } from '../../lib/bus';
import { createGeo, type Geo } from '../../adapters/geo/geo';
import { loadClickSecret } from './click-token';
import { DeliveryEngine } from './engine';
import { followIndexChanges } from './index-events';
import { createInvalidTraffic, type InvalidTraffic } from './ivt';
import { throttledLog } from '../../lib/log-errors';
import { closeRedis, createRedis } from '../../lib/redis';
import type { ConsumerOptions } from './consumer';
import { Recorder } from './recorder';
import type { WriterContext } from './writer/record-batch';
import { LocalDeliveryState, RedisDeliveryState } from './shared-state';
import type { DeliveryStream } from './stream';
import { noticeKeyOf } from './notice-token';
import { JournalStream } from './stream-journal';
import { PostgresStream } from './stream-postgres';
import { RedisStream, type RedisStreamOptions } from './stream-redis';

/** What the delivery endpoints hold on to (AppContext.delivery). */
export type Delivery = {
  engine: DeliveryEngine;
  recorder: Recorder;
  geo: Geo;
  /** The invalid-traffic filter of /serve and /click (docs/decisions/019-invalid-traffic.md). */
  ivt: InvalidTraffic;
  clickSecret: KeyObject;
  /** The key of bid notices (./notice-token.ts), derived from the click secret. */
  noticeKey: KeyObject;
  /**
   * Clicked impressions (a click is billed once): this process's map, or Redis's set shared
   * by every process (docs/decisions/029).
   */
  clicks: LocalDeliveryState | RedisDeliveryState;
  /** Flushes the recorder and stops the timers. */
  close: () => Promise<void>;
};

type Log = { error: (o: object, m: string) => void };

export type DeliveryOptions = {
  log?: Log;
  refreshMs?: number;
  /** Default true: this process serves (the engine's index is loaded) and appends events. */
  serve?: boolean;
  /** Default true: this process runs the stream's consumer (records the events). */
  consume?: boolean;
  /** Tests: the consumer's retry and split limits, the Redis consumer's claim delay. */
  consumer?: ConsumerOptions;
  redisStream?: RedisStreamOptions;
};

/**
 * The durable stream of DELIVERY_STREAM (docs/decisions/028-durable-delivery-events.md), with
 * what closes it; null for `memory`. The Redis client is this stream's own connection.
 */
async function openStream(
  ctx: WriterContext,
  opts: DeliveryOptions,
): Promise<{ stream: DeliveryStream; close: () => Promise<void> } | null> {
  const kind = ctx.config.delivery.stream;
  if (kind === 'memory') return null;
  if (kind === 'journal') {
    const stream = await JournalStream.open(path.join(ctx.config.dataDir, 'journal'), ctx.db, {
      ...ctx.config.delivery.journal,
      log: opts.log && { warn: (o, m) => opts.log?.error(o, m), error: (o, m) => opts.log?.error(o, m) },
    });
    // The recorder's close closes the stream (and its file) after its last batch.
    return { stream, close: async () => {} };
  }
  if (kind === 'postgres') return { stream: new PostgresStream(ctx.db), close: async () => {} };
  const redisConfig = ctx.config.redis;
  if (!redisConfig) throw new Error('DELIVERY_STREAM=redis needs REDIS_URL');
  const client = createRedis(redisConfig, { name: 'stream', log: opts.log });
  // Named by host and port (unique among the live processes of a host): a worker restarted
  // in place reads what its predecessor left pending at once, not after the claim delay.
  const consumer = `${hostname()}:${ctx.config.port}`;
  return {
    stream: new RedisStream(client, ctx.db, { consumer, ...opts.redisStream }),
    close: () => closeRedis(client),
  };
}

/**
 * Builds the engine and recorder, wired so that recorded spend reaches the engine's counters.
 * A process that does not serve never loads the index; one that does not consume only appends.
 */
export async function createDelivery(
  // AppContext's parts, named apart: AppContext itself holds a Delivery.
  ctx: WriterContext & { redis?: Redis | null; bus?: Bus },
  opts: DeliveryOptions = {},
): Promise<Delivery> {
  const serve = opts.serve !== false;
  const consume = opts.consume !== false;
  const opened = await openStream(ctx, opts);
  // With REDIS_URL the state several processes share lives there (the process's shared client,
  // or one of its own for a caller without one).
  const redisConfig = ctx.config.redis;
  const ownRedis = redisConfig && !ctx.redis ? createRedis(redisConfig, { name: 'delivery', log: opts.log }) : null;
  const redis = ctx.redis ?? ownRedis;
  const clickTtlMs = ctx.config.delivery.clickTtlHours * 3_600_000;
  const shared = redis ? new RedisDeliveryState(redis, clickTtlMs) : null;
  const engine = new DeliveryEngine(ctx.db, {
    publicUrl: ctx.config.publicUrl,
    refreshMs: opts.refreshMs,
    // A failing refresh is retried every few seconds: one line per 10 s (decision 024).
    log: opts.log && throttledLog(opts.log),
    shared,
  });
  const commitErrors = throttledLog(opts.log ?? { error: () => {} });
  const recorder = new Recorder(
    ctx,
    {
      onPushed: (e) => engine.onPushed(e),
      onCommitted: (events, r) => {
        engine.onCommitted(events, r.balances);
        // Pending spend of the batch's reservations leaves the shared state, in every process's view.
        shared
          ?.commit(events, r.balances)
          .catch((err) => commitErrors.error({ err }, 'releasing reservations in the shared state failed'));
      },
    },
    opts.log,
    opened
      ? {
          stream: opened.stream,
          consume,
          // Serving too, it hears of its own appends: others' are looked for every 10 ticks.
          consumer: { ...(serve ? { idlePollMs: ctx.config.delivery.flushMs * 10 } : {}), ...opts.consumer },
        }
      : {},
  );
  if (serve) await engine.start();
  // Index changes other processes' workers announce (docs/decisions/029).
  const unfollow = serve && ctx.bus ? followIndexChanges(engine, ctx.bus, opts.log) : null;
  recorder.start();
  const clickSecret = loadClickSecret(ctx.config);
  return {
    engine,
    recorder,
    geo: createGeo(ctx.config),
    ivt: createInvalidTraffic(ctx.config),
    clickSecret,
    noticeKey: noticeKeyOf(clickSecret),
    clicks: shared ?? new LocalDeliveryState(clickTtlMs),
    async close() {
      unfollow?.();
      engine.stop();
      await recorder.close();
      await opened?.close();
      if (ownRedis) await closeRedis(ownRedis);
    },
  };
}

/**
 * Frequency capping's visitor: a hash of the address and the browser family (os, browser,
 * device), not the whole user agent: rotating user-agent strings does not make a new visitor
 * (docs/decisions/019-invalid-traffic.md). Nothing personal is kept.
 */
export const visitorKey = (ip: string, agent: { os: string; browser: string; device: number }) =>
  hash('sha256', `${ip}\n${agent.os}\n${agent.browser}\n${agent.device}`, 'base64url').slice(0, 22);

import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { createGeo, type Geo } from '../../adapters/geo/geo';
import { loadClickSecret } from './click-token';
import { DeliveryEngine } from './engine';
import { createInvalidTraffic, type InvalidTraffic } from './ivt';
import { throttledLog } from '../../lib/log-errors';
import { Recorder } from './recorder';

/** What the delivery endpoints hold on to (AppContext.delivery). */
export type Delivery = {
  engine: DeliveryEngine;
  recorder: Recorder;
  geo: Geo;
  /** The invalid-traffic filter of /serve and /click (docs/decisions/019-invalid-traffic.md). */
  ivt: InvalidTraffic;
  clickSecret: Buffer;
  /** Flushes the recorder and stops the timers. */
  close: () => Promise<void>;
};

type Log = { error: (o: object, m: string) => void };

/** Builds the engine and recorder, wired so that recorded spend reaches the engine's counters. */
export async function createDelivery(
  ctx: Pick<AppContext, 'db' | 'config'>,
  opts: { log?: Log; refreshMs?: number } = {},
): Promise<Delivery> {
  const engine = new DeliveryEngine(ctx.db, {
    publicUrl: ctx.config.publicUrl,
    refreshMs: opts.refreshMs,
    // A failing refresh is retried every few seconds: one line per 10 s (decision 024).
    log: opts.log && throttledLog(opts.log),
  });
  const recorder = new Recorder(
    ctx,
    {
      onPushed: (e) => engine.onPushed(e),
      onCommitted: (events, r) => engine.onCommitted(events, r.balances),
    },
    opts.log,
  );
  await engine.start();
  recorder.start();
  return {
    engine,
    recorder,
    geo: createGeo(ctx.config),
    ivt: createInvalidTraffic(ctx.config),
    clickSecret: loadClickSecret(ctx.config),
    async close() {
      engine.stop();
      await recorder.close();
    },
  };
}

/**
 * Frequency capping's visitor: a hash of the address and the browser family (os, browser,
 * device), not the whole user agent: rotating user-agent strings does not make a new visitor
 * (docs/decisions/019-invalid-traffic.md). Nothing personal is kept.
 */
export const visitorKey = (ip: string, agent: { os: string; browser: string; device: number }) =>
  createHash('sha256').update(`${ip}\n${agent.os}\n${agent.browser}\n${agent.device}`).digest('base64url').slice(0, 22);

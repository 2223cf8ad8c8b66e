import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { createGeo, type Geo } from '../../adapters/geo/geo';
import { loadClickSecret } from './click-token';
import { DeliveryEngine } from './engine';
import { Recorder } from './recorder';

/** What the delivery endpoints hold on to (AppContext.delivery). */
export type Delivery = {
  engine: DeliveryEngine;
  recorder: Recorder;
  geo: Geo;
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
    log: opts.log,
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
    clickSecret: loadClickSecret(ctx.config),
    async close() {
      engine.stop();
      await recorder.close();
    },
  };
}

/** Frequency capping's visitor: a hash of address and user agent (nothing personal is kept). */
export const visitorKey = (ip: string, userAgent: string) =>
  createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22);

import { createRng } from './random';
import { emptyStats, type LiveStats, type LiveZone, visitPage } from './live';
import { createVisitorGenerator } from './visitors';

/**
 * The demo mode's live trickle: while the server runs, every few seconds zero to a few
 * visitors go through the same path as live mode (HTTP to the server's own /serve and
 * /click), so today's numbers move: a few impressions per minute, an occasional click.
 * It never throws; it logs at debug level only.
 */

export type TrickleOptions = {
  baseUrl: string;
  geoHeader: string;
  /** The zones to visit, asked again every `zonesEveryMs` (zones are approved, paused...). */
  loadZones: () => Promise<LiveZone[]>;
  /** Between two ticks (ms); default 10 s. */
  everyMs?: number;
  /** Most visitors per tick (0 to this many, uniformly); default 2. */
  maxVisitorsPerTick?: number;
  zonesEveryMs?: number;
  seed?: number;
  /** Conversions on the landing pages (see VisitOptions.conversion); none when absent. */
  conversion?: { share: number; goals: readonly string[] };
  log: { debug: (obj: object, msg: string) => void };
};

export type Trickle = {
  /** Totals since start. */
  stats: LiveStats;
  /** Stops the timer and waits for the requests in flight (aborted after 2 s). */
  stop: () => Promise<void>;
};

export function startTrickle(opts: TrickleOptions): Trickle {
  const everyMs = opts.everyMs ?? 10_000;
  const zonesEveryMs = opts.zonesEveryMs ?? 60_000;
  const maxPerTick = opts.maxVisitorsPerTick ?? 2;
  const seed = opts.seed ?? Date.now();
  const rng = createRng(seed);
  const visitors = createVisitorGenerator(seed ^ 0x7e1c);
  const stats = emptyStats();
  const abort = new AbortController();
  let zones: LiveZone[] = [];
  let zonesAt = 0;
  let stopped = false;
  let tickRunning: Promise<void> | null = null;

  const tick = async () => {
    try {
      if (Date.now() - zonesAt >= zonesEveryMs) {
        zones = await opts.loadZones();
        zonesAt = Date.now();
      }
      if (zones.length === 0) return;
      const count = rng.int(0, maxPerTick);
      const before = { ...stats };
      await Promise.all(
        Array.from({ length: count }, () =>
          visitPage(zones, visitors.next(), rng, stats, {
            baseUrl: opts.baseUrl,
            geoHeader: opts.geoHeader,
            signal: abort.signal,
            timeoutMs: 5000,
            ...(opts.conversion ? { conversion: opts.conversion } : {}),
          }),
        ),
      );
      if (count > 0)
        opts.log.debug(
          {
            served: stats.served - before.served,
            noAd: stats.noAd - before.noAd,
            clicks: stats.clicks - before.clicks,
            conversions: stats.conversions - before.conversions,
            errors: stats.errors - before.errors,
          },
          'demo traffic trickle',
        );
    } catch (err) {
      opts.log.debug({ err }, 'demo traffic trickle failed');
    }
  };

  const timer = setInterval(() => {
    if (stopped || tickRunning) return;
    tickRunning = tick().finally(() => {
      tickRunning = null;
    });
  }, everyMs);
  timer.unref();

  return {
    stats,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      const running = tickRunning;
      if (!running) return;
      const grace = setTimeout(() => abort.abort(), 2000);
      await running;
      clearTimeout(grace);
    },
  };
}

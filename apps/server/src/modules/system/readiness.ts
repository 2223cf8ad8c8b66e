import { sql } from 'drizzle-orm';
import type { Readiness } from '@cryptads/contract/system';
import type { AppContext } from '../../context';
import { jobLocks } from '../../db/schema/system';
import { roleParts } from '../../process-role';

/**
 * GET /api/ready (docs/decisions/024-faults-and-readiness.md): /api/health says the process
 * lives, this says it can take traffic. Three parts, each cheap:
 * - database: a write in a transaction that is rolled back (a read would pass while writes
 *   fail), at most one per PROBE_CACHE_MS whatever the number of callers, given up after
 *   PROBE_TIMEOUT_MS;
 * - delivery: the index was loaded and a refresh succeeded recently;
 * - recorder: not saturated and not failing batch after batch.
 * Each process role (docs/decisions/030) is checked on its parts only: an api process on the
 * database, a delivery process also on its index and recorder, a worker on its recorder.
 */

export type ReadinessOptions = {
  /** A probe result is reused this long (ms). */
  probeCacheMs?: number;
  /** A probe slower than this counts as failed (ms). */
  probeTimeoutMs?: number;
  /** The recorder is not ready after this many failed batches in a row. */
  maxRecorderFailures?: number;
  /** The delivery index is stale after max(this, 10 refresh intervals) without a refresh (ms). */
  maxIndexAgeMs?: number;
  now?: () => number;
};

const PROBE_CACHE_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;
const MAX_RECORDER_FAILURES = 3;
const MAX_INDEX_AGE_MS = 30_000;
const PROBE_ROW = 'readiness-probe';

/** Thrown inside the probe's transaction to roll it back. */
class ProbeRollback extends Error {}

type Probe = { ok: boolean; latencyMs: number | null; at: number };

/** One write, rolled back: proves the database takes writes without changing anything. Its latency, null on failure. */
async function writeProbe(ctx: Pick<AppContext, 'db'>): Promise<number | null> {
  const started = performance.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(jobLocks)
        .values({ name: PROBE_ROW, lockedUntil: new Date(0) })
        .onConflictDoUpdate({ target: jobLocks.name, set: { lastRunAt: sql`now()` } });
      throw new ProbeRollback();
    });
  } catch (error) {
    if (error instanceof ProbeRollback) return Math.round((performance.now() - started) * 10) / 10;
  }
  return null;
}

/** The promise's value, or `fallback` after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness of one process; the route answers 503 when `ready` is false. */
export class ReadinessCheck {
  private probe: Probe | null = null;
  private running: Promise<Probe> | null = null;
  private write: Promise<number | null> | null = null;
  private readonly opts: Required<Omit<ReadinessOptions, 'now'>> & { now: () => number };

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'database' | 'delivery'> & {
      config: Pick<AppContext['config'], 'role'>;
    },
    opts: ReadinessOptions = {},
  ) {
    this.opts = {
      probeCacheMs: opts.probeCacheMs ?? PROBE_CACHE_MS,
      probeTimeoutMs: opts.probeTimeoutMs ?? PROBE_TIMEOUT_MS,
      maxRecorderFailures: opts.maxRecorderFailures ?? MAX_RECORDER_FAILURES,
      maxIndexAgeMs: opts.maxIndexAgeMs ?? MAX_INDEX_AGE_MS,
      now: opts.now ?? Date.now,
    };
  }

  private async database(): Promise<Probe> {
    const now = this.opts.now();
    if (this.probe && now - this.probe.at < this.opts.probeCacheMs) return this.probe;
    // Callers at the same moment share one probe.
    this.running ??= this.measure().finally(() => {
      this.running = null;
    });
    this.probe = await this.running;
    return this.probe;
  }

  private async measure(): Promise<Probe> {
    // A write still hanging from an earlier probe is waited for, not joined by another one:
    // a stuck database never holds more than one of the pool's connections for readiness.
    this.write ??= writeProbe(this.ctx).finally(() => {
      this.write = null;
    });
    const latencyMs = await within(this.write, this.opts.probeTimeoutMs, null);
    return { ok: latencyMs !== null, latencyMs, at: this.opts.now() };
  }

  async check(): Promise<Readiness> {
    const probe = await this.database();
    const now = this.opts.now();
    const role = this.ctx.config.role;
    const parts = roleParts(role);
    const delivery = this.ctx.delivery;
    const engine = delivery?.engine.health() ?? { loaded: false, refreshedAt: 0, refreshMs: 0 };
    const ageMs = engine.refreshedAt ? Math.max(0, now - engine.refreshedAt) : null;
    const maxAgeMs = Math.max(this.opts.maxIndexAgeMs, engine.refreshMs * 10);
    // Without a refresh timer (refreshMs 0) the index changes only by events: its age says nothing.
    const indexReady = engine.loaded && (engine.refreshMs <= 0 || (ageMs !== null && ageMs <= maxAgeMs));
    const recorder = delivery?.recorder.status() ?? {
      buffered: 0,
      saturated: false,
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      stream: null,
    };
    const recorderReady =
      delivery !== undefined && !recorder.saturated && recorder.consecutiveFailures < this.opts.maxRecorderFailures;
    return {
      ready: probe.ok && (!parts.serve || indexReady) && (!(parts.serve || parts.consume) || recorderReady),
      role,
      database: {
        ready: probe.ok,
        kind: this.ctx.database.kind,
        latencyMs: probe.latencyMs,
        checkedAt: new Date(probe.at).toISOString(),
      },
      delivery: parts.serve
        ? { ready: indexReady, loaded: engine.loaded, ageSeconds: ageMs === null ? null : Math.round(ageMs / 100) / 10 }
        : null,
      recorder:
        parts.serve || parts.consume
          ? {
              ready: recorderReady,
              buffered: recorder.buffered,
              saturated: recorder.saturated,
              consecutiveFailures: recorder.consecutiveFailures,
              lastSuccessAt: recorder.lastSuccessAt?.toISOString() ?? null,
              lastFailureAt: recorder.lastFailureAt?.toISOString() ?? null,
              stream: recorder.stream?.kind ?? 'memory',
              deadLetters: recorder.stream?.deadLetters ?? null,
            }
          : null,
    };
  }
}

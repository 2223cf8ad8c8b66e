import { sql } from 'drizzle-orm';
import type { Readiness } from '@cryptads/contract/system';
import type { AppContext } from '../../context';
import { jobLocks } from '../../db/schema/system';
import { describeError, ThrottledErrorLog } from '../../lib/log-errors';
import { roleParts } from '../../process-role';
import { findSessionByHash } from '../sessions/sessions.service';

/**
 * GET /api/ready (docs/decisions/024-faults-and-readiness.md): /api/health says the process
 * lives, this says it can take traffic. Three parts, each cheap:
 * - database: a write in a transaction that is rolled back (a read would pass while writes
 *   fail) and, where /api is served, the session lookup every authenticated request runs (a
 *   connection can take writes and still fail that prepared statement), at most one probe per
 *   PROBE_CACHE_MS whatever the number of callers, given up after PROBE_TIMEOUT_MS;
 * - delivery: the index was loaded and a refresh succeeded recently;
 * - recorder: not saturated and not failing batch after batch.
 * Each process role (docs/decisions/030) is checked on its parts only: an api process on the
 * database, a delivery process also on its index and recorder, a worker on its recorder.
 *
 * A failed probe also heals what it found: the pool discards a connection whose write was
 * refused as read-only or whose prepared statements are out of step (db/client.ts), and pg's
 * `pool.query`, which the session lookup goes through, discards the connection of any failed
 * statement; the next probe opens a new one.
 * Not ready is logged with its reason, once per reason per 10 s.
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
  /** Where "not ready" and its reason are logged (throttled). */
  log?: ReadinessLog;
  now?: () => number;
};

type ReadinessLog = { error: (o: object, m: string) => void; info: (o: object, m: string) => void };

const PROBE_CACHE_MS = 1000;
const PROBE_TIMEOUT_MS = 2000;
const MAX_RECORDER_FAILURES = 3;
const MAX_INDEX_AGE_MS = 30_000;
const PROBE_ROW = 'readiness-probe';
/** Matches no session: a token's hash is 64 hexadecimal digits. */
const PROBE_TOKEN_HASH = 'readiness-probe';

/** Thrown inside the probe's transaction to roll it back. */
class ProbeRollback extends Error {}

/**
 * What failed, for the answer (public: the step and the SQLSTATE, never the driver's message,
 * which may name hosts or users) and the error itself, for the log.
 */
type Failure = { reason: string; error?: unknown };
type Measured = { latencyMs: number | null; failure: Failure | null };
type Probe = Measured & { ok: boolean; at: number };

const failed = (step: string, error: unknown): Measured => {
  const code = describeError(error).code;
  return { latencyMs: null, failure: { reason: `${step} failed${code ? ` (${code})` : ''}`, error } };
};

/**
 * One write, rolled back (the database takes writes, nothing changes), then, when `session`,
 * the session lookup with a hash that matches nothing: the prepared statement every
 * authenticated request runs, on the connection the pool hands out as it would to a request.
 */
async function probeDatabase(ctx: Pick<AppContext, 'db'>, session: boolean): Promise<Measured> {
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
    if (!(error instanceof ProbeRollback)) return failed('write', error);
  }
  if (session) {
    try {
      await findSessionByHash(ctx.db, PROBE_TOKEN_HASH);
    } catch (error) {
      return failed('session lookup', error);
    }
  }
  return { latencyMs: Math.round((performance.now() - started) * 10) / 10, failure: null };
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
  private write: Promise<Measured> | null = null;
  private readonly opts: Required<Omit<ReadinessOptions, 'now' | 'log'>> & { now: () => number };
  private readonly log: ReadinessLog | undefined;
  /** Not-ready lines, one per reason per 10 s; started afresh once ready again. */
  private errors: ThrottledErrorLog;
  /** When the process was last seen not ready; null while ready. */
  private notReadySince: number | null = null;

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
    this.log = opts.log;
    this.errors = new ThrottledErrorLog(opts.log, { now: this.opts.now });
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
    const session = roleParts(this.ctx.config.role).api;
    this.write ??= probeDatabase(this.ctx, session).finally(() => {
      this.write = null;
    });
    const measured = await within(this.write, this.opts.probeTimeoutMs, {
      latencyMs: null,
      failure: { reason: `no answer within ${this.opts.probeTimeoutMs} ms` },
    });
    return { ...measured, ok: measured.failure === null, at: this.opts.now() };
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
    const ready = probe.ok && (!parts.serve || indexReady) && (!(parts.serve || parts.consume) || recorderReady);
    // Worded the same while the cause lasts: the log keeps one line per reason per 10 s.
    const reasons = [
      probe.failure ? `database ${probe.failure.reason}` : null,
      parts.serve && !indexReady ? (engine.loaded ? 'delivery index stale' : 'delivery index not loaded') : null,
      (parts.serve || parts.consume) && !recorderReady
        ? recorder.saturated
          ? 'recorder saturated'
          : 'recorder failing batches'
        : null,
    ].filter((r) => r !== null);
    this.report(ready, reasons, probe.failure?.error);
    return {
      ready,
      role,
      database: {
        ready: probe.ok,
        kind: this.ctx.database.kind,
        latencyMs: probe.latencyMs,
        failure: probe.failure?.reason ?? null,
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

  /**
   * A load balancer sees only 503; the operator reads why in the log: one line per reason per
   * 10 s (the database's error described without parameters), and one when ready again.
   */
  private report(ready: boolean, reasons: string[], error: unknown) {
    const role = this.ctx.config.role;
    if (ready) {
      if (this.notReadySince === null) return;
      const notReadyMs = this.opts.now() - this.notReadySince;
      this.notReadySince = null;
      this.errors = new ThrottledErrorLog(this.log, { now: this.opts.now });
      this.log?.info({ role, notReadyMs }, 'ready again');
      return;
    }
    this.notReadySince ??= this.opts.now();
    const reason = reasons.join('; ');
    this.errors.error(reason, error, { role }, `not ready: ${reason}`);
  }
}

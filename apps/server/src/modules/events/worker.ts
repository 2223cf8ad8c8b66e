import { and, asc, count, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DrainLoop } from '../../lib/drain-loop';
import { domainEvents } from '../../db/schema/events';
import type { DomainEvent, DomainEventType, EventOf } from './events';

/**
 * One reaction to one event type. `name` is stored in the outbox row once it succeeded, so a
 * retry runs only the handlers that failed: it must stay stable across releases. Handlers run
 * at least once (a crash between the work and the bookkeeping runs them again), so each one is
 * idempotent: it reads the current state rather than trusting the event's numbers.
 */
export type EventHandler = {
  [T in DomainEventType]: { type: T; name: string; handle: (event: EventOf<T>) => Promise<void> | void };
}[DomainEventType];

/** Declares a handler with its event's type inferred. */
export const on = <T extends DomainEventType>(
  type: T,
  name: string,
  handle: (event: EventOf<T>) => Promise<void> | void,
): EventHandler => ({ type, name, handle }) as EventHandler;

type Log = { error: (o: object, m: string) => void };

export type EventWorkerOptions = {
  handlers: readonly EventHandler[];
  /** Events written by other processes (an operator command on PostgreSQL) and retries are found this often. */
  pollMs?: number;
  /** Events taken per round trip. */
  batchSize?: number;
  /** A taken event comes back to every worker after this long (its worker crashed). */
  leaseMs?: number;
  /** Wait before the next attempt after `attempts` failed ones. */
  retryDelayMs?: (attempts: number) => number;
  log?: Log;
};

/** 1 s, 2 s, 4 s … up to 15 minutes between attempts; an event is never given up. */
export const defaultRetryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

export type DrainResult = { handled: number; failed: number };

/**
 * Drains the outbox after commit. Several server processes may run one each on PostgreSQL:
 * an event is taken with FOR UPDATE SKIP LOCKED and leased (its `available_at` moves to the end
 * of the lease), so two workers never run it at the same time; the embedded database has one
 * process. The rounds run in a DrainLoop (lib/drain-loop.ts).
 */
export class EventWorker {
  private readonly byType = new Map<string, EventHandler[]>();
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: (attempts: number) => number;
  private readonly loop: DrainLoop<DrainResult>;

  constructor(
    private readonly db: Db,
    private readonly opts: EventWorkerOptions,
  ) {
    for (const h of opts.handlers) {
      const list = this.byType.get(h.type) ?? [];
      if (list.some((other) => other.name === h.name)) throw new Error(`events: two handlers named ${h.name}`);
      list.push(h);
      this.byType.set(h.type, list);
    }
    this.batchSize = opts.batchSize ?? 100;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.retryDelayMs = opts.retryDelayMs ?? defaultRetryDelayMs;
    this.loop = new DrainLoop({
      round: (now) => this.round(now),
      zero: () => ({ handled: 0, failed: 0 }),
      pollMs: opts.pollMs,
      log: opts.log,
      failureMessage: 'event worker round failed; will retry',
    });
  }

  /** Handles what is waiting now, then looks again every pollMs (default 1 s). */
  start() {
    this.loop.start();
  }

  /** Stops the timer and waits for the round in progress; what is left stays in the outbox. */
  stop() {
    return this.loop.stop();
  }

  /** A transaction with events committed: run a round soon (one queued round covers many wakes). */
  wake() {
    this.loop.wake();
  }

  /**
   * Handles every event that is due (at `now`, default the database's clock) until none is
   * left, the ones that handlers emit meanwhile included; failures are recorded for a later
   * retry, not thrown. Tests await it instead of sleeping; `now` in the future runs retries
   * whose backoff has not elapsed yet.
   */
  drain(opts: { now?: Date } = {}): Promise<DrainResult> {
    return this.loop.drain(opts.now);
  }

  /** Events not handled yet (waiting, leased or backing off). */
  async pending(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(domainEvents).where(isNull(domainEvents.doneAt));
    return row?.n ?? 0;
  }

  private async round(now?: Date): Promise<DrainResult> {
    const at: SQL = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const due = this.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(isNull(domainEvents.doneAt), lte(domainEvents.availableAt, at)))
      .orderBy(asc(domainEvents.id))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const taken = await this.db
      .update(domainEvents)
      .set({
        availableAt: sql`${at} + ${this.leaseMs} * interval '1 millisecond'`,
        attempts: sql`${domainEvents.attempts} + 1`,
      })
      .where(inArray(domainEvents.id, due))
      .returning();
    taken.sort((a, b) => a.id - b.id);
    const result: DrainResult = { handled: 0, failed: 0 };
    for (const row of taken) {
      const done = new Set(row.handled);
      const errors: string[] = [];
      const event = row.payload as DomainEvent;
      for (const handler of this.byType.get(row.type) ?? []) {
        if (done.has(handler.name)) continue;
        try {
          await (handler.handle as (e: DomainEvent) => Promise<void> | void)(event);
          done.add(handler.name);
        } catch (err) {
          errors.push(`${handler.name}: ${err instanceof Error ? err.message : String(err)}`);
          this.opts.log?.error(
            { err, event: row.id, type: row.type, handler: handler.name, attempt: row.attempts },
            'event handler failed; will retry',
          );
        }
      }
      if (errors.length === 0) {
        await this.db
          .update(domainEvents)
          .set({ doneAt: sql`now()`, handled: [...done], lastError: null })
          .where(eq(domainEvents.id, row.id));
        result.handled++;
      } else {
        await this.db
          .update(domainEvents)
          .set({
            handled: [...done],
            lastError: errors.join('\n').slice(0, 2000),
            availableAt: sql`${at} + ${this.retryDelayMs(row.attempts)} * interval '1 millisecond'`,
          })
          .where(eq(domainEvents.id, row.id));
        result.failed++;
      }
    }
    return result;
  }
}

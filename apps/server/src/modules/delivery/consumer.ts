import { describeError, ThrottledErrorLog } from '../../lib/log-errors';
import { deadLetterCount, writeDeadLetter } from './dead-letter';
import { databaseUnavailable } from './writer/errors';
import { type RecordResult, recordBatchIn, type WriterContext } from './writer/record-batch';
import { BatchError, type DeliveryStream, decodeEvent, type StreamEntry } from './stream';
import type { DeliveryEvent } from './types';

/**
 * The stream's consumer (docs/decisions/028-durable-delivery-events.md): records batches of
 * up to DELIVERY_STREAM_BATCH events through recordBatch, one transaction each, and tells the
 * engine (`onCommitted`) after each commit. A failing batch:
 * - the database or Redis unreachable, the connection lost, the database read-only
 *   (writer/errors.ts databaseUnavailable):
 *   retried as it is, with backoff, for as long as it takes; never split, never dead-lettered;
 * - refused by the database: retried `splitAfter` times, then split in halves, each retried
 *   the same way, until the poison event is alone; one event refused `deadAfter` times moves
 *   to the dead-letter table with its error, and delivery goes on.
 */

export type ConsumerOptions = {
  /** Failed attempts of a batch before it is split in halves. */
  splitAfter?: number;
  /** Failed attempts of a single event before it becomes a dead letter. */
  deadAfter?: number;
  /** The first retry waits this long, doubling up to retryMaxMs (ms). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * With nothing appended by this process since the last pass, the stream is looked at only
   * this often (ms; default every tick): a process that serves and consumes records its own
   * events at once (`appended()`) and other processes' within this interval, without a query
   * per tick while idle (on the embedded database every query waits for the one session).
   */
  idlePollMs?: number;
  logIntervalMs?: number;
};

const SPLIT_AFTER = 3;
const DEAD_AFTER = 3;
const RETRY_BASE_MS = 200;
// At most 2 s between two tries of a failed batch: a worker whose database comes back is
// recording (and ready) again within a readiness probe or two, while an outage costs one
// small write attempt every 2 s (decision 024's amendment).
const RETRY_MAX_MS = 2_000;
/** The backlog is counted at most this often for the readiness answer (ms). */
const BACKLOG_EVERY_MS = 1000;

type Held = { entries: StreamEntry[]; attempts: number; firstFailedAt: Date };

type Hooks = { onCommitted?: (events: DeliveryEvent[], result: RecordResult) => void };

export class StreamConsumer {
  /** Batches being retried or split, oldest first: each is tried before anything new. */
  private held: Held[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly errors: ThrottledErrorLog;
  private readonly opts: Required<Omit<ConsumerOptions, 'logIntervalMs' | 'idlePollMs'>> & { idlePollMs: number };
  /** This process appended since the last pass. */
  private dirty = false;
  private lastPassAt = 0;
  private backlogAt = 0;
  failures = 0;
  consecutiveFailures = 0;
  lastSuccessAt: Date | null = null;
  lastFailureAt: Date | null = null;
  /** Entries waiting, as last counted. */
  backlog = 0;
  /** Events moved to the dead-letter table by this process. */
  deadLettered = 0;
  /** Rows in the dead-letter table, as last counted (null: not yet). */
  deadLetters: number | null = null;

  constructor(
    private readonly ctx: WriterContext,
    readonly stream: DeliveryStream,
    private readonly hooks: Hooks = {},
    log?: { error: (o: object, m: string) => void },
    opts: ConsumerOptions = {},
  ) {
    this.errors = new ThrottledErrorLog(log, { intervalMs: opts.logIntervalMs });
    this.opts = {
      splitAfter: opts.splitAfter ?? SPLIT_AFTER,
      deadAfter: Math.max(opts.deadAfter ?? DEAD_AFTER, 1),
      retryBaseMs: opts.retryBaseMs ?? RETRY_BASE_MS,
      retryMaxMs: opts.retryMaxMs ?? RETRY_MAX_MS,
      idlePollMs: opts.idlePollMs ?? 0,
    };
  }

  /** Every flushMs, records until the stream is empty (idle: see idlePollMs); after a failure, after its backoff. */
  start() {
    if (this.timer || this.closed) return;
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        const idle = !this.dirty && !this.held.length && Date.now() - this.lastPassAt < this.opts.idlePollMs;
        if (idle) return tick(this.ctx.config.delivery.flushMs);
        this.drain().then(
          () => tick(this.ctx.config.delivery.flushMs),
          () => tick(this.retryDelay()),
        );
      }, delay);
      this.timer.unref();
    };
    tick(this.ctx.config.delivery.flushMs);
  }

  /** This process appended an event: the next tick looks at the stream. */
  appended() {
    this.dirty = true;
  }

  /** Exponential backoff on consecutive failures. */
  private retryDelay() {
    const n = Math.max(this.consecutiveFailures - 1, 0);
    return Math.min(this.opts.retryBaseMs * 2 ** Math.min(n, 16), this.opts.retryMaxMs);
  }

  /**
   * Records until the stream is empty (serialised with the timer's runs). Rejects on the first
   * failed attempt; the next call (the timer after its backoff, or a test) goes on from there.
   */
  drain(): Promise<void> {
    const run = this.chain.then(() => this.run());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private record = async (tx: Parameters<typeof recordBatchIn>[0], entries: StreamEntry[]) => {
    const events = entries.map((e) => decodeEvent(e.data));
    return { events, result: await recordBatchIn(tx, this.ctx.config, events) };
  };

  private async run() {
    this.dirty = false;
    this.lastPassAt = Date.now();
    for (;;) {
      const head = this.held[0];
      let done: Awaited<ReturnType<DeliveryStream['process']>> & {
        result: { events: DeliveryEvent[]; result: RecordResult } | null;
      };
      try {
        done = (await this.stream.process(
          { max: this.ctx.config.delivery.streamBatch, ...(head ? { only: head.entries } : {}) },
          this.record,
        )) as typeof done;
      } catch (error) {
        await this.failed(head, error);
        throw error instanceof BatchError ? error.cause : error;
      }
      if (head) this.held.shift();
      this.consecutiveFailures = 0;
      this.lastSuccessAt = new Date();
      this.errors.recovered('batch');
      if (!done) {
        if (head) continue;
        // An empty take: nothing is waiting, no need to count it; dead letters are counted.
        this.backlog = 0;
        await this.countDeadLetters();
        return;
      }
      // After the commit, outside any try: a throwing hook must not make a batch count twice.
      if (done.result) this.hooks.onCommitted?.(done.result.events, done.result.result);
      await this.countBacklog();
    }
  }

  /** One failed attempt: count it, and split or dead-letter when its time has come. */
  private async failed(head: Held | undefined, error: unknown) {
    const cause = error instanceof BatchError ? error.cause : error;
    const entries = error instanceof BatchError ? error.entries : [];
    this.failures++;
    this.consecutiveFailures++;
    this.lastFailureAt = new Date();
    this.errors.error(
      'batch',
      cause,
      { events: entries.length, held: this.held.length, consecutiveFailures: this.consecutiveFailures },
      'recording a delivery batch failed; will retry',
    );
    if (!entries.length) return;
    const batch = head ?? { entries, attempts: 0, firstFailedAt: new Date() };
    if (!head) this.held.unshift(batch);
    // An outage (connection lost, database read-only): the same events wait for the
    // database, whole, however long it takes.
    if (databaseUnavailable(cause)) return;
    batch.attempts++;
    if (batch.entries.length > 1) {
      if (batch.attempts < this.opts.splitAfter) return;
      const half = Math.ceil(batch.entries.length / 2);
      const firstFailedAt = batch.firstFailedAt;
      this.held.splice(
        0,
        1,
        { entries: batch.entries.slice(0, half), attempts: 0, firstFailedAt },
        { entries: batch.entries.slice(half), attempts: 0, firstFailedAt },
      );
      return;
    }
    const [entry] = batch.entries;
    if (!entry || batch.attempts < this.opts.deadAfter) return;
    const summary = describeError(cause);
    await this.stream.deadLetter(entry, (tx) =>
      writeDeadLetter(tx, {
        data: entry.data,
        error: summary.code ? `${summary.code}: ${summary.message}` : summary.message,
        attempts: batch.attempts,
        firstFailedAt: batch.firstFailedAt,
        lastFailedAt: new Date(),
      }),
    );
    this.held.shift();
    this.deadLettered++;
  }

  private async countBacklog() {
    const now = Date.now();
    if (now - this.backlogAt < BACKLOG_EVERY_MS) return;
    this.backlogAt = now;
    try {
      this.backlog = await this.stream.backlog();
    } catch {
      // the next successful count corrects it; readiness also sees the failures
    }
    await this.countDeadLetters();
  }

  private async countDeadLetters() {
    try {
      this.deadLetters = await deadLetterCount(this.ctx.db);
    } catch {
      // counted again on the next pass
    }
  }

  status() {
    return {
      backlog: this.backlog,
      held: this.held.reduce((n, h) => n + h.entries.length, 0),
      consecutiveFailures: this.consecutiveFailures,
      deadLettered: this.deadLettered,
      deadLetters: this.deadLetters,
      lastSuccessAt: this.lastSuccessAt,
      lastFailureAt: this.lastFailureAt,
    };
  }

  /** Stops the timer and records what is waiting (one pass; failures are left in the stream). */
  async close() {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.drain();
    } catch {
      // logged in failed(); the events stay in the stream for the next consumer
    }
  }
}

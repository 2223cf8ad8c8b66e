import type { ThrottledErrorLog } from '../../lib/log-errors';
import { type ConsumerOptions, StreamConsumer } from './consumer';
import type { Recording, RecorderHooks, RecorderLog, RecorderStatus } from './recording';
import { type DeliveryStream, GroupCommit } from './stream';
import type { DeliveryEvent } from './types';
import { emptyResult, type WriterContext } from './writer/record-batch';

/** Appends arriving within this window (or during the previous write) share one write (ms). */
const APPEND_WINDOW_MS = 1;
/** After a failed append, the stream is probed this often until it takes appends again (ms). */
const PROBE_EVERY_MS = 1000;

/** A failed group append, with the events found recorded already when they were voided. */
class AppendFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly recorded: ReadonlySet<DeliveryEvent>,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Recording through a durable stream (docs/decisions/028-durable-delivery-events.md): `append`
 * stores the event in the stream (group-committed) before the answer is sent, and, when this
 * process consumes, the stream's consumer (./consumer.ts) records it through the batch writer.
 * Any DeliveryStream backend fits (./stream-postgres.ts, ./stream-redis.ts).
 *
 * An event's recording follows its answer (docs/decisions/036-faults-that-heal.md): an append
 * that failed may still have landed (its answer lost with the connection), so its events are
 * voided before /serve answers "no ad"; one the consumer recorded first is answered as an ad.
 * After a failure the stream is probed every second, so readiness comes back without traffic.
 */
export class StreamRecording implements Recording {
  private readonly appender: GroupCommit<DeliveryEvent>;
  /** Records from the stream (null: this process only appends). */
  readonly consumer: StreamConsumer | null;
  /** Appends that failed in a row (the event was answered with no ad, or not billed). */
  private appendFailures = 0;
  /** Events answered "no ad" whose void could not be written yet (the database unreachable). */
  private unvoided: DeliveryEvent[] = [];
  private probeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    ctx: WriterContext,
    private readonly stream: DeliveryStream,
    private readonly hooks: RecorderHooks,
    private readonly errors: ThrottledErrorLog,
    private readonly log: RecorderLog | undefined,
    opts: { consume?: boolean; consumer?: ConsumerOptions },
  ) {
    this.appender = new GroupCommit((events) => this.write(events), {
      windowMs: stream.appendWindowMs ?? APPEND_WINDOW_MS,
      max: ctx.config.delivery.batchMax,
    });
    this.consumer = opts.consume !== false ? new StreamConsumer(ctx, stream, hooks, log, opts.consumer) : null;
  }

  /** One group's append; when it fails, its events are voided before anyone is answered. */
  private async write(events: DeliveryEvent[]) {
    try {
      await this.stream.append(events);
    } catch (error) {
      throw new AppendFailed(error, new Set(await this.settle(events)));
    }
  }

  /**
   * The events of a failed append that were recorded after all (their answer is then the ad);
   * the others can no longer be recorded. When the void cannot be written now, they are
   * answered "no ad" and voided as soon as the database answers.
   */
  private async settle(events: DeliveryEvent[]): Promise<DeliveryEvent[]> {
    if (!this.stream.voidEvents) return [];
    try {
      return await this.stream.voidEvents(events);
    } catch (error) {
      this.errors.error(
        'void',
        error,
        { events: events.length },
        'voiding unanswered delivery events failed; will retry',
      );
      this.unvoided.push(...events);
      this.watch();
      return [];
    }
  }

  /**
   * Resolves true once the event is stored durably, false when the append failed (logged; the
   * event is voided, the engine forgets its pending spend: /serve then answers with no ad,
   * /click still redirects but the click is not billed).
   */
  async append(event: DeliveryEvent): Promise<boolean> {
    this.hooks.onPushed?.(event);
    try {
      await this.appender.add(event);
      this.consumer?.appended();
      this.appendFailures = 0;
      this.errors.recovered('append');
      return true;
    } catch (error) {
      this.appendFailures++;
      this.watch();
      this.errors.error('append', error, { appendFailures: this.appendFailures }, 'appending a delivery event failed');
      // Its write landed and a consumer recorded it before the void: it is billed, so shown.
      if (error instanceof AppendFailed && error.recorded.has(event)) return true;
      this.hooks.onCommitted?.([event], emptyResult());
      return false;
    }
  }

  /**
   * While appends fail or voids wait, every PROBE_EVERY_MS: the waiting voids are written and
   * the stream is probed; once it takes writes the failures are forgotten (readiness is green
   * again without a request having to succeed first).
   */
  private watch() {
    if (this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      void this.probeOnce().finally(() => {
        this.probeTimer = null;
        if (this.appendFailures > 0 || this.unvoided.length) this.watch();
      });
    }, PROBE_EVERY_MS);
    this.probeTimer.unref();
  }

  private async probeOnce() {
    if (this.unvoided.length && this.stream.voidEvents) {
      const waiting = this.unvoided;
      this.unvoided = [];
      try {
        const recorded = await this.stream.voidEvents(waiting);
        this.errors.recovered('void');
        // Recorded before their void landed (the append and the first void both failed):
        // billed although answered "no ad". Rare enough to be told each time.
        if (recorded.length)
          this.log?.error(
            { events: recorded.length },
            'delivery events answered with no ad were recorded before voided',
          );
      } catch {
        this.unvoided = waiting.concat(this.unvoided);
        return;
      }
    }
    if (this.appendFailures === 0 || !this.stream.probe) return;
    try {
      await this.stream.probe();
      this.appendFailures = 0;
      this.errors.recovered('append');
    } catch {
      // still failing: the next probe tries again
    }
  }

  push(event: DeliveryEvent) {
    void this.append(event);
  }

  /** Failed batch writes of the consumer since it started. */
  get failures() {
    return this.consumer?.failures ?? 0;
  }

  start() {
    this.consumer?.start();
  }

  /** The stream's backlog as last counted (at least the batches the consumer is retrying). */
  get size() {
    const c = this.consumer?.status();
    return c ? Math.max(c.backlog, c.held) : 0;
  }

  /** An append that fails answers no ad by itself: the stream holds no buffer here. */
  get saturated() {
    return false;
  }

  /** Waits for the appends in flight, then (when this process consumes) records until the stream is empty. */
  async flush(): Promise<void> {
    await this.appender.idle().catch(() => undefined);
    await this.consumer?.drain();
  }

  status(): RecorderStatus {
    const c = this.consumer?.status();
    return {
      buffered: this.size,
      saturated: this.saturated,
      consecutiveFailures: Math.max(c?.consecutiveFailures ?? 0, this.appendFailures),
      lastSuccessAt: c ? c.lastSuccessAt : null,
      lastFailureAt: c ? c.lastFailureAt : null,
      stream: { kind: this.stream.kind, consuming: this.consumer !== null, ...c },
    };
  }

  async close() {
    this.closed = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    await this.appender.idle().catch(() => undefined);
    await this.consumer?.close();
    await this.stream.close();
  }
}

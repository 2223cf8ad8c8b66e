import type { ThrottledErrorLog } from '../../lib/log-errors';
import { type ConsumerOptions, StreamConsumer } from './consumer';
import type { Recording, RecorderHooks, RecorderLog, RecorderStatus } from './recording';
import { type DeliveryStream, GroupCommit } from './stream';
import type { DeliveryEvent } from './types';
import { emptyResult, type WriterContext } from './writer/record-batch';

/** Appends arriving within this window (or during the previous write) share one write (ms). */
const APPEND_WINDOW_MS = 1;

/**
 * Recording through a durable stream (docs/decisions/028-durable-delivery-events.md): `append`
 * stores the event in the stream (group-committed) before the answer is sent, and, when this
 * process consumes, the stream's consumer (./consumer.ts) records it through the batch writer.
 * Any DeliveryStream backend fits (./stream-postgres.ts, ./stream-redis.ts).
 */
export class StreamRecording implements Recording {
  private readonly appender: GroupCommit<DeliveryEvent>;
  /** Records from the stream (null: this process only appends). */
  readonly consumer: StreamConsumer | null;
  /** Appends that failed in a row (the event was answered with no ad, or not billed). */
  private appendFailures = 0;

  constructor(
    ctx: WriterContext,
    private readonly stream: DeliveryStream,
    private readonly hooks: RecorderHooks,
    private readonly errors: ThrottledErrorLog,
    log: RecorderLog | undefined,
    opts: { consume?: boolean; consumer?: ConsumerOptions },
  ) {
    this.appender = new GroupCommit((events) => stream.append(events), {
      windowMs: APPEND_WINDOW_MS,
      max: ctx.config.delivery.batchMax,
    });
    this.consumer = opts.consume !== false ? new StreamConsumer(ctx, stream, hooks, log, opts.consumer) : null;
  }

  /**
   * Resolves true once the event is stored durably, false when the append failed (logged; the
   * engine forgets its pending spend: /serve then answers with no ad, /click still redirects
   * but the click is not billed).
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
      this.errors.error('append', error, { appendFailures: this.appendFailures }, 'appending a delivery event failed');
      this.hooks.onCommitted?.([event], emptyResult());
      return false;
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
    await this.appender.idle().catch(() => undefined);
    await this.consumer?.close();
    await this.stream.close();
  }
}

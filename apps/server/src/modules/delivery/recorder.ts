import { ThrottledErrorLog } from '../../lib/log-errors';
import type { ConsumerOptions, StreamConsumer } from './consumer';
import { BufferedRecording } from './recorder-buffer';
import { StreamRecording } from './recorder-stream';
import type { Recording, RecorderHooks, RecorderLog, RecorderStatus } from './recording';
import type { DeliveryStream } from './stream';
import type { DeliveryEvent } from './types';
import type { WriterContext } from './writer/record-batch';

/**
 * The front of the stream runtime (docs/decisions/007-delivery.md, 028): what /serve and
 * /click hand their events to once the engine decided. The path runs one way: append (this
 * file) → the stream or the buffer (./recorder-stream.ts, ./recorder-buffer.ts) → the
 * consumer (./consumer.ts) → the batch writer (./writer/record-batch.ts) → rollups and money.
 * The engine hears of commits through the hooks `createDelivery` wires, never by an import.
 */

/** A write outage logs one line per this interval, with the count of repeats left out. */
const LOG_INTERVAL_MS = 10_000;

export type { RecorderHooks } from './recording';

export type RecorderOptions = {
  logIntervalMs?: number;
  now?: () => number;
  /**
   * The durable stream (docs/decisions/028-durable-delivery-events.md): `append` resolves once
   * the event is stored there, and (`consume`, default true) this process records from it.
   * Without one, events wait in this process's buffer (DELIVERY_STREAM=memory).
   */
  stream?: DeliveryStream;
  consume?: boolean;
  consumer?: ConsumerOptions;
};

export class Recorder {
  private readonly recording: Recording;
  /** Records from the stream (null: no stream, or this process only appends). */
  readonly consumer: StreamConsumer | null;
  private closed = false;

  constructor(ctx: WriterContext, hooks: RecorderHooks = {}, log?: RecorderLog, opts: RecorderOptions = {}) {
    // One line per interval during an outage, never the batch's parameters (decision 024).
    const errors = new ThrottledErrorLog(log, { intervalMs: opts.logIntervalMs ?? LOG_INTERVAL_MS, now: opts.now });
    if (opts.stream) {
      const recording = new StreamRecording(ctx, opts.stream, hooks, errors, log, opts);
      this.recording = recording;
      this.consumer = recording.consumer;
    } else {
      this.recording = new BufferedRecording(ctx, hooks, errors);
      this.consumer = null;
    }
  }

  /**
   * Hands one event over before its answer is sent. With a stream: resolves true once it is
   * stored durably, false when the append failed (logged; the engine forgets its pending spend:
   * /serve then answers with no ad, /click still redirects but the click is not billed).
   */
  append(event: DeliveryEvent): Promise<boolean> {
    return this.recording.append(event);
  }

  push(event: DeliveryEvent) {
    this.recording.push(event);
  }

  /** Failed batch writes since the recorder started (the buffer's, or the stream consumer's). */
  get failures() {
    return this.recording.failures;
  }

  start() {
    this.recording.start();
  }

  /**
   * Events waiting to be recorded: the buffer, or the stream's backlog as last counted (at
   * least the batches the consumer is retrying).
   */
  get size() {
    return this.recording.size;
  }

  /**
   * The database keeps refusing batches (ten are waiting in the buffer): delivery then serves
   * nothing rather than count traffic it cannot bill, and the waiting events are kept.
   */
  get saturated() {
    return this.recording.saturated;
  }

  /**
   * Writes what is waiting now. Rejects when a batch fails. With a stream: waits for the
   * appends in flight, then (when this process consumes) records until the stream is empty.
   */
  flush(): Promise<void> {
    return this.recording.flush();
  }

  /** What the readiness answer reports (GET /api/ready). */
  status(): RecorderStatus {
    return this.recording.status();
  }

  /** Stops the timers and writes what is waiting. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.recording.close();
  }
}

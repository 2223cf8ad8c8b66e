import type { StreamConsumer } from './consumer';
import type { DeliveryStream } from './stream';
import type { DeliveryEvent } from './types';
import type { RecordResult } from './writer/record-batch';

/**
 * The seam of the stream runtime (docs/decisions/028-durable-delivery-events.md): how events
 * travel from /serve and /click to the batch writer (./writer/record-batch.ts). Two paths
 * implement it: this process's buffer (./recorder-buffer.ts, DELIVERY_STREAM=memory) and a
 * durable stream with its consumer (./recorder-stream.ts, any DeliveryStream backend).
 * `Recorder` (./recorder.ts) picks one; the writer knows none of them.
 */

export type RecorderHooks = {
  /** A batch committed (or, with no figures, was found committed or could not be appended). */
  onCommitted?: (events: DeliveryEvent[], result: RecordResult) => void;
  /** An event was handed over and is pending until its batch commits. */
  onPushed?: (event: DeliveryEvent) => void;
};

export type RecorderLog = { error: (o: object, m: string) => void };

/** What the readiness answer reports (GET /api/ready). */
export type RecorderStatus = {
  buffered: number;
  saturated: boolean;
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  stream: ({ kind: DeliveryStream['kind']; consuming: boolean } & Partial<ReturnType<StreamConsumer['status']>>) | null;
};

export interface Recording {
  /** Hands one event over before its answer is sent; false: it was not taken (not billed). */
  append(event: DeliveryEvent): Promise<boolean>;
  /** Hands one event over without waiting. */
  push(event: DeliveryEvent): void;
  start(): void;
  /** Writes what is waiting now; rejects when a batch fails. */
  flush(): Promise<void>;
  /** Stops the timers and writes what is waiting. */
  close(): Promise<void>;
  /** Events waiting to be recorded. */
  readonly size: number;
  /** Delivery serves nothing while this is true (the database keeps refusing batches). */
  readonly saturated: boolean;
  /** Failed batch writes since the start. */
  readonly failures: number;
  status(): RecorderStatus;
}

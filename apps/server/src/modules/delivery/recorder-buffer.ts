import { sql } from 'drizzle-orm';
import { adEvents } from '../../db/schema/stats';
import type { ThrottledErrorLog } from '../../lib/log-errors';
import type { Recording, RecorderHooks, RecorderStatus } from './recording';
import { type DeliveryEvent, EventKind } from './types';
import { connectionLost } from './writer/errors';
import { emptyResult, type RecordResult, recordBatch, type WriterContext } from './writer/record-batch';
import { pgArray } from './writer/sql';

/**
 * Recording without a durable stream (DELIVERY_STREAM=memory): the buffer in front of
 * recordBatch. Events are written every flushMs or as soon as batchMax are waiting; a failed
 * batch stays in the buffer and is tried again on the next flush (it was written entirely or
 * not at all). `close()` flushes; a crash loses at most one interval.
 */
export class BufferedRecording implements Recording {
  private buffer: DeliveryEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  /** Failed batch writes since the recorder started. */
  failures = 0;
  /** Failed writes since the last successful one (the readiness answer reports it). */
  private consecutiveFailures = 0;
  private lastSuccessAt: Date | null = null;
  private lastFailureAt: Date | null = null;
  /** Events at the buffer's head whose last write lost its connection (0: none): committed or not? */
  private uncertain = 0;

  constructor(
    private readonly ctx: WriterContext,
    private readonly hooks: RecorderHooks,
    /** One line per interval during an outage, never the batch's parameters (decision 024). */
    private readonly errors: ThrottledErrorLog,
  ) {}

  async append(event: DeliveryEvent): Promise<boolean> {
    this.push(event);
    return true;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.ctx.config.delivery.flushMs);
    this.timer.unref();
  }

  get size() {
    return this.buffer.length;
  }

  /**
   * Ten batches are waiting: the database keeps refusing them. Delivery then serves nothing
   * rather than count traffic it cannot bill, and the waiting events are kept, not dropped.
   */
  get saturated() {
    return this.buffer.length >= this.ctx.config.delivery.batchMax * 10;
  }

  push(event: DeliveryEvent) {
    this.buffer.push(event);
    this.hooks.onPushed?.(event);
    if (this.buffer.length >= this.ctx.config.delivery.batchMax) void this.flush().catch(() => undefined);
  }

  /** Writes what is buffered now (one transaction per batchMax events). Rejects when a batch fails. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  status(): RecorderStatus {
    return {
      buffered: this.size,
      saturated: this.saturated,
      consecutiveFailures: this.consecutiveFailures,
      lastSuccessAt: this.lastSuccessAt,
      lastFailureAt: this.lastFailureAt,
      stream: null,
    };
  }

  /**
   * The head of the buffer is a batch whose last attempt failed: when the failure was a lost
   * connection its COMMIT may have gone through unanswered. Its billed impressions in ad_events
   * say so (impression ids are random; the (campaign_id, at) index finds them): then it is
   * dropped, never written twice. Clicks need no check (one per impression, by a unique index).
   */
  private async alreadyWritten(batch: readonly DeliveryEvent[]): Promise<boolean> {
    const billed = batch.filter((e) => e.kind === EventKind.Impression && !e.filterReason);
    if (!billed.length) return false;
    let min = billed[0]?.at ?? new Date();
    let max = min;
    for (const e of billed) {
      if (e.at < min) min = e.at;
      if (e.at > max) max = e.at;
    }
    const campaignIds = [...new Set(billed.map((e) => e.campaignId))];
    const found = (await this.ctx.db.execute(sql`select 1 from ${adEvents}
      where campaign_id = any(${pgArray(campaignIds)}::integer[]) and kind = ${EventKind.Impression}
        and at between ${min.toISOString()}::timestamptz and ${max.toISOString()}::timestamptz
        and impression_id = any(${pgArray(billed.map((e) => e.impressionId))}::text[])
      limit 1`)) as unknown as { rows: unknown[] };
    return found.rows.length > 0;
  }

  private succeeded() {
    this.uncertain = 0;
    this.consecutiveFailures = 0;
    this.lastSuccessAt = new Date();
    this.errors.recovered('batch');
  }

  private async drain() {
    while (this.buffer.length) {
      // A batch that failed is retried as it was (events pushed since then come after it).
      const size = this.uncertain || this.ctx.config.delivery.batchMax;
      const batch = this.buffer.splice(0, size);
      let result: RecordResult;
      try {
        if (this.uncertain && (await this.alreadyWritten(batch))) {
          this.succeeded();
          // Its pending spend ends; balances come with the next index refresh.
          this.hooks.onCommitted?.(batch, emptyResult());
          continue;
        }
        result = await recordBatch(this.ctx, batch);
      } catch (error) {
        // Nothing of the batch was written, or (a lost connection) perhaps all of it: keep it,
        // in order, for the next flush, which checks first when the connection was lost.
        this.buffer.unshift(...batch);
        this.uncertain = connectionLost(error) ? batch.length : 0;
        this.failures++;
        this.consecutiveFailures++;
        this.lastFailureAt = new Date();
        this.errors.error(
          'batch',
          error,
          { events: batch.length, buffered: this.buffer.length, consecutiveFailures: this.consecutiveFailures },
          'recording a delivery batch failed; will retry',
        );
        throw error;
      }
      this.succeeded();
      // Outside the try: the batch is committed, whatever a hook does it must not be written twice.
      this.hooks.onCommitted?.(batch, result);
    }
  }

  /** Stops the timer and writes the buffer. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } catch {
      // logged in drain; nothing more to do while shutting down
    }
  }
}

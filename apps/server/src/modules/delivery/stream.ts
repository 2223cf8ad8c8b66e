import { z } from 'zod';
import { FilterReason } from '@cryptads/contract/delivery';
import type { Tx } from '../../db/client';
import { type DeliveryEvent, EventKind } from './types';

/**
 * The durable delivery stream (docs/decisions/028-durable-delivery-events.md). /serve and
 * /click append their event before answering; a consumer (role `all` or `worker`) records
 * batches from it through recordBatch. Two backends: Redis Streams with a consumer group when
 * REDIS_URL is set (stream-redis.ts), a PostgreSQL queue table with DATABASE_URL
 * (stream-postgres.ts), and a local journal on the embedded database (stream-journal.ts, 039).
 */

/** One event in the stream: its id there and the event as stored (decoded inside the batch). */
export type StreamEntry = { id: string; data: unknown };

/** A committed batch: what was taken, and what recording it returned (null: nothing was new). */
export type ProcessedBatch<R> = { entries: StreamEntry[]; result: R };

/**
 * A batch failed. `entries` are those it had taken (none: it failed before taking any, the
 * database or Redis is unreachable); the consumer retries, splits or dead-letters them.
 */
export class BatchError extends Error {
  constructor(
    readonly entries: StreamEntry[],
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface DeliveryStream {
  readonly kind: 'postgres' | 'redis' | 'journal';
  /** Appends within this window share one write (ms; default 1). */
  readonly appendWindowMs?: number;
  /** Writes these events durably in one round trip; resolves once they are stored. */
  append(events: readonly DeliveryEvent[]): Promise<void>;
  /**
   * Takes up to `max` waiting entries (or, `only`, exactly those still waiting), calls `record`
   * with the ones never recorded before inside ONE transaction, and removes them from the
   * stream once it committed. null: nothing was waiting. Throws a BatchError.
   */
  process<R>(
    work: { max: number; only?: readonly StreamEntry[] },
    record: (tx: Tx, entries: StreamEntry[]) => Promise<R>,
  ): Promise<ProcessedBatch<R | null> | null>;
  /**
   * Removes one entry from the stream and keeps it as a dead letter, in one transaction
   * (PostgreSQL) or acknowledged after the dead letter committed (Redis).
   */
  deadLetter(entry: StreamEntry, write: (tx: Tx) => Promise<void>): Promise<void>;
  /** Entries waiting (appended, not yet recorded). */
  backlog(): Promise<number>;
  /**
   * Proves the stream takes appends again after a failure, without appending an event; on
   * Redis it also recreates the stream and its consumer group when Redis came back empty.
   * Throws while it cannot.
   */
  probe?(): Promise<void>;
  /**
   * After a failed append whose write may have landed: makes sure the consumer drops these
   * events if they are in the stream (./stream-receipts.ts). Returns those recorded already
   * (then billed: their answer is the ad). Throws when that cannot be known now.
   */
  voidEvents?(events: readonly DeliveryEvent[]): Promise<DeliveryEvent[]>;
  close(): Promise<void>;
}

/** The stored form: JSON, bigints and dates as strings. */
export function encodeEvent(e: DeliveryEvent): Record<string, unknown> {
  return { ...e, at: e.at.toISOString(), costMicros: e.costMicros.toString() };
}

const EventSchema = z.object({
  kind: z.union([
    z.literal(EventKind.Impression),
    z.literal(EventKind.Click),
    z.literal(EventKind.Measured),
    z.literal(EventKind.Viewable),
  ]),
  at: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
  impressionId: z.string().min(1).max(200),
  campaignId: z.number().int(),
  creativeId: z.number().int(),
  zoneId: z.number().int(),
  websiteId: z.number().int(),
  advertiserId: z.number().int(),
  publisherId: z.number().int(),
  country: z.string(),
  os: z.string(),
  browser: z.string(),
  device: z.union([z.literal(1), z.literal(2)]),
  costMicros: z
    .string()
    .regex(/^-?\d{1,18}$/)
    .transform((s) => BigInt(s)),
  filterReason: z.enum(FilterReason).optional(),
  reserved: z.literal(true).optional(),
  viewed: z.enum(['measured', 'viewable']).optional(),
  clickId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
  bidNotice: z.literal(true).optional(),
});

/**
 * Every field of DeliveryEvent crosses the stream: a field added there and not here fails to
 * compile instead of being stripped silently on the way to the recorder.
 */
type Unstreamed = Exclude<keyof DeliveryEvent, keyof z.output<typeof EventSchema>>;
export const EVERY_FIELD_STREAMED: [Unstreamed] extends [never] ? true : Unstreamed = true;

/** The event of a stored entry; throws on anything else (such an entry ends as a dead letter). */
export function decodeEvent(data: unknown): DeliveryEvent {
  const parsed = EventSchema.safeParse(typeof data === 'string' ? JSON.parse(data) : data);
  if (!parsed.success) throw new Error(`malformed delivery event: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/**
 * An event's idempotency key: its kind, impression id and time to the millisecond. An
 * impression id is random and unique; a click carries its impression's id and a repeated
 * click (recorded as filtered) differs by its time, while an entry delivered twice has the
 * same key.
 */
export const receiptKey = (e: Pick<DeliveryEvent, 'kind' | 'impressionId' | 'at'>) =>
  `${e.kind}:${e.impressionId}:${e.at.getTime()}`;

/**
 * Group commit: appends arriving while a write is in flight (or within `windowMs` of the
 * first) share the next write. Each caller awaits the write that carries its event; under
 * load the group grows with the write's own latency, so the write rate stays bounded.
 */
export class GroupCommit<T> {
  private waiting: { item: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly opts: { windowMs: number; max: number },
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.writing) return;
      if (this.waiting.length >= this.opts.max) this.start();
      else this.timer ??= setTimeout(() => this.start(), this.opts.windowMs);
    });
  }

  /** Resolves when nothing is waiting nor being written. */
  async idle(): Promise<void> {
    while (this.writing || this.waiting.length) {
      if (!this.writing) this.start();
      await this.writing;
    }
  }

  private start() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.writing || !this.waiting.length) return;
    const group = this.waiting.splice(0, this.opts.max);
    this.writing = this.write(group.map((g) => g.item)).then(
      () => {
        for (const g of group) g.resolve();
      },
      (error: unknown) => {
        for (const g of group) g.reject(error);
      },
    );
    void this.writing.finally(() => {
      this.writing = null;
      // What arrived during the write goes at once: it already waited one write.
      if (this.waiting.length) this.start();
    });
  }
}

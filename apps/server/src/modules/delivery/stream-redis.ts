import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/client';
import { BatchError, type DeliveryStream, encodeEvent, type StreamEntry } from './stream';
import { freshEntries, voidEvents } from './stream-receipts';
import type { DeliveryEvent } from './types';

/** The stream's key (under REDIS_PREFIX) and its one consumer group. */
export const STREAM_KEY = 'delivery:events';
export const STREAM_GROUP = 'recorders';

export type RedisStreamOptions = {
  /** An entry pending this long (a dead or stuck worker's) is claimed by another (ms). */
  claimIdleMs?: number;
  /**
   * This consumer's name in the group (default: random per process). A process restarted
   * under the same name reads its own pending entries at once instead of waiting for a claim.
   */
  consumer?: string;
};

/** Redis lost the consumer group (restarted empty, or the key was deleted): create it again. */
const lostGroup = (error: unknown) => /NOGROUP/.test(String((error as Error)?.message));

const CLAIM_IDLE_MS = 60_000;

type XEntries = [id: string, fields: string[]][];

/** The stored event of an entry's fields (['e', json]); null when the entry holds none. */
function fieldData(fields: string[] | null): unknown {
  if (!fields) return null;
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'e') return fields[i + 1];
  return null;
}

/**
 * The stream on Redis Streams (docs/decisions/028-durable-delivery-events.md). Appends are one
 * pipelined XADD per event; workers read through one consumer group (XREADGROUP), claim what a
 * dead worker left pending (XAUTOCLAIM), record the batch with one idempotency receipt per
 * event in the same transaction (a re-delivered entry is never counted twice), then XACK, and
 * trim the stream below its oldest unacknowledged entry (XTRIM MINID).
 */
export class RedisStream implements DeliveryStream {
  readonly kind = 'redis' as const;
  private readonly consumer: string;
  private readonly claimIdleMs: number;
  private groupReady: Promise<void> | null = null;
  /**
   * Entries delivered to this consumer may be pending unseen: at start (a restart under the
   * same name) and after a failed read (Redis delivered them, the answer was lost). The next
   * read takes this consumer's own pending entries first.
   */
  private ownPendingUnseen = true;

  constructor(
    private readonly redis: Redis,
    private readonly db: Db,
    opts: RedisStreamOptions = {},
  ) {
    this.consumer = opts.consumer ?? `c-${randomUUID()}`;
    this.claimIdleMs = opts.claimIdleMs ?? CLAIM_IDLE_MS;
  }

  async append(events: readonly DeliveryEvent[]): Promise<void> {
    if (!events.length) return;
    const pipe = this.redis.pipeline();
    for (const e of events) pipe.xadd(STREAM_KEY, '*', 'e', JSON.stringify(encodeEvent(e)));
    const results = (await pipe.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0] || results.length !== events.length) throw failed?.[0] ?? new Error('XADD pipeline incomplete');
  }

  /**
   * The consumer group, created with the stream on first use (an existing one is kept), and
   * again whenever Redis answers NOGROUP: a Redis restarted empty has neither, and every
   * process recreates them without a restart of its own. From id 0: entries appended since
   * Redis came back are all read.
   */
  private group(): Promise<void> {
    this.groupReady ??= this.redis.xgroup('CREATE', STREAM_KEY, STREAM_GROUP, '0', 'MKSTREAM').then(
      () => undefined,
      (error: unknown) => {
        if (!String((error as Error).message).includes('BUSYGROUP')) {
          this.groupReady = null;
          throw error;
        }
      },
    );
    return this.groupReady;
  }

  /** This consumer's own pending entries, a dead worker's next, then new ones; the group recreated when lost. */
  private async read(max: number): Promise<StreamEntry[]> {
    try {
      return await this.readOnce(max);
    } catch (error) {
      this.ownPendingUnseen = true;
      if (!lostGroup(error)) throw error;
      this.groupReady = null;
      return await this.readOnce(max);
    }
  }

  private async readOnce(max: number): Promise<StreamEntry[]> {
    await this.group();
    if (this.ownPendingUnseen) {
      const own = (await this.redis.xreadgroup(
        'GROUP',
        STREAM_GROUP,
        this.consumer,
        'COUNT',
        max,
        'STREAMS',
        STREAM_KEY,
        '0',
      )) as [string, XEntries][] | null;
      const out: StreamEntry[] = [];
      const gone: string[] = [];
      for (const [, entries] of own ?? [])
        for (const [id, fields] of entries) {
          // An entry trimmed while pending comes back without fields: nothing to record.
          if (fields === null) gone.push(id);
          else out.push({ id, data: fieldData(fields) });
        }
      if (gone.length) await this.redis.xack(STREAM_KEY, STREAM_GROUP, ...gone);
      if (out.length) return out;
      this.ownPendingUnseen = false;
    }
    const claimed = (await this.redis.xautoclaim(
      STREAM_KEY,
      STREAM_GROUP,
      this.consumer,
      this.claimIdleMs,
      '0-0',
      'COUNT',
      max,
    )) as [string, XEntries, string[]?];
    const out: StreamEntry[] = claimed[1].map(([id, fields]) => ({ id, data: fieldData(fields) }));
    // Entries trimmed while pending (never: MINID stays below them) come back as ids only.
    const deleted = claimed[2] ?? [];
    if (deleted.length) await this.redis.xack(STREAM_KEY, STREAM_GROUP, ...deleted);
    if (out.length >= max) return out;
    const fresh = (await this.redis.xreadgroup(
      'GROUP',
      STREAM_GROUP,
      this.consumer,
      'COUNT',
      max - out.length,
      'STREAMS',
      STREAM_KEY,
      '>',
    )) as [string, XEntries][] | null;
    for (const [, entries] of fresh ?? [])
      for (const [id, fields] of entries) out.push({ id, data: fieldData(fields) });
    return out;
  }

  async process<R>(
    work: { max: number; only?: readonly StreamEntry[] },
    record: (tx: Tx, entries: StreamEntry[]) => Promise<R>,
  ) {
    let taken: StreamEntry[] = [];
    try {
      taken = work.only ? [...work.only] : await this.read(work.max);
      if (!taken.length) return null;
      const entries = taken;
      const result = await this.db.transaction(async (tx) => {
        const fresh = await freshEntries(tx, entries);
        return fresh.length ? record(tx, fresh) : null;
      });
      // Committed: a failed XACK or trim is no failure of the batch. Its entries come back
      // after claimIdleMs and their receipts drop them.
      await this.acknowledge(entries.map((e) => e.id)).catch(() => undefined);
      return { entries, result };
    } catch (error) {
      throw new BatchError(taken, error);
    }
  }

  /**
   * XACK, then trim what every consumer acknowledged: below the oldest pending entry, or up
   * to the last delivered one when none is pending. A failed XACK is harmless: the entries
   * come back to a worker after claimIdleMs and their receipts drop them.
   */
  private async acknowledge(ids: string[]) {
    await this.redis.xack(STREAM_KEY, STREAM_GROUP, ...ids);
    const pending = (await this.redis.xpending(STREAM_KEY, STREAM_GROUP)) as [number, string | null, ...unknown[]];
    let minId = pending[0] > 0 ? pending[1] : null;
    if (!minId) {
      const groups = (await this.redis.xinfo('GROUPS', STREAM_KEY)) as unknown[][];
      const info = groups.find((g) => g[g.indexOf('name') + 1] === STREAM_GROUP);
      const last = info ? String(info[info.indexOf('last-delivered-id') + 1]) : null;
      const m = last?.match(/^(\d+)-(\d+)$/);
      if (m) minId = `${m[1]}-${BigInt(m[2] ?? '0') + 1n}`;
    }
    if (minId) await this.redis.xtrim(STREAM_KEY, 'MINID', minId);
  }

  async deadLetter(entry: StreamEntry, write: (tx: Tx) => Promise<void>) {
    await this.db.transaction(write);
    await this.redis.xack(STREAM_KEY, STREAM_GROUP, entry.id);
  }

  async backlog(): Promise<number> {
    return await this.redis.xlen(STREAM_KEY);
  }

  /** Redis answers, and the stream and its group exist (recreated when Redis came back empty). */
  async probe() {
    this.groupReady = null;
    await this.group();
  }

  voidEvents(events: readonly DeliveryEvent[]) {
    return voidEvents(this.db, events);
  }

  async close() {}
}

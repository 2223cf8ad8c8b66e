import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliveryQueue } from '../../db/schema/delivery-stream';
import { pgArray } from './writer/sql';
import { BatchError, type DeliveryStream, encodeEvent, type StreamEntry } from './stream';
import { freshEntries, voidEvents } from './stream-receipts';
import type { DeliveryEvent } from './types';

type Rows<T> = { rows: T[] };

/**
 * The stream as a PostgreSQL table (docs/decisions/028-durable-delivery-events.md), used
 * without Redis. A group of appends is one INSERT; a consumer locks a batch with FOR UPDATE
 * SKIP LOCKED (several consumers take disjoint batches), records it and deletes it in the
 * same transaction: committed, the events are recorded and gone; rolled back (or the
 * connection lost before the commit), they are still waiting. The batch also writes one receipt
 * per event (./stream-receipts.ts): not for repeats (the row lock and the delete prevent them)
 * but so that an append answered "no ad" can void its event (docs/decisions/033).
 */

/** Thrown inside the probe's transaction to roll it back. */
class ProbeRollback extends Error {}
export class PostgresStream implements DeliveryStream {
  readonly kind = 'postgres' as const;

  constructor(private readonly db: Db) {}

  async append(events: readonly DeliveryEvent[]): Promise<void> {
    if (!events.length) return;
    // One text parameter holding a JSON array: the statement text never changes.
    await this.db.execute(
      sql`insert into ${deliveryQueue} (event) select value from jsonb_array_elements(${JSON.stringify(events.map(encodeEvent))}::jsonb)`,
    );
  }

  async process<R>(
    work: { max: number; only?: readonly StreamEntry[] },
    record: (tx: Tx, entries: StreamEntry[]) => Promise<R>,
  ) {
    let taken: StreamEntry[] = [];
    try {
      return await this.db.transaction(async (tx) => {
        const rows = (
          (await tx.execute(
            work.only
              ? sql`select id::text as id, event from ${deliveryQueue}
                  where id = any(${pgArray(work.only.map((e) => e.id))}::bigint[]) order by id for update skip locked`
              : sql`select id::text as id, event from ${deliveryQueue} order by id limit ${work.max} for update skip locked`,
          )) as unknown as Rows<{ id: string; event: unknown }>
        ).rows;
        taken = rows.map((r) => ({ id: r.id, data: r.event }));
        if (!taken.length) return null;
        const fresh = await freshEntries(tx, taken);
        const result = fresh.length ? await record(tx, fresh) : null;
        await tx.execute(
          sql`delete from ${deliveryQueue} where id = any(${pgArray(taken.map((e) => e.id))}::bigint[])`,
        );
        return { entries: taken, result };
      });
    } catch (error) {
      throw new BatchError(taken, error);
    }
  }

  async deadLetter(entry: StreamEntry, write: (tx: Tx) => Promise<void>) {
    await this.db.transaction(async (tx) => {
      const gone = (await tx.execute(
        sql`delete from ${deliveryQueue} where id = ${entry.id}::bigint returning id`,
      )) as unknown as Rows<unknown>;
      // Another consumer dealt with it meanwhile: nothing to keep.
      if (gone.rows.length) await write(tx);
    });
  }

  async backlog(): Promise<number> {
    const r = (await this.db.execute(sql`select count(*)::int as n from ${deliveryQueue}`)) as unknown as Rows<{
      n: number;
    }>;
    return Number(r.rows[0]?.n ?? 0);
  }

  /** One append, rolled back: the queue takes writes again. */
  async probe() {
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${deliveryQueue} (event) values ('{}'::jsonb)`);
        throw new ProbeRollback();
      });
    } catch (error) {
      if (!(error instanceof ProbeRollback)) throw error;
    }
  }

  voidEvents(events: readonly DeliveryEvent[]) {
    return voidEvents(this.db, events);
  }

  async close() {}
}

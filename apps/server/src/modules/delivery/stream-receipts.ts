import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliveryReceipts } from '../../db/schema/delivery-stream';
import { decodeEvent, receiptKey, type StreamEntry } from './stream';
import type { DeliveryEvent } from './types';
import { pgArray } from './writer/sql';

/**
 * Receipts (table delivery_receipts, docs/decisions/028 and 033): one row per event, keyed by
 * `receiptKey`, inserted by whoever decides the event's fate first, in PostgreSQL:
 * - the consumer, in the transaction that records the batch: an entry whose receipt already
 *   exists is dropped (delivered twice, or voided);
 * - the appender whose append failed without a clear answer (the write may have landed): its
 *   receipt voids the event before /serve answers "no ad". When the consumer's receipt came
 *   first, the event is recorded already and the answer is the ad after all.
 * The primary key serialises the two: exactly one of them inserts, the other sees a conflict.
 */

/** Inserts the receipts of these keys; the keys that were new. */
async function insertReceipts(db: Db | Tx, keys: readonly string[]): Promise<Set<string>> {
  const inserted = (await db.execute(
    sql`insert into ${deliveryReceipts} (key) select unnest(${pgArray([...keys])}::text[])
      on conflict do nothing returning key`,
  )) as unknown as { rows: { key: string }[] };
  return new Set(inserted.rows.map((r) => r.key));
}

/**
 * Writes the receipts of the entries' events in the batch's transaction and returns the entries
 * never recorded nor voided before. An entry without a readable event has no key: it passes,
 * and recording it fails (a poison entry, dead-lettered by the consumer).
 */
export async function freshEntries(tx: Tx, entries: StreamEntry[]): Promise<StreamEntry[]> {
  const keyOf = new Map<StreamEntry, string>();
  for (const entry of entries) {
    try {
      keyOf.set(entry, receiptKey(decodeEvent(entry.data)));
    } catch {
      // left to the recorder, which fails on it
    }
  }
  if (!keyOf.size) return entries;
  const fresh = await insertReceipts(tx, [...keyOf.values()]);
  // Two entries of one batch with the same key: the first one counts.
  return entries.filter((e) => {
    const key = keyOf.get(e);
    if (key === undefined) return true;
    if (!fresh.has(key)) return false;
    fresh.delete(key);
    return true;
  });
}

/**
 * Voids events whose append failed: from now on the consumer drops them if they reached the
 * stream after all. Returns those that could not be voided because they were recorded already
 * (their receipt existed): they are billed, so their answer is the ad. Throws when the
 * database is unreachable (nothing is known then).
 */
export async function voidEvents(db: Db, events: readonly DeliveryEvent[]): Promise<DeliveryEvent[]> {
  if (!events.length) return [];
  const voided = await insertReceipts(db, events.map(receiptKey));
  return events.filter((e) => !voided.has(receiptKey(e)));
}

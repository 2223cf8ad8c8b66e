import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { deliveryDeadLetters } from '../../db/schema/delivery-stream';
import { describeError } from '../../lib/log-errors';
import { recordBatchIn, type WriterContext } from './writer/record-batch';
import { decodeEvent } from './stream';

/**
 * Dead letters (docs/decisions/028-durable-delivery-events.md): events the recorder refused
 * on their own, again and again, kept with the error so delivery goes on. An operator lists
 * them and retries one or all (`delivery dead-letters`, `delivery retry <id|all>`): a retry
 * records the event directly, in the transaction that deletes its dead letter.
 */

export type DeadLetterInput = {
  data: unknown;
  /** The error's message and code, never the query's parameters (lib/log-errors describeError). */
  error: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
};

/** The stored event as JSON (a Redis entry's is a JSON string; anything unreadable is kept as text). */
function asJson(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data);
  } catch {
    return { unreadable: data.slice(0, 10_000) };
  }
}

export async function writeDeadLetter(tx: Tx, d: DeadLetterInput): Promise<void> {
  await tx.insert(deliveryDeadLetters).values({
    event: asJson(d.data),
    error: d.error.slice(0, 1000),
    attempts: d.attempts,
    firstFailedAt: d.firstFailedAt,
    lastFailedAt: d.lastFailedAt,
  });
}

export async function deadLetterCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deliveryDeadLetters);
  return Number(row?.n ?? 0);
}

export async function listDeadLetters(db: DbOrTx, limit = 100) {
  return db.select().from(deliveryDeadLetters).orderBy(asc(deliveryDeadLetters.id)).limit(limit);
}

export type RetryOutcome = { id: number; ok: boolean; error?: string };

/**
 * Records one dead letter's event and deletes the dead letter, in one transaction. Refused
 * again, it stays, with the new error, one more attempt and the time of this failure.
 */
export async function retryDeadLetter(ctx: WriterContext, id: number): Promise<RetryOutcome> {
  try {
    const found = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(deliveryDeadLetters)
        .where(eq(deliveryDeadLetters.id, id))
        .returning({ event: deliveryDeadLetters.event });
      if (!row) return false;
      // In the delete's transaction: recorded and gone, or neither.
      await recordBatchIn(tx, ctx.config, [decodeEvent(row.event)]);
      return true;
    });
    if (!found) return { id, ok: false, error: 'no such dead letter' };
    return { id, ok: true };
  } catch (error) {
    const summary = describeError(error);
    const message = summary.code ? `${summary.code}: ${summary.message}` : summary.message;
    await ctx.db
      .update(deliveryDeadLetters)
      .set({
        error: message.slice(0, 1000),
        attempts: sql`${deliveryDeadLetters.attempts} + 1`,
        lastFailedAt: new Date(),
      })
      .where(eq(deliveryDeadLetters.id, id));
    return { id, ok: false, error: message };
  }
}

/** Retries every dead letter, oldest first, one transaction each. */
export async function retryAllDeadLetters(ctx: WriterContext): Promise<RetryOutcome[]> {
  const ids = (
    await ctx.db.select({ id: deliveryDeadLetters.id }).from(deliveryDeadLetters).orderBy(asc(deliveryDeadLetters.id))
  ).map((r) => r.id);
  const out: RetryOutcome[] = [];
  for (const id of ids) out.push(await retryDeadLetter(ctx, id));
  return out;
}

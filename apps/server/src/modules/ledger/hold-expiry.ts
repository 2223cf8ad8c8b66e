import { and, asc, eq, lte } from 'drizzle-orm';
import { DAY_MS } from '@cryptads/contract/dates';
import type { Db, Tx } from '../../db/client';
import { ledgerHolds } from '../../db/schema/ledger';
import { voidHold } from './holds';
import type { LedgerHold } from './posting';

/**
 * Pending holds expire (docs/decisions/041): every hold carries a deadline, and the hold-expiry
 * job voids those still pending after it, so the money is available again and the statement
 * shows the release line. The owner of a hold may resolve it itself first (a payout is marked
 * failed in the same transaction): `onExpired` by the hold's kind.
 */

/** The default deadline of a hold made at `now` without a timer of its own. */
export const holdDeadline = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * What the owner of a kind of hold does when it expires, in the job's transaction with the hold
 * row locked and still pending. It must leave the hold voided (through `voidHold`).
 */
export type HoldExpiryHandler = (tx: Tx, hold: LedgerHold) => Promise<void>;

/** Holds voided per run; the rest wait for the next run. */
const BATCH = 500;

/**
 * Voids every hold still pending at or after its deadline, one transaction per hold: the row is
 * locked and its status and deadline read again, so two runs at once (or an owner posting it
 * meanwhile) void it at most once. Answers the ids this run voided.
 */
export async function expireHolds(
  db: Db,
  opts: { now?: Date; onExpired?: Partial<Record<string, HoldExpiryHandler>> } = {},
): Promise<number[]> {
  const now = opts.now ?? new Date();
  const due = await db
    .select({ id: ledgerHolds.id })
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.status, 'pending'), lte(ledgerHolds.expiresAt, now)))
    .orderBy(asc(ledgerHolds.expiresAt), asc(ledgerHolds.id))
    .limit(BATCH);
  const voided: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [h] = await tx
        .select()
        .from(ledgerHolds)
        .where(and(eq(ledgerHolds.id, id), eq(ledgerHolds.status, 'pending'), lte(ledgerHolds.expiresAt, now)))
        .for('update');
      if (!h) return false;
      const handler = opts.onExpired?.[h.kind];
      if (handler) await handler(tx, h);
      else await voidHold(tx, h.id, { description: `Released, not settled in time: ${h.description}` });
      const [after] = await tx.select({ status: ledgerHolds.status }).from(ledgerHolds).where(eq(ledgerHolds.id, id));
      if (after?.status !== 'voided') throw new Error(`ledger: the expiry of hold ${id} left it ${after?.status}`);
      return true;
    });
    if (done) voided.push(id);
  }
  return voided;
}

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerHolds } from '../../db/schema/ledger';
import { conflict } from '../../lib/errors';
import { type AccountRef, accountCode, available, held, refOfCode } from './accounts';
import {
  accountId,
  assertSameOperation,
  codesOf,
  type LedgerHold,
  lockKey,
  postLegs,
  type TransferInput,
  type TransferKind,
} from './posting';

// ---------------------------------------------------------------- two-phase transfers

/**
 * Reserves money for a later transfer (TigerBeetle's pending transfer): the amount moves from
 * the user's available account to their held account now; `postHold` then sends it to `to`,
 * or `voidHold` gives it back. Throws 402 when the available balance is short. Once per
 * idempotency key (the same key for another hold: 409).
 */
export async function hold(
  tx: Tx,
  h: {
    userId: number;
    to: AccountRef;
    amountMicros: bigint;
    /** The kind of the transfer that posts it ('payout', ...). */
    kind: TransferKind;
    description: string;
    reference?: string;
    idempotencyKey?: string;
    /**
     * The hold's deadline: the hold-expiry job voids it if it is still pending then. Every
     * hold has one (the owner's own timer, else `holdDeadline` with the configured default).
     */
    expiresAt: Date;
    /** When it was held, when that is not now (the demo world's past). */
    at?: Date;
  },
): Promise<{ hold: LedgerHold; applied: boolean }> {
  if (h.amountMicros <= 0n) throw new Error('ledger: a hold reserves more than zero');
  if (Number.isNaN(h.expiresAt.getTime())) throw new Error('ledger: a hold needs a valid deadline');
  if (h.idempotencyKey) {
    await lockKey(tx, h.idempotencyKey);
    const [existing] = await tx
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.idempotencyKey, h.idempotencyKey))
      .limit(1);
    if (existing) {
      const codes = await codesOf(tx, [existing.destinationAccountId]);
      assertSameOperation(
        h.idempotencyKey,
        existing.userId === h.userId &&
          existing.amountMicros === h.amountMicros &&
          existing.kind === h.kind &&
          codes.get(existing.destinationAccountId) === accountCode(h.to),
      );
      return { hold: existing, applied: false };
    }
  }
  const [row] = await tx
    .insert(ledgerHolds)
    .values({
      userId: h.userId,
      destinationAccountId: await accountId(tx, h.to),
      amountMicros: h.amountMicros,
      kind: h.kind,
      description: h.description,
      reference: h.reference ?? null,
      idempotencyKey: h.idempotencyKey ?? null,
      expiresAt: h.expiresAt,
      ...(h.at ? { createdAt: h.at } : {}),
    })
    .returning();
  if (!row) throw new Error('ledger: hold insert returned nothing');
  await postLegs(tx, [
    {
      from: available(h.userId),
      to: held(h.userId),
      amountMicros: h.amountMicros,
      kind: 'hold',
      description: h.description,
      reference: h.reference ?? null,
      holdId: row.id,
      holdPhase: 'reserve',
      at: h.at,
    },
  ]);
  return { hold: row, applied: true };
}

/** Resolves a pending hold once; a second resolution of the same kind changes nothing. */
async function resolveHold(tx: Tx, holdId: number, to: 'posted' | 'voided', at = new Date()) {
  const [row] = await tx
    .update(ledgerHolds)
    .set({ status: to, resolvedAt: at })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'pending')))
    .returning();
  if (row) return { hold: row, applied: true as const };
  const [current] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).limit(1);
  if (!current) throw new Error(`ledger: no hold ${holdId}`);
  if (current.status === to) return { hold: current, applied: false as const };
  throw conflict(`This hold was already ${current.status}.`);
}

/**
 * Sends a held amount on: the user's held account -> the hold's destination. 409 when it was
 * voided. `onward` transfers (e.g. the destination splitting the amount further, as the
 * marketplace pays seller and commission out of escrow) are written in the SAME posting, so
 * the transaction still posts once and takes its locks in the one global order; they happen
 * exactly when the hold is posted (a second call posts nothing, onward legs included).
 */
export async function postHold(
  tx: Tx,
  holdId: number,
  opts: {
    onward?: readonly TransferInput[];
    /** When it was sent on, when that is not now (the demo world's past). */
    at?: Date;
  } = {},
): Promise<{ hold: LedgerHold; applied: boolean }> {
  const resolved = await resolveHold(tx, holdId, 'posted', opts.at);
  if (!resolved.applied) return resolved;
  const h = resolved.hold;
  const codes = await codesOf(tx, [h.destinationAccountId]);
  const onward = opts.onward ?? [];
  if (onward.some((l) => l.amountMicros < 0n)) throw new Error('ledger: onward transfers move zero or more');
  await postLegs(tx, [
    {
      from: held(h.userId),
      to: refOfCode(codes.get(h.destinationAccountId) ?? ''),
      amountMicros: h.amountMicros,
      kind: h.kind as TransferKind,
      description: h.description,
      reference: h.reference,
      holdId: h.id,
      holdPhase: 'post',
      at: opts.at,
    },
    ...onward,
  ]);
  return resolved;
}

/** Gives a held amount back: held -> available. 409 when it was posted. */
export async function voidHold(
  tx: Tx,
  holdId: number,
  opts: { description?: string } = {},
): Promise<{ hold: LedgerHold; applied: boolean }> {
  const resolved = await resolveHold(tx, holdId, 'voided');
  if (!resolved.applied) return resolved;
  const h = resolved.hold;
  await postLegs(tx, [
    {
      from: held(h.userId),
      to: available(h.userId),
      amountMicros: h.amountMicros,
      kind: 'hold_void',
      description: opts.description ?? `Released: ${h.description}`,
      reference: h.reference,
      holdId: h.id,
      holdPhase: 'void',
    },
  ]);
  return resolved;
}

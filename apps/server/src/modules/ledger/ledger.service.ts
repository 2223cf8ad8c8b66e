import { and, eq, sql } from 'drizzle-orm';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerEntries } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';

export type LedgerKind = 'deposit' | 'spend' | 'earning' | 'withdrawal' | 'refund' | 'referral_reward' | 'adjustment';

export const INSUFFICIENT_BALANCE = 'Your balance is not sufficient for this operation.';

/**
 * The only way a balance changes: one ledger row and the cached balance, in the caller's
 * transaction. With an idempotency key, a second call with the same key changes nothing
 * and returns the first entry (even when both run at once: the key is locked for the
 * transaction). A debit below zero fails on the CHECK and throws 402.
 */
export async function postLedgerEntry(
  tx: DbOrTx,
  entry: {
    userId: number;
    amountMicros: bigint;
    kind: LedgerKind;
    description: string;
    reference?: string;
    idempotencyKey?: string;
  },
) {
  if (entry.idempotencyKey) {
    // Two deliveries of one webhook at the same moment: the second waits here until the
    // first commits, then finds its entry, instead of failing on the unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${entry.idempotencyKey}, 0))`);
    const [existing] = await tx
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, entry.idempotencyKey))
      .limit(1);
    if (existing) return { entry: existing, applied: false };
  }
  let balanceAfter: bigint;
  try {
    const [row] = await tx
      .update(users)
      .set({ balanceMicros: sql`${users.balanceMicros} + ${entry.amountMicros.toString()}::bigint` })
      .where(eq(users.id, entry.userId))
      .returning({ balance: users.balanceMicros });
    if (!row) throw new Error(`ledger: user ${entry.userId} does not exist`);
    balanceAfter = row.balance;
  } catch (error) {
    if (isCheckViolation(error)) throw new AppError(402, INSUFFICIENT_BALANCE);
    throw error;
  }
  const [created] = await tx
    .insert(ledgerEntries)
    .values({
      userId: entry.userId,
      amountMicros: entry.amountMicros,
      balanceAfterMicros: balanceAfter,
      kind: entry.kind,
      description: entry.description,
      reference: entry.reference ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
    })
    .returning();
  if (!created) throw new Error('ledger insert returned nothing');
  // Money back in the account: campaigns stopped for lack of funds deliver again.
  if (entry.amountMicros > 0n && entry.kind !== 'earning' && balanceAfter > 0n)
    await tx
      .update(campaigns)
      .set({ status: CampaignStatus.Delivering, updatedAt: new Date() })
      .where(and(eq(campaigns.ownerId, entry.userId), eq(campaigns.status, CampaignStatus.OutOfFunds)));
  return { entry: created, applied: true };
}

function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23514' || e?.cause?.code === '23514';
}

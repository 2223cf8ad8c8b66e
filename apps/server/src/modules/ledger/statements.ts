import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/ledger';
import { type AccountRef, accountCode, available } from './accounts';
import type { TransferKind } from './posting';

// ---------------------------------------------------------------- reading

/** An account's balance (0 when it was never used). */
export async function accountBalance(db: DbOrTx, ref: AccountRef): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceMicros })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCode(ref)))
    .limit(1);
  return row?.balance ?? 0n;
}

export type StatementLine = {
  id: number;
  kind: string;
  /** Signed: positive into the account, negative out of it. */
  amountMicros: bigint;
  description: string;
  reference: string | null;
  createdAt: Date;
};

/** The transfers in and out of one account, oldest first, optionally of some kinds only. */
export async function statementOf(db: DbOrTx, ref: AccountRef, opts: { kinds?: readonly TransferKind[] } = {}) {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCode(ref)))
    .limit(1);
  if (!account) return [];
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        or(eq(ledgerTransfers.debitAccountId, account.id), eq(ledgerTransfers.creditAccountId, account.id)),
        opts.kinds ? inArray(ledgerTransfers.kind, [...opts.kinds]) : undefined,
      ),
    )
    .orderBy(asc(ledgerTransfers.id));
  return rows.map(
    (t): StatementLine => ({
      id: t.id,
      kind: t.kind,
      amountMicros: t.creditAccountId === account.id ? t.amountMicros : -t.amountMicros,
      description: t.description,
      reference: t.reference,
      createdAt: t.createdAt,
    }),
  );
}

/** What each of these advertisers spent on traffic, all time (their spend and earning transfers out). */
export async function adSpendOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: ledgerAccounts.userId, total: sql<string>`sum(${ledgerTransfers.amountMicros})::text` })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.debitAccountId))
    .where(
      and(
        inArray(ledgerAccounts.userId, [...userIds]),
        eq(ledgerAccounts.kind, 'available'),
        inArray(ledgerTransfers.kind, ['spend', 'earning']),
      ),
    )
    .groupBy(ledgerAccounts.userId);
  for (const r of rows) if (r.userId !== null) out.set(r.userId, BigInt(r.total));
  return out;
}

/** The sum a user's available account received through transfers of one kind. */
export async function creditedOf(db: DbOrTx, userId: number, kind: TransferKind): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amountMicros}), 0)::text` })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(and(eq(ledgerAccounts.code, accountCode(available(userId))), eq(ledgerTransfers.kind, kind)));
  return BigInt(row?.total ?? '0');
}

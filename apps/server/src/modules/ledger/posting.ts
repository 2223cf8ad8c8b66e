import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerAccounts, type ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { LEDGER_MESSAGES } from '@cryptads/contract/billing-messages';
import { AppError, conflict } from '../../lib/errors';
import { type DomainEvent, emitEvents } from '../events/events';
import { type AccountRef, accountCode, accountColumns } from './accounts';

/**
 * The ledger's one way of writing money (docs/decisions/013-double-entry-ledger.md): a posting
 * of transfers with its locks in one global order. Used by the entry points in
 * ledger.service.ts and holds.ts; other modules call those.
 */

export type TransferKind =
  /** A customer's deposit (provider clearing -> user), its processing fee and VAT. */
  | 'deposit'
  | 'deposit_fee'
  | 'deposit_vat'
  /** Ad spend: advertiser -> network revenue (`spend`) and advertiser -> publisher (`earning`). */
  | 'spend'
  | 'earning'
  | 'referral_reward'
  /** An operator's credit or correction (operator credits <-> user). */
  | 'adjustment'
  | 'refund'
  | 'withdrawal'
  /** Two-phase: available -> held (reserve), held -> available (void). */
  | 'hold'
  | 'hold_void'
  /** A payout: held -> payouts in transit (sent), in transit -> clearing (completed) or -> available (returned). */
  | 'payout'
  | 'payout_settled'
  | 'payout_returned'
  /** A marketplace order item's money, held until the item completes (posted to escrow) or is refunded (voided). */
  | 'marketplace_order'
  /** A completed marketplace item: escrow -> the seller (price less commission), or -> revenue for the network's own listings. */
  | 'marketplace_sale'
  /** The network's commission on a publisher's completed marketplace item: escrow -> revenue. */
  | 'marketplace_commission'
  /** Undoes one transfer (reverseTransfer). */
  | 'reversal';

export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
export type LedgerHold = typeof ledgerHolds.$inferSelect;

export const INSUFFICIENT_BALANCE = LEDGER_MESSAGES.insufficientBalance;

/**
 * A replayed idempotency key answers the first posting only when it asks for the same
 * operation; the same key with other accounts, amount or kind is a caller's mistake: 409.
 */
export function assertSameOperation(key: string, same: boolean) {
  if (!same) throw conflict(LEDGER_MESSAGES.idempotencyKeyReused(key));
}

/** Whether stored transfers are the legs asked for again (accounts by code, amount, kind), in order. */
export async function sameLegs(db: DbOrTx, stored: readonly LedgerTransfer[], asked: readonly TransferInput[]) {
  if (stored.length !== asked.length) return false;
  const codes = await codesOf(
    db,
    stored.flatMap((t) => [t.debitAccountId, t.creditAccountId]),
  );
  return stored.every((t, i) => {
    const a = asked[i];
    return (
      a !== undefined &&
      t.amountMicros === a.amountMicros &&
      t.kind === a.kind &&
      codes.get(t.debitAccountId) === accountCode(a.from) &&
      codes.get(t.creditAccountId) === accountCode(a.to)
    );
  });
}

export type TransferInput = {
  from: AccountRef;
  to: AccountRef;
  /** Micro-euros, above zero. */
  amountMicros: bigint;
  kind: TransferKind;
  description: string;
  reference?: string | null;
  /** Set on every transfer that comes from outside: applied once, even by two concurrent calls. */
  idempotencyKey?: string | null;
  /**
   * When it happened, when that is not now: the demo world's and the simulator's past (ad spend
   * on the day it was delivered, a deposit before it). The statement dates the line by it.
   */
  at?: Date;
};

export type Leg = TransferInput & { holdId?: number; holdPhase?: 'reserve' | 'post' | 'void'; reversalOf?: number };

/** What a posting changed: the transfers written and the new balance of every account it touched, by code. */
export type Posted = { transfers: LedgerTransfer[]; balances: Map<string, bigint> };

/** The new balance of an account after a posting (undefined when it did not touch it). */
export const balanceAfter = (posted: Pick<Posted, 'balances'>, ref: AccountRef) =>
  posted.balances.get(accountCode(ref));

/** A PostgreSQL array literal as ONE text parameter; null elements are NULL. */
function arrayLiteral(values: readonly (string | number | bigint | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

const TRANSFER_COLUMNS = Object.entries(getTableColumns(ledgerTransfers));

/** A row of `returning *` as drizzle's own select maps it (each column's driver value mapped by the column). */
function transferOf(row: Record<string, unknown>): LedgerTransfer {
  const out: Record<string, unknown> = {};
  for (const [key, column] of TRANSFER_COLUMNS) {
    const value = row[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as LedgerTransfer;
}

/**
 * Inserts transfers in the legs' order and answers them as stored, in that order. One array
 * parameter per column (unnest), not a VALUES list: drizzle typed every parameter of every row,
 * the largest part of an ad-spend posting's CPU on the embedded database (decision 066).
 * `created_at` is the leg's `at`, or the column's default (now(): the transaction's time).
 */
async function insertTransfers(tx: Tx, legs: readonly Leg[], idOf: (ref: AccountRef) => number) {
  const column = <T extends string | number | bigint>(of: (l: Leg) => T | null | undefined) =>
    arrayLiteral(legs.map((l) => of(l) ?? null));
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`insert into ${ledgerTransfers} (debit_account_id, credit_account_id, amount_micros, kind,
        description, reference, idempotency_key, hold_id, hold_phase, reversal_of, created_at)
      select d, c, a, k, de, r, ik, h, hp, ro, coalesce(at, now())
      from unnest(${column((l) => idOf(l.from))}::integer[], ${column((l) => idOf(l.to))}::integer[],
        ${column((l) => l.amountMicros)}::bigint[], ${column((l) => l.kind)}::text[], ${column((l) => l.description)}::text[],
        ${column((l) => l.reference)}::text[], ${column((l) => l.idempotencyKey)}::text[], ${column((l) => l.holdId)}::bigint[],
        ${column((l) => l.holdPhase)}::text[], ${column((l) => l.reversalOf)}::bigint[],
        ${column((l) => l.at?.toISOString())}::timestamptz[])
        with ordinality as u(d, c, a, k, de, r, ik, h, hp, ro, at, n)
      order by n
      returning *`),
  );
  // Ids are drawn in the select's order (the legs'); RETURNING's order is not promised.
  return rows.map(transferOf).sort((a, b) => a.id - b.id);
}

/** The two CHECKs that keep a user's money at zero or above; any other violation is a bug, not a refusal. */
const BALANCE_CHECKS = new Set(['ledger_accounts_user_nonnegative', 'users_balance_nonnegative']);

function isBalanceCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23514' ? e : e?.cause?.code === '23514' ? e.cause : null;
  return pg !== null && BALANCE_CHECKS.has(pg.constraint ?? '');
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Serialises everything done under one idempotency key: a second call with the key waits
 * here until the first commits, then finds its rows instead of failing on a unique index.
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** lockKey for several keys in one statement, taken in sorted order (unnest keeps the array's). */
export async function lockKeys(tx: Tx, keys: readonly string[]) {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(key, 0)) from unnest(${arrayLiteral(sorted)}::text[]) as key`,
  );
}

/**
 * Writes a set of transfers atomically. Locks are taken in one order everywhere, so two
 * postings never wait for each other in a circle: first the users rows whose cached balance
 * changes (by id), then, as the last statement, the accounts (by code), each once with its net
 * change. A user account that would go below zero fails its CHECK and throws 402 (no other
 * constraint does)
 * INSUFFICIENT_BALANCE (the surrounding transaction is then unusable, as with any failed
 * statement). A caller posts once per transaction, as late as it can: the platform accounts
 * are shared by every posting and stay locked until the commit.
 */
export async function postLegs(tx: Tx, input: readonly Leg[]): Promise<Posted> {
  const legs = input.filter((l) => l.amountMicros !== 0n);
  const balances = new Map<string, bigint>();
  if (legs.length === 0) return { transfers: [], balances };
  const deltas = new Map<string, { ref: AccountRef; delta: bigint }>();
  const add = (ref: AccountRef, delta: bigint) => {
    const code = accountCode(ref);
    const entry = deltas.get(code);
    if (entry) entry.delta += delta;
    else deltas.set(code, { ref, delta });
  };
  for (const leg of legs) {
    if (leg.amountMicros < 0n) throw new Error(`ledger: amounts are positive (${leg.kind}); swap from and to`);
    if (accountCode(leg.from) === accountCode(leg.to)) throw new Error(`ledger: ${leg.kind} from an account to itself`);
    add(leg.from, -leg.amountMicros);
    add(leg.to, leg.amountMicros);
  }

  // 1. The cached balances (users.balance_micros = the available account), in user id order.
  const userDeltas = [...deltas.values()]
    .flatMap(({ ref, delta }) =>
      'user' in ref && ref.kind === 'available' && delta !== 0n ? [{ id: ref.user, delta }] : [],
    )
    .sort((a, b) => a.id - b.id);
  try {
    if (userDeltas.length === 1) {
      const [{ id, delta }] = userDeltas as [{ id: number; delta: bigint }];
      const updated = await tx
        .update(users)
        .set({ balanceMicros: sql`${users.balanceMicros} + ${delta.toString()}::bigint` })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (updated.length !== 1) throw new Error(`ledger: user ${id} does not exist`);
    } else if (userDeltas.length > 1) {
      const ids = userDeltas.map((u) => u.id);
      await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} = any(${arrayLiteral(ids)}::integer[])`)
        .orderBy(asc(users.id))
        .for('no key update');
      const updated = rowsOf<{ id: number }>(
        await tx.execute(sql`update ${users} u set balance_micros = u.balance_micros + v.delta
          from unnest(${arrayLiteral(ids)}::integer[], ${arrayLiteral(userDeltas.map((u) => u.delta))}::bigint[]) as v(id, delta)
          where u.id = v.id returning u.id`),
      );
      if (updated.length !== ids.length) throw new Error('ledger: a user of this posting does not exist');
    }

    // 2. The accounts' ids, creating those used for the first time (at zero; a concurrent
    // creator waits on the unique index). Nothing is locked yet.
    const accounts = [...deltas.values()]
      .map(({ ref, delta }) => ({ ...accountColumns(ref), delta }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const codes = arrayLiteral(accounts.map((a) => a.code));
    const ids = new Map<string, number>();
    const known = () =>
      tx
        .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
        .from(ledgerAccounts)
        .where(sql`${ledgerAccounts.code} = any(${codes}::text[])`);
    for (const r of await known()) ids.set(r.code, r.id);
    if (ids.size < accounts.length) {
      await tx
        .insert(ledgerAccounts)
        .values(accounts.filter((a) => !ids.has(a.code)).map(({ delta: _, ...columns }) => columns))
        .onConflictDoNothing();
      for (const r of await known()) ids.set(r.code, r.id);
    }

    // 3. The transfers themselves, and the credits announced (handled after commit; publisher
    // earnings are not announced).
    const idOf = (ref: AccountRef) => {
      const id = ids.get(accountCode(ref));
      if (id === undefined) throw new Error(`ledger: account ${accountCode(ref)} missing`);
      return id;
    };
    const transfers: LedgerTransfer[] = [];
    for (let i = 0; i < legs.length; i += 1000)
      transfers.push(...(await insertTransfers(tx, legs.slice(i, i + 1000), idOf)));
    const credited: DomainEvent[] = legs.flatMap((l) =>
      'user' in l.to && l.to.kind === 'available' && l.kind !== 'earning'
        ? [
            {
              type: 'balance.credited' as const,
              userId: l.to.user,
              amountMicros: l.amountMicros.toString(),
              reason: l.kind,
            },
          ]
        : [],
    );
    await emitEvents(tx, credited);

    // 4. Last, the balances: each account locked in code order (so two postings never wait
    // for each other in a circle) and changed once by its net amount. FOR NO KEY UPDATE, the
    // lock an UPDATE takes: it does not wait for the transfers other postings insert, which
    // hold a key-share lock on the accounts they reference until they commit. Platform
    // accounts are shared by every posting: they stay locked only from here to the commit.
    // (An upsert cannot do this: PostgreSQL checks the proposed row's CHECK before it sees
    // the conflict.)
    const rows = rowsOf<{ code: string; balance_micros: string | bigint }>(
      await tx.execute(sql`update ${ledgerAccounts} a set balance_micros = a.balance_micros + v.delta
        from (select l.id, d.delta from (select id, code from ${ledgerAccounts} where code = any(${codes}::text[])
            order by code for no key update) l
          join unnest(${codes}::text[], ${arrayLiteral(accounts.map((a) => a.delta))}::bigint[]) as d(code, delta)
            on d.code = l.code) v
        where a.id = v.id
        returning a.code, a.balance_micros`),
    );
    if (rows.length !== accounts.length) throw new Error('ledger: an account of this posting is missing');
    for (const r of rows) balances.set(r.code, BigInt(r.balance_micros));
    return { transfers, balances };
  } catch (error) {
    // Only a balance going below zero is the caller's 402; any other failed constraint goes
    // on as the server error it is (logged, 500).
    if (isBalanceCheckViolation(error)) throw new AppError(402, INSUFFICIENT_BALANCE);
    throw error;
  }
}

export async function codesOf(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = any(${arrayLiteral(ids)}::integer[])`);
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** The id of an account, created if it does not exist yet (without locking an existing one). */
export async function accountId(tx: Tx, ref: AccountRef): Promise<number> {
  const cols = accountColumns(ref);
  const find = () =>
    tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, cols.code)).limit(1);
  const [found] = await find();
  if (found) return found.id;
  await tx.insert(ledgerAccounts).values(cols).onConflictDoNothing();
  const [created] = await find();
  if (!created) throw new Error(`ledger: account ${cols.code} could not be created`);
  return created.id;
}

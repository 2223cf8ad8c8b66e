import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { DbOrTx, Tx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerAccounts, ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { AppError, conflict } from '../../lib/errors';
import { type DomainEvent, emitEvents } from '../events/events';
import {
  type AccountRef,
  accountCode,
  accountColumns,
  available,
  clearing,
  held,
  type PaymentProvider,
  platform,
  refOfCode,
} from './accounts';

export * from './accounts';

/**
 * The double-entry ledger (docs/decisions/013-double-entry-ledger.md). Money moves only
 * through this module, in the caller's transaction: a transfer takes an exact amount from one
 * account and gives it to another; the accounts' balances, the cached users.balance_micros
 * (= the user's available account) and the immutable transfer rows change together. Money
 * only: a credit to a user's available account emits `balance.credited` (publisher earnings
 * excepted), and what follows from it runs after commit in the event handlers.
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

export const INSUFFICIENT_BALANCE = 'Your balance is not sufficient for this operation.';

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
};

type Leg = TransferInput & { holdId?: number; holdPhase?: 'reserve' | 'post' | 'void'; reversalOf?: number };

/** What a posting changed: the transfers written and the new balance of every account it touched, by code. */
export type Posted = { transfers: LedgerTransfer[]; balances: Map<string, bigint> };

/** The new balance of an account after a posting (undefined when it did not touch it). */
export const balanceAfter = (posted: Pick<Posted, 'balances'>, ref: AccountRef) =>
  posted.balances.get(accountCode(ref));

// ---------------------------------------------------------------- posting

/** A PostgreSQL array literal as ONE text parameter; null elements are NULL. */
function arrayLiteral(values: readonly (string | number | bigint | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}

function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23514' || e?.cause?.code === '23514';
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Serialises everything done under one idempotency key: a second call with the key waits
 * here until the first commits, then finds its rows instead of failing on a unique index.
 */
async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Writes a set of transfers atomically. Locks are taken in one order everywhere, so two
 * postings never wait for each other in a circle: first the users rows whose cached balance
 * changes (by id), then, as the last statement, the accounts (by code), each once with its net
 * change. A user account that would go below zero fails its CHECK and throws 402
 * INSUFFICIENT_BALANCE (the surrounding transaction is then unusable, as with any failed
 * statement). A caller posts once per transaction, as late as it can: the platform accounts
 * are shared by every posting and stay locked until the commit.
 */
async function postLegs(tx: Tx, input: readonly Leg[]): Promise<Posted> {
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
        .where(inArray(users.id, ids))
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
    for (let i = 0; i < legs.length; i += 1000) {
      const part = legs.slice(i, i + 1000);
      transfers.push(
        ...(await tx
          .insert(ledgerTransfers)
          .values(
            part.map((l) => ({
              debitAccountId: idOf(l.from),
              creditAccountId: idOf(l.to),
              amountMicros: l.amountMicros,
              kind: l.kind,
              description: l.description,
              reference: l.reference ?? null,
              idempotencyKey: l.idempotencyKey ?? null,
              holdId: l.holdId ?? null,
              holdPhase: l.holdPhase ?? null,
              reversalOf: l.reversalOf ?? null,
            })),
          )
          .returning()),
      );
    }
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
    if (isCheckViolation(error)) throw new AppError(402, INSUFFICIENT_BALANCE);
    throw error;
  }
}

/**
 * Moves `amountMicros` from one account to another, e.g.
 * `transfer(tx, { from: platform('operator_credits'), to: available(userId), amountMicros, kind: 'adjustment', description })`.
 * With an idempotency key, a second call changes nothing and answers the first transfer.
 */
export async function transfer(
  tx: Tx,
  input: TransferInput,
): Promise<Posted & { transfer: LedgerTransfer; applied: boolean }> {
  if (input.idempotencyKey) {
    await lockKey(tx, input.idempotencyKey);
    const [existing] = await tx
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (existing) return { transfer: existing, applied: false, transfers: [existing], balances: new Map() };
  }
  if (input.amountMicros <= 0n) throw new Error(`ledger: a transfer moves more than zero (${input.kind})`);
  const posted = await postLegs(tx, [input]);
  const [first] = posted.transfers;
  if (!first) throw new Error('ledger: transfer insert returned nothing');
  return { ...posted, transfer: first, applied: true };
}

/**
 * Several transfers as one posting (all or nothing, locks in one order): ad spend, a deposit
 * with its fee and VAT. Zero amounts are left out. With `idempotencyKey` the posting happens
 * once: the first transfer carries the key, the others `<key>#2`, `<key>#3` ...
 */
export async function transferMany(
  tx: Tx,
  list: readonly TransferInput[],
  opts: { idempotencyKey?: string } = {},
): Promise<Posted & { applied: boolean }> {
  const key = opts.idempotencyKey;
  const legs = list.filter((l) => l.amountMicros !== 0n);
  if (!key) return { ...(await postLegs(tx, legs)), applied: true };
  await lockKey(tx, key);
  const keys = legs.map((_, i) => (i === 0 ? key : `${key}#${i + 1}`));
  const existing = await tx
    .select()
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, keys.length ? keys : [key]))
    .orderBy(asc(ledgerTransfers.id));
  if (existing.some((t) => t.idempotencyKey === key))
    return { transfers: existing, balances: new Map(), applied: false };
  return {
    ...(await postLegs(
      tx,
      legs.map((l, i) => ({ ...l, idempotencyKey: keys[i] })),
    )),
    applied: true,
  };
}

// ---------------------------------------------------------------- what the callers use

/**
 * A paid deposit (the deposits module calls it once per payment): the customer's total
 * leaves the provider's clearing account and is split into the user's available balance,
 * the processing fee and the VAT. Once per idempotency key; the fee and VAT transfers carry
 * `<key>#2` and `<key>#3` (or `#2` alone when one of them is zero).
 */
export async function creditDeposit(
  tx: Tx,
  d: {
    userId: number;
    provider: PaymentProvider;
    amountMicros: bigint;
    feeMicros: bigint;
    vatMicros: bigint;
    idempotencyKey: string;
    reference: string;
    description?: string;
  },
): Promise<Posted & { applied: boolean }> {
  if (d.amountMicros <= 0n || d.feeMicros < 0n || d.vatMicros < 0n)
    throw new Error('ledger: a deposit credits more than zero, with a fee and VAT of zero or more');
  const from = clearing(d.provider);
  const common = { from, reference: d.reference };
  return transferMany(
    tx,
    [
      {
        ...common,
        to: available(d.userId),
        amountMicros: d.amountMicros,
        kind: 'deposit',
        description: d.description ?? 'Deposit',
      },
      {
        ...common,
        to: platform('processing_fees'),
        amountMicros: d.feeMicros,
        kind: 'deposit_fee',
        description: 'Deposit processing fee',
      },
      {
        ...common,
        to: platform('vat_payable'),
        amountMicros: d.vatMicros,
        kind: 'deposit_vat',
        description: 'VAT on a deposit',
      },
    ],
    { idempotencyKey: d.idempotencyKey },
  );
}

/** An operator's credit (`user credit`, demo funding): operator credits -> the user's available balance. */
export function operatorCredit(
  tx: Tx,
  c: { userId: number; amountMicros: bigint; description: string; reference?: string; idempotencyKey?: string },
) {
  return transfer(tx, {
    from: platform('operator_credits'),
    to: available(c.userId),
    amountMicros: c.amountMicros,
    kind: 'adjustment',
    description: c.description,
    reference: c.reference ?? null,
    idempotencyKey: c.idempotencyKey ?? null,
  });
}

export type AdSpendLine = { advertiserId: number; publisherId: number; costMicros: bigint; earningsMicros: bigint };

/**
 * One recorded batch's money (the recorder): each advertiser pays each publisher their
 * earnings (floor(cost x share) per event, summed) and the network revenue the rest, as one
 * posting. Answers the posting (each advertiser's new balance is in `balances`).
 */
export async function postAdSpend(tx: Tx, lines: readonly AdSpendLine[]): Promise<Posted> {
  const cost = new Map<number, bigint>();
  const earnings = new Map<string, { advertiserId: number; publisherId: number; amount: bigint }>();
  for (const l of lines) {
    cost.set(l.advertiserId, (cost.get(l.advertiserId) ?? 0n) + l.costMicros);
    const key = `${l.advertiserId}|${l.publisherId}`;
    const e = earnings.get(key);
    if (e) e.amount += l.earningsMicros;
    else earnings.set(key, { advertiserId: l.advertiserId, publisherId: l.publisherId, amount: l.earningsMicros });
  }
  const shared = new Map<number, bigint>();
  const legs: Leg[] = [];
  for (const e of earnings.values()) {
    shared.set(e.advertiserId, (shared.get(e.advertiserId) ?? 0n) + e.amount);
    // An account showing its own ads on its own site pays itself nothing.
    if (e.advertiserId === e.publisherId) continue;
    legs.push({
      from: available(e.advertiserId),
      to: available(e.publisherId),
      amountMicros: e.amount,
      kind: 'earning',
      description: 'Publisher earnings',
      reference: 'delivery',
    });
  }
  for (const [advertiserId, total] of cost) {
    const rest = total - (shared.get(advertiserId) ?? 0n);
    if (rest < 0n) throw new Error('ledger: publisher earnings above the cost of the batch');
    legs.push({
      from: available(advertiserId),
      to: platform('revenue'),
      amountMicros: rest,
      kind: 'spend',
      description: 'Advertising spend',
      reference: 'delivery',
    });
  }
  return postLegs(tx, legs);
}

/**
 * Undoes a transfer with a new one in the other direction (transfers are immutable). Once per
 * transfer. Not for holds: void them. A user account that no longer holds the money fails 402.
 */
export async function reverseTransfer(
  tx: Tx,
  transferId: number,
  opts: { description: string; reference?: string },
): Promise<{ transfer: LedgerTransfer; applied: boolean }> {
  await lockKey(tx, `ledger-reversal:${transferId}`);
  const [existing] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.reversalOf, transferId)).limit(1);
  if (existing) return { transfer: existing, applied: false };
  const [original] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId)).limit(1);
  if (!original) throw new Error(`ledger: no transfer ${transferId}`);
  if (original.holdId !== null) throw new Error('ledger: a hold is voided, not reversed');
  if (original.reversalOf !== null) throw new Error('ledger: a reversal is not reversed again');
  const codes = await codesOf(tx, [original.debitAccountId, original.creditAccountId]);
  const posted = await postLegs(tx, [
    {
      from: refOfCode(codes.get(original.creditAccountId) ?? ''),
      to: refOfCode(codes.get(original.debitAccountId) ?? ''),
      amountMicros: original.amountMicros,
      kind: 'reversal',
      description: opts.description,
      reference: opts.reference ?? original.reference,
      reversalOf: original.id,
    },
  ]);
  const [created] = posted.transfers;
  if (!created) throw new Error('ledger: reversal insert returned nothing');
  return { transfer: created, applied: true };
}

async function codesOf(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** The id of an account, created if it does not exist yet (without locking an existing one). */
async function accountId(tx: Tx, ref: AccountRef): Promise<number> {
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

// ---------------------------------------------------------------- two-phase transfers

/**
 * Reserves money for a later transfer (TigerBeetle's pending transfer): the amount moves from
 * the user's available account to their held account now; `postHold` then sends it to `to`,
 * or `voidHold` gives it back. Throws 402 when the available balance is short. Once per
 * idempotency key.
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
  },
): Promise<{ hold: LedgerHold; applied: boolean }> {
  if (h.amountMicros <= 0n) throw new Error('ledger: a hold reserves more than zero');
  if (h.idempotencyKey) {
    await lockKey(tx, h.idempotencyKey);
    const [existing] = await tx
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.idempotencyKey, h.idempotencyKey))
      .limit(1);
    if (existing) return { hold: existing, applied: false };
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
    },
  ]);
  return { hold: row, applied: true };
}

/** Resolves a pending hold once; a second resolution of the same kind changes nothing. */
async function resolveHold(tx: Tx, holdId: number, to: 'posted' | 'voided') {
  const [row] = await tx
    .update(ledgerHolds)
    .set({ status: to, resolvedAt: new Date() })
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
  opts: { onward?: readonly TransferInput[] } = {},
): Promise<{ hold: LedgerHold; applied: boolean }> {
  const resolved = await resolveHold(tx, holdId, 'posted');
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

// ---------------------------------------------------------------- after commit

/**
 * Money back in the account (the `balance.credited` handler): the owner's campaigns stopped
 * for lack of funds deliver again, if the balance is still above zero when this runs. Each one
 * announces `campaign.changed`, which brings it back into the delivery index.
 */
export async function reactivateFundedCampaigns(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .update(campaigns)
    .set({ status: CampaignStatus.Delivering, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.ownerId, userId),
        eq(campaigns.status, CampaignStatus.OutOfFunds),
        sql`exists (select 1 from ${users} u where u.id = ${userId} and u.balance_micros > 0)`,
      ),
    )
    .returning({ id: campaigns.id });
  await emitEvents(
    tx,
    rows.map((r) => ({ type: 'campaign.changed' as const, campaignId: r.id, ownerId: userId })),
  );
  return rows.map((r) => r.id);
}

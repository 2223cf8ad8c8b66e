import { and, asc, eq, gt, inArray, like, lte, max, or, sql } from 'drizzle-orm';
import { CampaignStatus, PaymentMode } from '@cryptads/contract/campaign-messages';
import { impressionCostOf } from '@cryptads/contract/money';
import type { DbOrTx, Tx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { emitEvents } from '../events/events';
import { available, clearing, type PaymentProvider, platform, refOfCode, vatPayable } from './accounts';
import {
  assertSameOperation,
  codesOf,
  type Leg,
  type LedgerTransfer,
  lockKey,
  lockKeys,
  type Posted,
  postLegs,
  sameLegs,
  type TransferInput,
} from './posting';

export * from './accounts';
export { expireHolds, type HoldExpiryHandler, holdDeadline } from './hold-expiry';
export { hold, postHold, voidHold } from './holds';
export {
  balanceAfter,
  INSUFFICIENT_BALANCE,
  type LedgerHold,
  type LedgerTransfer,
  type Posted,
  type TransferInput,
  type TransferKind,
} from './posting';
export { accountBalance, adSpendOf, creditedOf, type StatementLine, statementOf } from './statements';

/**
 * The double-entry ledger (docs/decisions/013-double-entry-ledger.md). Money moves only
 * through this module, in the caller's transaction: a transfer takes an exact amount from one
 * account and gives it to another; the accounts' balances, the cached users.balance_micros
 * (= the user's available account) and the immutable transfer rows change together. Money
 * only: a credit to a user's available account emits `balance.credited` (publisher earnings
 * excepted), and what follows from it runs after commit in the event handlers.
 */

/**
 * Moves `amountMicros` from one account to another, e.g.
 * `transfer(tx, { from: platform('operator_credits'), to: available(userId), amountMicros, kind: 'adjustment', description })`.
 * With an idempotency key, a second call changes nothing and answers the first transfer; the
 * same key with other accounts, amount or kind is refused (409).
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
    if (existing) {
      assertSameOperation(input.idempotencyKey, await sameLegs(tx, [existing], [input]));
      return { transfer: existing, applied: false, transfers: [existing], balances: new Map() };
    }
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
  // Every transfer of an earlier posting under the key (it may have had more legs than this one).
  const keyPattern = `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}#%`;
  const existing = await tx
    .select()
    .from(ledgerTransfers)
    .where(or(eq(ledgerTransfers.idempotencyKey, key), like(ledgerTransfers.idempotencyKey, keyPattern)))
    .orderBy(asc(ledgerTransfers.id));
  if (existing.some((t) => t.idempotencyKey === key)) {
    assertSameOperation(key, await sameLegs(tx, existing, legs));
    return { transfers: existing, balances: new Map(), applied: false };
  }
  return {
    ...(await postLegs(tx, keyedLegs(legs, key))),
    applied: true,
  };
}

/** A posting's legs under its key: the first carries the key, the others `<key>#2`, `<key>#3` ... */
function keyedLegs(legs: readonly TransferInput[], key: string): TransferInput[] {
  return legs.map((l, i) => ({ ...l, idempotencyKey: i === 0 ? key : `${key}#${i + 1}` }));
}

// ---------------------------------------------------------------- what the callers use

/**
 * A paid deposit (the deposits module calls it once per payment): the customer's total
 * leaves the provider's clearing account and is split into the user's available balance,
 * the processing fee and the VAT. Once per idempotency key; the fee and VAT transfers carry
 * `<key>#2` and `<key>#3` (or `#2` alone when one of them is zero).
 */
export type DepositCredit = {
  userId: number;
  provider: PaymentProvider;
  amountMicros: bigint;
  feeMicros: bigint;
  vatMicros: bigint;
  /** The member state the VAT is owed to (its own VAT payable account); null: the general one. */
  vatCountry?: string | null;
  idempotencyKey: string;
  reference: string;
  description?: string;
  /** When it arrived, when that is not now (the demo world's and the simulator's past). */
  at?: Date;
};

/** A deposit's transfers: the amount to the user, the fee and the VAT to theirs (zero ones left out). */
function depositLegs(d: DepositCredit): TransferInput[] {
  if (d.amountMicros <= 0n || d.feeMicros < 0n || d.vatMicros < 0n)
    throw new Error('ledger: a deposit credits more than zero, with a fee and VAT of zero or more');
  const from = clearing(d.provider);
  const common = { from, reference: d.reference, at: d.at };
  return [
    {
      ...common,
      to: available(d.userId),
      amountMicros: d.amountMicros,
      kind: 'deposit' as const,
      description: d.description ?? 'Deposit',
    },
    {
      ...common,
      to: platform('processing_fees'),
      amountMicros: d.feeMicros,
      kind: 'deposit_fee' as const,
      description: 'Deposit processing fee',
    },
    {
      ...common,
      to: vatPayable(d.vatCountry),
      amountMicros: d.vatMicros,
      kind: 'deposit_vat' as const,
      description: d.vatCountry ? `VAT on a deposit (${d.vatCountry})` : 'VAT on a deposit',
    },
  ].filter((l) => l.amountMicros !== 0n);
}

export async function creditDeposit(tx: Tx, d: DepositCredit): Promise<Posted & { applied: boolean }> {
  return transferMany(tx, depositLegs(d), { idempotencyKey: d.idempotencyKey });
}

/**
 * Several paid deposits (a bank statement's credits) as ONE posting: each deposit's transfers
 * and keys exactly as creditDeposit makes them, every key locked in one statement, the users
 * and accounts locked once, in the posting's one order. A deposit whose key was posted before
 * goes through creditDeposit, which answers the first posting (posting nothing) or refuses
 * another operation under the same key (409), as for one deposit.
 */
export async function creditDeposits(tx: Tx, list: readonly DepositCredit[]): Promise<void> {
  if (list.length === 0) return;
  const keys = list.map((d) => d.idempotencyKey);
  if (new Set(keys).size !== keys.length) throw new Error('ledger: a deposit twice in one posting');
  const legs = list.map((d) => ({ d, legs: depositLegs(d) }));
  await lockKeys(tx, keys);
  const posted = await tx
    .select({ key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, keys));
  const before = new Set(posted.map((r) => r.key));
  for (const { d } of legs) if (before.has(d.idempotencyKey)) await creditDeposit(tx, d);
  await postLegs(
    tx,
    legs.filter(({ d }) => !before.has(d.idempotencyKey)).flatMap(({ d, legs }) => keyedLegs(legs, d.idempotencyKey)),
  );
}

/** An operator's credit (`user credit`, demo funding): operator credits -> the user's available balance. */
export function operatorCredit(
  tx: Tx,
  c: {
    userId: number;
    amountMicros: bigint;
    description: string;
    reference?: string;
    idempotencyKey?: string;
    /** When it was credited, when that is not now (the demo world's past). */
    at?: Date;
  },
) {
  return transfer(tx, {
    from: platform('operator_credits'),
    to: available(c.userId),
    amountMicros: c.amountMicros,
    kind: 'adjustment',
    description: c.description,
    reference: c.reference ?? null,
    idempotencyKey: c.idempotencyKey ?? null,
    at: c.at,
  });
}

export type AdSpendLine = {
  advertiserId: number;
  publisherId: number;
  costMicros: bigint;
  earningsMicros: bigint;
  /** The campaign and website the money is for: the customer's statement names them (one line per campaign or website and day). */
  campaignId?: number;
  websiteId?: number;
};

/** The reference of an ad spend transfer: the campaign (and for earnings the website) it pays for, or 'delivery' when not given. */
export const adSpendReference = (campaignId?: number, websiteId?: number) =>
  campaignId === undefined
    ? 'delivery'
    : websiteId === undefined
      ? `campaign:${campaignId}`
      : `campaign:${campaignId}/website:${websiteId}`;

/**
 * One recorded batch's money (the recorder): each advertiser pays each publisher their
 * earnings (floor(cost x share) per event, summed) and the network revenue the rest, as one
 * posting, per campaign and website when the lines name them (so the statement can say what
 * the money was for). Answers the posting (each advertiser's new balance is in `balances`).
 * `at` dates the transfers when the batch is the past (a recorded history: the day it was
 * delivered), so the statement shows the spend on that day.
 */
export async function postAdSpend(tx: Tx, lines: readonly AdSpendLine[], opts: { at?: Date } = {}): Promise<Posted> {
  const cost = new Map<string, { advertiserId: number; campaignId?: number; amount: bigint }>();
  const earnings = new Map<
    string,
    { advertiserId: number; publisherId: number; campaignId?: number; websiteId?: number; amount: bigint }
  >();
  for (const l of lines) {
    const costKey = `${l.advertiserId}|${l.campaignId ?? ''}`;
    const c = cost.get(costKey);
    if (c) c.amount += l.costMicros;
    else cost.set(costKey, { advertiserId: l.advertiserId, campaignId: l.campaignId, amount: l.costMicros });
    const key = `${costKey}|${l.publisherId}|${l.websiteId ?? ''}`;
    const e = earnings.get(key);
    if (e) e.amount += l.earningsMicros;
    else
      earnings.set(key, {
        advertiserId: l.advertiserId,
        publisherId: l.publisherId,
        campaignId: l.campaignId,
        websiteId: l.websiteId,
        amount: l.earningsMicros,
      });
  }
  const shared = new Map<string, bigint>();
  const legs: Leg[] = [];
  for (const e of earnings.values()) {
    const costKey = `${e.advertiserId}|${e.campaignId ?? ''}`;
    shared.set(costKey, (shared.get(costKey) ?? 0n) + e.amount);
    // An account showing its own ads on its own site pays itself nothing.
    if (e.advertiserId === e.publisherId) continue;
    legs.push({
      from: available(e.advertiserId),
      to: available(e.publisherId),
      amountMicros: e.amount,
      kind: 'earning',
      description: 'Publisher earnings',
      reference: adSpendReference(e.campaignId, e.campaignId === undefined ? undefined : e.websiteId),
      at: opts.at,
    });
  }
  for (const [costKey, c] of cost) {
    const rest = c.amount - (shared.get(costKey) ?? 0n);
    if (rest < 0n) throw new Error('ledger: publisher earnings above the cost of the batch');
    legs.push({
      from: available(c.advertiserId),
      to: platform('revenue'),
      amountMicros: rest,
      kind: 'spend',
      description: 'Advertising spend',
      reference: adSpendReference(c.campaignId),
      at: opts.at,
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

/** The newest transfer's id (0 before the first): where the transfers of a step that follows begin. */
export async function lastTransferId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: max(ledgerTransfers.id) }).from(ledgerTransfers);
  return Number(row?.id ?? 0);
}

/**
 * The demo world's past (the seed only): the transfers with an id in (afterId, upToId], and the
 * holds they reserved, as if made `ms` earlier, with the seeded objects they pay for (a
 * marketplace order placed days ago). Only dates move: amounts, accounts and balances stay as
 * posted, and a hold's deadline stays where its owner's timers need it.
 */
export async function backdateTransfers(tx: DbOrTx, range: { afterId: number; upToId: number }, ms: number) {
  if (range.upToId <= range.afterId || ms <= 0) return;
  const earlier = (column: unknown) => sql`${column} - make_interval(secs => ${ms / 1000})`;
  const inRange = and(gt(ledgerTransfers.id, range.afterId), lte(ledgerTransfers.id, range.upToId));
  const moved = await tx
    .update(ledgerTransfers)
    .set({ createdAt: earlier(ledgerTransfers.createdAt) })
    .where(inRange)
    .returning({ holdId: ledgerTransfers.holdId, phase: ledgerTransfers.holdPhase });
  const holds = moved.flatMap((t) => (t.holdId !== null && t.phase === 'reserve' ? [t.holdId] : []));
  if (holds.length)
    await tx
      .update(ledgerHolds)
      .set({ createdAt: earlier(ledgerHolds.createdAt), resolvedAt: earlier(ledgerHolds.resolvedAt) })
      .where(inArray(ledgerHolds.id, holds));
}

// ---------------------------------------------------------------- after commit

/**
 * A balance that pays for a campaign's next event: one impression at its CPM price, or one
 * click at its CPC price. Delivery refuses an event the balance cannot pay (InsufficientFunds)
 * and stops the owner's campaigns as Out of Funds; a campaign is started or restarted only with
 * a balance that passes this test, or it would stop again at its first event.
 */
export function paysNextEvent(balanceMicros: bigint, c: { paymentMode: number; priceMicros: bigint }): boolean {
  const cost = c.paymentMode === PaymentMode.CPC ? c.priceMicros : impressionCostOf(c.priceMicros);
  return balanceMicros > 0n && balanceMicros >= cost;
}

/**
 * Money back in the account (the `balance.credited` handler): the owner's campaigns stopped
 * for lack of funds deliver again, those whose next event the balance pays when this runs
 * (paysNextEvent). Each one announces `campaign.changed`, which brings it back into the
 * delivery index.
 */
export async function reactivateFundedCampaigns(tx: Tx, userId: number): Promise<number[]> {
  const [owner] = await tx.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, userId));
  const stopped = await tx
    .select({ id: campaigns.id, paymentMode: campaigns.paymentMode, priceMicros: campaigns.priceMicros })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, userId), eq(campaigns.status, CampaignStatus.OutOfFunds)));
  const funded = stopped.filter((c) => paysNextEvent(owner?.balance ?? 0n, c)).map((c) => c.id);
  if (!funded.length) return [];
  const rows = await tx
    .update(campaigns)
    .set({ status: CampaignStatus.Delivering, updatedAt: new Date() })
    .where(and(inArray(campaigns.id, funded), eq(campaigns.status, CampaignStatus.OutOfFunds)))
    .returning({ id: campaigns.id });
  await emitEvents(
    tx,
    rows.map((r) => ({ type: 'campaign.changed' as const, campaignId: r.id, ownerId: userId })),
  );
  return rows.map((r) => r.id);
}

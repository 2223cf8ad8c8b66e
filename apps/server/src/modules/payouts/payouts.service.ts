import { and, asc, desc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import {
  DocumentStatus,
  PAUSED_PAYOUT_METHODS,
  PAYOUT_METHOD_DELAYS,
  PAYOUT_METHOD_LABELS,
  PaymentFrequency,
  type PayoutMethod,
  WITHDRAW_LIMITS,
} from '@cryptads/contract/billing-messages';
import { isoDay } from '@cryptads/contract/dates';
import { eurosToMicros, formatEuros, microsToEuros, payoutAmountOf } from '@cryptads/contract/money';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import type { NextPayout, Payout } from '@cryptads/contract/payouts';
import type { AppContext } from '../../context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { billingProfiles } from '../../db/schema/billing-profile';
import { payouts } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { type DomainEvent, emitEvents } from '../events/events';
import { type EventHandler, on } from '../events/worker';
import {
  available,
  clearing,
  hold,
  holdDeadline,
  type LedgerHold,
  platform,
  postHold,
  transfer,
  voidHold,
} from '../ledger/ledger.service';
import { notify } from '../notifications/notify';

/**
 * Publisher payouts (docs/decisions/013-double-entry-ledger.md). The payout job
 * pays every verified publisher with at least 50 EUR available on their schedule: Monthly on
 * the 1st, Weekly every Monday (and on the 1st, the month-end remainder, docs/product/limits.md#billing). A payout
 * reserves the available balance in whole cents (rounded down; the rest stays) with a hold
 * towards payouts in transit, then:
 * - sent (operator, with the bank reference or transaction hash): the hold is posted, the
 *   money is in transit;
 * - completed (operator): in transit -> the clearing account it left through (bank for SEPA
 *   and SWIFT, CoinGate for crypto);
 * - failed (operator, with the reason): before it was sent the hold is voided; after, the
 *   returned money goes back with a new transfer (in transit -> available). Either way the
 *   publisher has it again.
 */

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutStatus = 'requested' | 'sent' | 'completed' | 'failed';

export const PAYOUT_MIN_MICROS = eurosToMicros(WITHDRAW_LIMITS.minEuros);

/** The key of a publisher's payout for one run: one payout per publisher per run. */
export const payoutHoldKey = (userId: number, period: string) => `payout:${userId}:${period}`;
export const payoutSettledKey = (payoutId: number) => `payout-settled:${payoutId}`;
export const payoutReturnedKey = (payoutId: number) => `payout-returned:${payoutId}`;

/**
 * Whether `now` (UTC) is a payout day, and for which frequencies: the 1st pays Monthly and
 * Weekly publishers (their month-end remainder), a Monday Weekly ones. `period` is the day.
 */
export function payoutRun(now: Date): { period: string; frequencies: PaymentFrequency[] } | null {
  if (now.getUTCDate() === 1)
    return { period: isoDay(now), frequencies: [PaymentFrequency.Monthly, PaymentFrequency.Weekly] };
  if (now.getUTCDay() === 1) return { period: isoDay(now), frequencies: [PaymentFrequency.Weekly] };
  return null;
}

/**
 * The next payout day of a frequency from `now` (UTC): the first day, today included, on which
 * payoutRun pays it. The same rule as the job, so the screens cannot promise another day.
 */
export function nextPayoutDay(now: Date, frequency: PaymentFrequency): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  for (let i = 0; i < 32; i++) {
    if (payoutRun(day)?.frequencies.includes(frequency)) return isoDay(day);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  throw new Error('no payout day within a month');
}

/**
 * GET /billing/payouts/next: the publisher's next payout day (today's run counts while it has
 * not paid them yet) and what it would carry: the available balance in whole cents, nothing
 * below the 50 EUR minimum.
 */
export async function nextPayout(db: DbOrTx, userId: number, now = new Date()): Promise<NextPayout> {
  const [row] = await db
    .select({ balance: users.balanceMicros, frequency: billingProfiles.payoutFrequency })
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const balance = row?.balance ?? 0n;
  const frequency = (row?.frequency ?? null) as PaymentFrequency | null;
  let date = frequency === null ? null : nextPayoutDay(now, frequency);
  if (date !== null && frequency !== null && date === isoDay(now)) {
    const [paidToday] = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), eq(payouts.period, date)))
      .limit(1);
    if (paidToday) date = nextPayoutDay(new Date(now.getTime() + 86_400_000), frequency);
  }
  const amountMicros = payoutAmountOf(balance);
  return {
    date,
    frequency,
    balance: microsToEuros(balance),
    amount: amountMicros >= PAYOUT_MIN_MICROS ? microsToEuros(amountMicros) : 0,
    minimum: WITHDRAW_LIMITS.minEuros,
  };
}

type Profile = typeof billingProfiles.$inferSelect;

/** Where a payout goes, copied from the withdraw options when it is made. */
function destinationOf(profile: Profile): Record<string, string> {
  if (profile.payoutMethod === 'cryptocurrency')
    return { cryptoType: profile.payoutCryptoType ?? '', address: profile.payoutCryptoAddress ?? '' };
  return {
    iban: profile.payoutIban ?? '',
    bic: profile.payoutBic ?? '',
    bankName: profile.payoutBankName ?? '',
  };
}

/**
 * The whole destination, for the operator who pays it (the back office's payouts queue):
 * 'IBAN DE89370400440532013000 · BIC COBADEFFXXX · Commerzbank' or 'BTC bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'.
 */
export function fullDestination(method: string, destination: Record<string, string>): string {
  if (method === 'cryptocurrency')
    return `${(destination.cryptoType ?? '').toUpperCase()} ${destination.address ?? ''}`.trim();
  return [
    destination.iban && `IBAN ${destination.iban}`,
    destination.bic && `BIC ${destination.bic}`,
    destination.bankName,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** 'IBAN DE89 …3000' or 'BTC bc1qar…f3k9': enough to recognise, not to copy. */
export function maskedDestination(method: string, destination: Record<string, string>): string {
  if (method === 'cryptocurrency') {
    const a = destination.address ?? '';
    return `${(destination.cryptoType ?? '').toUpperCase()} ${a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a}`.trim();
  }
  const iban = destination.iban ?? '';
  return `IBAN ${iban.slice(0, 4)} …${iban.slice(-4)}`;
}

/**
 * The publishers a run pays: verified (identity, and the company document unless an
 * individual), withdraw options saved with a due frequency and a method that is not paused,
 * not an Irish account (support sets those up), enabled, at least 50 EUR available, and not
 * paid by this run yet.
 */
async function payableUsers(db: DbOrTx, period: string, frequencies: PaymentFrequency[]) {
  return db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(billingProfiles, eq(billingProfiles.userId, users.id))
    .where(
      and(
        eq(users.type, 2),
        isNull(users.disabledAt),
        eq(users.kycVerified, 1),
        or(eq(billingProfiles.docVerification, DocumentStatus.Valid), eq(billingProfiles.isCompany, false)),
        inArray(billingProfiles.payoutFrequency, frequencies),
        inArray(
          billingProfiles.payoutMethod,
          (['sepa', 'swift', 'cryptocurrency'] as PayoutMethod[]).filter((m) => !PAUSED_PAYOUT_METHODS.includes(m)),
        ),
        sql`coalesce(${billingProfiles.payoutIban}, '') not ilike 'IE%'`,
        sql`${users.balanceMicros} >= ${PAYOUT_MIN_MICROS.toString()}::bigint`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(payouts)
            .where(and(eq(payouts.userId, users.id), eq(payouts.period, period))),
        ),
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * Pays one publisher for a run, in its own transaction: their whole available balance is
 * reserved, in whole cents (the users row is locked, so the amount is what is there now). Once per publisher
 * and run, even when two runs overlap (the hold's idempotency key). Answers the payout, or
 * null when there was nothing to do.
 */
export async function requestPayout(
  db: Db,
  userId: number,
  run: { period: string },
  holdExpiryDays: number,
  now = new Date(),
): Promise<PayoutRow | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ balance: users.balanceMicros })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    const [profile] = await tx.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).limit(1);
    if (!user || !profile?.payoutMethod || profile.payoutFrequency == null) return null;
    // Paid by this run already (an overlapping run waited on the users row above).
    const [done] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), eq(payouts.period, run.period)))
      .limit(1);
    if (done) return null;
    // Whole cents leave (a bank or wallet moves nothing smaller); the sub-cent rest stays in
    // the balance, and the self-billing invoice states exactly the amount moved.
    const amountMicros = payoutAmountOf(user.balance);
    if (amountMicros < PAYOUT_MIN_MICROS) return null;
    const { hold: h, applied } = await hold(tx, {
      userId,
      to: platform('payouts_in_transit'),
      amountMicros,
      kind: 'payout',
      description: `Payout of ${run.period}`,
      reference: payoutHoldKey(userId, run.period),
      idempotencyKey: payoutHoldKey(userId, run.period),
      expiresAt: holdDeadline(now, holdExpiryDays),
    });
    if (!applied) return null;
    const [payout] = await tx
      .insert(payouts)
      .values({
        userId,
        amountMicros: h.amountMicros,
        period: run.period,
        frequency: profile.payoutFrequency,
        method: profile.payoutMethod,
        destination: destinationOf(profile),
        autoInvoicing: profile.autoInvoicing,
        holdId: h.id,
      })
      .returning();
    if (!payout) throw new Error('payout insert returned nothing');
    const events: DomainEvent[] = [{ type: 'payout.changed', payoutId: payout.id, userId, status: 'requested' }];
    // The invoices module makes the self-billing invoice from this one.
    if (payout.autoInvoicing)
      events.push({
        type: 'payout.requested',
        payoutId: payout.id,
        userId,
        amountMicros: payout.amountMicros.toString(),
      });
    await emitEvents(tx, events);
    return payout;
  });
}

/** What a run on `now` would reserve (the two-operator rule of `payout run`): whole cents of each payable balance. */
export async function payoutRunAmount(db: DbOrTx, now: Date): Promise<bigint> {
  const run = payoutRun(now);
  if (!run) return 0n;
  const payable = await payableUsers(db, run.period, run.frequencies);
  if (payable.length === 0) return 0n;
  const rows = await db
    .select({ balance: users.balanceMicros })
    .from(users)
    .where(
      inArray(
        users.id,
        payable.map((p) => p.userId),
      ),
    );
  return rows.reduce((sum, r) => sum + payoutAmountOf(r.balance), 0n);
}

/** The payout job's work for `now`: nothing on other days; otherwise one payout per payable publisher. */
export async function runPayouts(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  const run = payoutRun(now);
  if (!run) return { period: null, created: [] as PayoutRow[] };
  const created: PayoutRow[] = [];
  for (const { userId } of await payableUsers(ctx.db, run.period, run.frequencies)) {
    const payout = await requestPayout(ctx.db, userId, run, ctx.config.holds.expiryDays, now);
    if (payout) created.push(payout);
  }
  return { period: run.period, created };
}

// ---------------------------------------------------------------- the operator's steps

async function moveOn(
  tx: Tx,
  id: number,
  from: PayoutStatus[],
  to: PayoutStatus,
  set: Partial<typeof payouts.$inferInsert>,
): Promise<{ payout: PayoutRow; from: PayoutStatus } | { payout: PayoutRow; from: null }> {
  const [current] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!current) throw notFound(`No payout ${id}.`);
  if (current.status === to) return { payout: current, from: null };
  if (!from.includes(current.status as PayoutStatus))
    throw conflict(`Payout ${id} is ${current.status}; it cannot be marked ${to}.`);
  const [updated] = await tx
    .update(payouts)
    .set({ ...set, status: to })
    .where(eq(payouts.id, id))
    .returning();
  if (!updated) throw new Error('payout update returned nothing');
  await emitEvents(tx, [{ type: 'payout.changed', payoutId: id, userId: current.userId, status: to }]);
  return { payout: updated, from: current.status as PayoutStatus };
}

/** The money left our account (bank reference or transaction hash): the hold is posted to payouts in transit. */
export function markPayoutSent(db: Db, id: number, reference: string) {
  return db.transaction(async (tx) => {
    const moved = await moveOn(tx, id, ['requested'], 'sent', { reference, sentAt: new Date() });
    if (moved.from) await postHold(tx, moved.payout.holdId);
    return moved;
  });
}

/** The publisher received it: in transit -> the clearing account it left through. */
export function completePayout(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const moved = await moveOn(tx, id, ['sent'], 'completed', { completedAt: new Date() });
    if (moved.from)
      await transfer(tx, {
        from: platform('payouts_in_transit'),
        to: clearing(moved.payout.method === 'cryptocurrency' ? 'coingate' : 'bank'),
        amountMicros: moved.payout.amountMicros,
        kind: 'payout_settled',
        description: `Payout ${id} completed`,
        reference: moved.payout.reference,
        idempotencyKey: payoutSettledKey(id),
      });
    return moved;
  });
}

/** It could not be paid: the money is the publisher's again (hold voided, or returned after it was sent). */
export function failPayout(db: Db, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const moved = await moveOn(tx, id, ['requested', 'sent'], 'failed', {
      failureReason: reason,
      failedAt: new Date(),
    });
    if (moved.from === 'requested')
      await voidHold(tx, moved.payout.holdId, { description: `Payout ${id} failed: ${reason}` });
    if (moved.from === 'sent')
      await transfer(tx, {
        from: platform('payouts_in_transit'),
        to: available(moved.payout.userId),
        amountMicros: moved.payout.amountMicros,
        kind: 'payout_returned',
        description: `Payout ${id} returned: ${reason}`,
        reference: moved.payout.reference,
        idempotencyKey: payoutReturnedKey(id),
      });
    return moved;
  });
}

/** Why a payout whose hold expired failed (docs/decisions/041); the publisher reads it in the timeline. */
export const PAYOUT_NOT_SENT_IN_TIME = 'Not sent in time; the amount is available again and goes with the next payout.';

/**
 * The hold-expiry job's handler for payout holds: a payout still waiting to be sent when its
 * hold expires fails, in the job's transaction, exactly as an operator's `payout fail` would.
 */
export async function expirePayoutHold(tx: Tx, h: LedgerHold): Promise<void> {
  const [payout] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.holdId, h.id)).limit(1);
  if (!payout) {
    await voidHold(tx, h.id, { description: `Released, not settled in time: ${h.description}` });
    return;
  }
  const moved = await moveOn(tx, payout.id, ['requested'], 'failed', {
    failureReason: PAYOUT_NOT_SENT_IN_TIME,
    failedAt: new Date(),
  });
  if (moved.from === 'requested')
    await voidHold(tx, h.id, { description: `Payout ${payout.id} failed: ${PAYOUT_NOT_SENT_IN_TIME}` });
}

// ---------------------------------------------------------------- reading

export function payoutView(p: PayoutRow): Payout {
  const timeline: Payout['timeline'] = [{ step: 'requested', at: p.requestedAt.toISOString(), detail: null }];
  if (p.sentAt) timeline.push({ step: 'sent', at: p.sentAt.toISOString(), detail: p.reference });
  if (p.completedAt) timeline.push({ step: 'completed', at: p.completedAt.toISOString(), detail: null });
  if (p.failedAt) timeline.push({ step: 'failed', at: p.failedAt.toISOString(), detail: p.failureReason });
  return {
    id: p.id,
    amount: microsToEuros(p.amountMicros),
    status: p.status as PayoutStatus,
    method: p.method as PayoutMethod,
    destination: maskedDestination(p.method, p.destination),
    period: p.period,
    timeline,
  };
}

/** GET /billing/payouts: the caller's payouts, newest first. */
export async function listPayouts(db: DbOrTx, userId: number): Promise<Payout[]> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id));
  return rows.map(payoutView);
}

// ---------------------------------------------------------------- after commit

const NOTICES: Record<
  PayoutStatus,
  (p: PayoutRow, amount: string, method: string) => { title: string; message: string }
> = {
  requested: (_, amount, method) => ({
    title: 'Payout requested',
    message: `Your payout of ${amount} by ${method} is being prepared.`,
  }),
  sent: (p, amount, method) => ({
    title: 'Payout sent',
    message: `Your payout of ${amount} was sent by ${method} (reference ${p.reference}); it takes ${PAYOUT_METHOD_DELAYS[p.method as PayoutMethod] ?? 'a few days'} to arrive.`,
  }),
  completed: (_, amount, method) => ({
    title: 'Payout completed',
    message: `Your payout of ${amount} by ${method} is complete.`,
  }),
  failed: (p, amount) => ({
    title: 'Payout failed',
    message: `Your payout of ${amount} could not be made: ${p.failureReason}. The amount is back in your balance.`,
  }),
};

/** The publisher is told each step of a payout (notifications, after commit). */
export function payoutEventHandlers(ctx: Pick<AppContext, 'db'>): EventHandler[] {
  return [
    on('payout.changed', 'payout-notice', async (e) => {
      const [p] = await ctx.db.select().from(payouts).where(eq(payouts.id, e.payoutId)).limit(1);
      if (!p) return;
      const method = PAYOUT_METHOD_LABELS[p.method as PayoutMethod] ?? p.method;
      const notice = NOTICES[e.status](p, formatEuros(microsToEuros(p.amountMicros)), method);
      await notify(ctx.db, p.userId, {
        type: e.status === 'failed' ? NotificationType.Error : NotificationType.Success,
        ...notice,
        link: paths.billing.history,
      });
    }),
  ];
}

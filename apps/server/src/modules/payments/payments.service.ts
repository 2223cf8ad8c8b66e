import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DepositBreakdown } from '@cryptads/contract/money-rules';
import { DEPOSIT_MESSAGES, PAYMENT_ID_PATTERN } from '@cryptads/contract/deposit-messages';
import type { Payments } from '../../adapters/payments/payments';
import { creditForPayment, type PaymentStatus, transitionPayment } from './payment-state';
import {
  type PaymentMethod,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentPurpose,
  type PaymentSnapshot,
  type ProviderEvent,
} from '../../adapters/payments/port';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paymentEvents, payments } from '../../db/schema/payments';
import { AppError, notFound } from '../../lib/errors';
import type { PaidPurposes } from './paid-purposes';
import type { PaymentRow } from './types';
import { type LocationEvidence, locationEvidence, type VatDecision } from '../tax/tax.service';

/**
 * Payments (docs/decisions/011-payments.md, 014-deposits.md): open a payment at a provider,
 * then apply what the provider reports through the state machine, in one transaction per
 * event that locks the payment's row. The webhook and the browser's return go through the
 * same function, so whichever arrives first, twice or at once, a paid payment is fulfilled
 * once.
 */

export type { PaymentRow } from './types';
/** The payment's statuses and what the API shows for each, for the modules that list payments (invoices). */
export { PAYMENT_STATUSES, type PaymentStatus, paymentStatusCode } from './payment-state';

export const PROVIDER_UNAVAILABLE = DEPOSIT_MESSAGES.providerUnavailable;

/** 'pay_' and 20 URL-safe random characters (120 bits): unguessable, and fits every provider's reference field. */
export const newPaymentId = () => `pay_${randomBytes(15).toString('base64url')}`;

export type NewPayment = {
  userId: number;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  breakdown: DepositBreakdown;
  /** Shown on the provider's page. */
  description: string;
  customerEmail: string | null;
  /** Paths of the web app the browser comes back to; `payment` and `paymentId` are added. */
  returnPath: string;
  /** The VAT decided for this payment (modules/tax), whose rate the breakdown applied. */
  vat?: Pick<VatDecision, 'rule' | 'country'> | null;
  /** Evidence of the customer's location when the payment was opened. */
  evidence?: LocationEvidence | null;
};

/**
 * Inserts the payment row (committed before the provider is called, so that a fast webhook
 * finds it). `beforeInsert` runs in the same transaction, for the caller's rules that need a
 * lock (the daily card maximum); `afterInsert` too, for what must name the payment in the
 * same commit (the marketplace order it pays).
 */
export async function insertPayment(
  db: Db,
  provider: PaymentProvider,
  input: Pick<NewPayment, 'userId' | 'purpose' | 'method' | 'breakdown' | 'vat' | 'evidence'>,
  beforeInsert?: (tx: Tx) => Promise<void>,
  afterInsert?: (tx: Tx, payment: PaymentRow) => Promise<void>,
): Promise<PaymentRow> {
  const { breakdown } = input;
  return db.transaction(async (tx) => {
    await beforeInsert?.(tx);
    const [row] = await tx
      .insert(payments)
      .values({
        id: newPaymentId(),
        userId: input.userId,
        purpose: input.purpose,
        method: input.method,
        provider: provider.name,
        amountMicros: breakdown.amountMicros,
        feePercent: breakdown.feePercent,
        feeMicros: breakdown.feeMicros,
        vatPercent: breakdown.vatPercent,
        vatMicros: breakdown.vatMicros,
        totalMicros: breakdown.totalMicros,
        vatRule: input.vat?.rule ?? null,
        vatCountry: input.vat?.country ?? null,
        billingCountry: input.evidence?.billingCountry ?? null,
        ipCountry: input.evidence?.ipCountry ?? null,
        cardCountry: input.evidence?.cardCountry ?? null,
        locationAgrees: input.evidence?.agrees ?? null,
      })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    await afterInsert?.(tx, row);
    return row;
  });
}

const withQuery = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

/**
 * Opens a payment at the provider of its method and answers where the browser pays. A
 * provider that refuses or cannot be reached leaves the payment failed and answers 502.
 */
export async function openPayment(
  db: Db,
  providers: Payments,
  publicUrl: string,
  input: NewPayment,
  beforeInsert?: (tx: Tx) => Promise<void>,
  afterInsert?: (tx: Tx, payment: PaymentRow) => Promise<void>,
): Promise<{ payment: PaymentRow; url: string }> {
  const provider = providers.forMethod(input.method);
  const payment = await insertPayment(db, provider, input, beforeInsert, afterInsert);
  const back = `${publicUrl}${input.returnPath}`;
  let created: Awaited<ReturnType<PaymentProvider['createPayment']>>;
  try {
    created = await provider.createPayment({
      paymentId: payment.id,
      userId: input.userId,
      purpose: input.purpose,
      amountMicros: payment.totalMicros,
      method: input.method,
      description: input.description,
      returnUrl: withQuery(back, { payment: 'success', paymentId: payment.id }),
      cancelUrl: withQuery(back, { payment: 'canceled', paymentId: payment.id }),
      customerEmail: input.customerEmail,
    });
  } catch (error) {
    await db
      .update(payments)
      .set({ status: 'failed', providerStatus: 'create_failed', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
    if (error instanceof PaymentProviderError) throw new AppError(502, PROVIDER_UNAVAILABLE);
    throw error;
  }
  const [updated] = await db
    .update(payments)
    .set({ providerRef: created.providerRef, redirectUrl: created.redirectUrl, updatedAt: new Date() })
    .where(eq(payments.id, payment.id))
    .returning();
  return { payment: updated ?? payment, url: created.redirectUrl };
}

/** One of the caller's payments; another account's (or no) payment answers 404. */
export async function ownedPayment(db: DbOrTx, userId: number, paymentId: string): Promise<PaymentRow> {
  if (!PAYMENT_ID_PATTERN.test(paymentId)) throw notFound();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A payment of the sandbox provider (its test page), or null for a malformed id, an unknown one or another provider's. */
export async function sandboxPayment(db: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  if (!PAYMENT_ID_PATTERN.test(paymentId)) return null;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row && row.provider === 'sandbox' ? row : null;
}

export type EventOutcome = 'moved' | 'ignored' | 'conflict' | 'duplicate' | 'unknown_payment' | 'mismatch';

export type ApplyResult = { outcome: EventOutcome; payment: PaymentRow | null; fulfilled: boolean };

type Log = { warn: (o: object, m: string) => void };

async function lockPayment(tx: Tx, event: Pick<ProviderEvent, 'provider' | 'paymentId' | 'providerRef'>) {
  const where =
    event.paymentId && PAYMENT_ID_PATTERN.test(event.paymentId)
      ? eq(payments.id, event.paymentId)
      : and(eq(payments.provider, event.provider), eq(payments.providerRef, event.providerRef));
  const [row] = await tx.select().from(payments).where(where).limit(1).for('update');
  return row ?? null;
}

const eventPayload = (event: ProviderEvent): Record<string, unknown> => ({
  ...event,
  paidMicros: event.paidMicros?.toString() ?? null,
});

/**
 * Applies one provider event: stored first under (provider, provider event id) — a repeated
 * delivery stops there — then the payment moves forward or not (payment-state.ts), and a
 * move to 'paid' fulfils the payment (a deposit credits the balance), all in one transaction
 * holding the payment's row lock.
 */
export async function applyProviderEvent(
  db: Db,
  event: ProviderEvent,
  purposes: PaidPurposes,
  log?: Log,
): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, event);
    const mismatch =
      payment !== null &&
      (payment.provider !== event.provider ||
        (payment.providerRef !== null && payment.providerRef !== event.providerRef));
    const transition = payment && !mismatch ? transitionPayment(payment.status as PaymentStatus, event.status) : null;
    const outcome: EventOutcome = !payment
      ? 'unknown_payment'
      : mismatch
        ? 'mismatch'
        : (transition?.kind ?? 'ignored');
    const stored = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        providerEventId: event.providerEventId,
        paymentId: payment?.id ?? null,
        status: event.status,
        providerStatus: event.providerStatus,
        paidMicros: event.paidMicros ?? null,
        outcome,
        payload: eventPayload(event),
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return { outcome: 'duplicate', payment, fulfilled: false };
    if (!payment || !transition || mismatch) {
      log?.warn({ event: eventPayload(event), outcome }, 'payment event names no payment of ours');
      return { outcome, payment, fulfilled: false };
    }
    const now = new Date();
    if (transition.kind === 'ignored') return { outcome, payment, fulfilled: false };
    if (transition.kind === 'conflict') {
      if (!transition.needsReview) return { outcome, payment, fulfilled: false };
      // Money may have arrived after we closed the payment: an operator decides, the machine does not credit.
      log?.warn({ paymentId: payment.id, status: payment.status, incoming: event.status }, 'late paid: needs review');
      const [flagged] = await tx
        .update(payments)
        .set({ needsReview: true, providerStatus: event.providerStatus, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .returning();
      return { outcome, payment: flagged ?? payment, fulfilled: false };
    }
    if (event.status !== 'paid') {
      const [moved] = await tx
        .update(payments)
        .set({ status: event.status, providerStatus: event.providerStatus, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .returning();
      return { outcome, payment: moved ?? payment, fulfilled: false };
    }
    return settlePaid(tx, payment, event.paidMicros ?? payment.totalMicros, event.providerStatus, now, purposes, {
      cardCountry: event.cardCountry ?? null,
    });
  });
}

/**
 * A payment is paid (its row locked by the caller): what arrived is recorded, and its purpose's
 * fulfilment runs once (a deposit is credited, an order's items held: `purposes`).
 */
export async function settlePaid(
  tx: Tx,
  payment: PaymentRow,
  paidMicros: bigint,
  providerStatus: string,
  now: Date,
  purposes: PaidPurposes,
  reported: { cardCountry?: string | null } = {},
): Promise<ApplyResult> {
  // The card's country joins the billing and IP countries as location evidence (decision 035):
  // stored beside them, with `location_agrees` recomputed over all three. The VAT charged when
  // the payment was opened stands; a contradiction is kept for the operator and the OSS audit.
  const evidence = reported.cardCountry
    ? locationEvidence({
        billingCountry: payment.billingCountry,
        ipCountry: payment.ipCountry,
        cardCountry: reported.cardCountry,
      })
    : null;
  const credited = creditForPayment({
    amountMicros: payment.amountMicros,
    totalMicros: payment.totalMicros,
    paidMicros,
  });
  // Nothing usable arrived: money an operator must look at. More or less than charged is
  // credited in proportion (docs/decisions/041), which needs no one.
  const needsReview = credited === 0n;
  const [paid] = await tx
    .update(payments)
    .set({
      status: 'paid',
      providerStatus,
      paidMicros,
      creditedMicros: credited,
      needsReview: payment.needsReview || needsReview,
      ...(evidence ? { cardCountry: evidence.cardCountry, locationAgrees: evidence.agrees } : {}),
      paidAt: now,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!paid) throw new Error(`payment ${payment.id} vanished while locked`);
  if (credited === 0n) return { outcome: 'moved', payment: paid, fulfilled: false };
  await purposes.paid(tx, paid, { paidMicros, creditedMicros: credited });
  return { outcome: 'moved', payment: paid, fulfilled: true };
}

/**
 * settlePaid for several payments in one transaction (a bank statement's credits), their rows
 * locked by the caller: each recorded exactly as settlePaid records it, in one update, then
 * their purposes' fulfilment in one call per purpose (for deposits, one ledger posting).
 */
export async function settlePaidMany(
  tx: Tx,
  paid: readonly { payment: PaymentRow; paidMicros: bigint }[],
  providerStatus: string,
  now: Date,
  purposes: PaidPurposes,
): Promise<void> {
  if (paid.length === 0) return;
  const settled = paid.map(({ payment, paidMicros }) => {
    const creditedMicros = creditForPayment({
      amountMicros: payment.amountMicros,
      totalMicros: payment.totalMicros,
      paidMicros,
    });
    const row: PaymentRow = {
      ...payment,
      status: 'paid',
      providerStatus,
      paidMicros,
      creditedMicros,
      needsReview: payment.needsReview || creditedMicros === 0n,
      paidAt: now,
      updatedAt: now,
    };
    return { row, amounts: { paidMicros, creditedMicros } };
  });
  const column = <T>(value: (s: (typeof settled)[number]) => T) => sql.param(settled.map(value));
  const updated = (await tx.execute(sql`
    update ${payments} as p
    set status = 'paid', provider_status = ${providerStatus}, paid_micros = v.paid, credited_micros = v.credited,
      needs_review = v.needs_review, paid_at = ${now}, updated_at = ${now}
    from unnest(
      ${column((s) => s.row.id)}::text[],
      ${column((s) => s.amounts.paidMicros)}::bigint[],
      ${column((s) => s.amounts.creditedMicros)}::bigint[],
      ${column((s) => s.row.needsReview)}::boolean[]
    ) as v (id, paid, credited, needs_review)
    where p.id = v.id
    returning p.id`)) as unknown as { rows: unknown[] };
  if (updated.rows.length !== settled.length) throw new Error('payments: a payment vanished while locked');
  // Nothing usable arrived: no fulfilment, as in settlePaid.
  await purposes.paidMany(
    tx,
    settled.filter((s) => s.amounts.creditedMicros !== 0n).map((s) => ({ payment: s.row, amounts: s.amounts })),
  );
}

/**
 * The browser is back from the provider's page: the payment is read again at the provider
 * (the sandbox has nothing to read: its webhook already arrived) and applied like a webhook,
 * stored as the event `return:{id}:{status}`.
 */
export async function checkPayment(
  db: Db,
  providers: Payments,
  payment: PaymentRow,
  purposes: PaidPurposes,
  log?: Log,
): Promise<PaymentRow> {
  const provider = providers.byName(payment.provider);
  if (!provider || !payment.providerRef || payment.status === 'paid') return payment;
  let snapshot: PaymentSnapshot | null;
  try {
    snapshot = await provider.fetchStatus(payment.providerRef);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new AppError(502, PROVIDER_UNAVAILABLE);
    throw error;
  }
  if (!snapshot) return reread(db, payment.id);
  const result = await applyProviderEvent(
    db,
    { ...snapshot, paymentId: payment.id, providerEventId: `return:${payment.id}:${snapshot.status}` },
    purposes,
    log,
  );
  return result.payment && result.outcome !== 'mismatch' ? reread(db, payment.id) : payment;
}

async function reread(db: DbOrTx, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The customer gives up a payment that is not paid yet (Reset, or back from the provider's
 * page without paying). A provider that already saw the money wins: the payment is read
 * again first, and only one still 'created' is canceled. Should the customer pay it anyway
 * later, the late 'paid' is flagged for an operator (payment-state.ts).
 */
export async function cancelPayment(
  db: Db,
  providers: Payments,
  payment: PaymentRow,
  purposes: PaidPurposes,
  log?: Log,
): Promise<PaymentRow> {
  const current = await checkPayment(db, providers, payment, purposes, log);
  if (current.status !== 'created') return current;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).limit(1).for('update');
    if (locked?.status !== 'created') return locked ?? current;
    const [canceled] = await tx
      .update(payments)
      .set({ status: 'canceled', providerStatus: 'canceled_by_customer', updatedAt: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    return canceled ?? locked;
  });
}

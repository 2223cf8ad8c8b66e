import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  DEPOSIT_LIMITS,
  depositAmountError,
  isWholeCents,
} from '@cryptads/contract/billing-messages';
import type { DepositOverview, DepositRedirect, DepositRow, OpenCryptoPayment } from '@cryptads/contract/deposits';
import { DEPOSIT_MESSAGES } from '@cryptads/contract/deposit-messages';
import { eurosToMicros, formatEuros, MICROS_PER_EURO, microsToEuros, splitGrossOfVat } from '@cryptads/contract/money';
import { type DepositBreakdown, depositBreakdown } from '@cryptads/contract/money-rules';
import { paths } from '@cryptads/contract/paths';
import { paymentStatusCode, type PaymentStatus } from './payment-state';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { bankTransferReferences, paymentEvents, payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import type { UserRow } from '../sessions/sessions.service';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { locationEvidence } from '../tax/tax.service';
import { type DepositCustomer, depositCustomer, depositVatPercent, hasQualifyingCampaign } from './customer';
import { fulfilDeposit, fulfilDeposits } from './deposit-credit';
import { newPaymentId, openPayment, type PaymentRow, settlePaid } from './payments.service';
import type { PaidPurpose } from './types';
import { paymentsOf } from './providers';

/**
 * A paid deposit (registered where the app is composed): the balance is credited once, with
 * its invoice and notice. A marketplace order's payment is credited the same way first.
 */
export const depositPurpose: PaidPurpose = {
  paid: (tx, payment, { paidMicros, creditedMicros }) => fulfilDeposit(tx, payment, paidMicros, creditedMicros),
  paidMany: (tx, paid) =>
    fulfilDeposits(
      tx,
      paid.map(({ payment, amounts }) => ({ payment, ...amounts })),
    ),
};

/** Other modules (marketplace orders) read a customer's deposit rules through this service. */
export { type DepositCustomer, depositCustomer } from './customer';
export { paymentsOf } from './providers';

/**
 * Deposits (docs/product/billing.md#deposits; docs/product/limits.md#billing; docs/product/limits.md#our-choices; docs/decisions/014-deposits.md): the rules
 * in front of the payments port. Minimum 100 EUR on every method, crypto at most 200,000,
 * card at most 5,000 per day; crypto adds the processing fee, both add VAT unless the
 * customer does not pay it; blocked accounts and methods are refused with a contact message.
 */

const toEuros = (micros: bigint) => microsToEuros(micros);

export function toDepositRow(row: PaymentRow): DepositRow {
  const state = row.status as PaymentStatus;
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    method: row.method as DepositRow['method'],
    amount: toEuros(row.amountMicros),
    fee: toEuros(row.feeMicros),
    vat: toEuros(row.vatMicros),
    total: toEuros(row.totalMicros),
    credited: row.creditedMicros === null ? null : toEuros(row.creditedMicros),
    valid: paymentStatusCode(state),
    state,
  };
}

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Card deposits opened, being confirmed or paid today (UTC), against the daily card maximum. */
async function cardDepositedToday(db: DbOrTx, userId: number, now = new Date()): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountMicros}), 0)::text` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.purpose, 'deposit'),
        eq(payments.method, 'card'),
        inArray(payments.status, ['created', 'pending', 'paid']),
        gte(payments.createdAt, startOfUtcDay(now)),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The deposits the screen lists: real attempts, not payment pages opened and given up. */
const listedDeposit = and(eq(payments.purpose, 'deposit'), notInArray(payments.status, ['created', 'canceled']));

/** GET /billing/deposit. */
export async function depositOverview(ctx: Pick<AppContext, 'db' | 'config'>, user: UserRow): Promise<DepositOverview> {
  const { db, config } = ctx;
  const [customer, qualifying, latest, card, balance] = await Promise.all([
    depositCustomer(db, config, user.id),
    hasQualifyingCampaign(db, user.id),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), listedDeposit))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(DEPOSIT_LIMITS.latestDepositsShown),
    cardDepositedToday(db, user.id),
    db.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, user.id)).limit(1),
  ]);
  return {
    balance: toEuros(balance[0]?.balance ?? 0n),
    latestDeposits: latest.map(toDepositRow),
    fees: config.payments.fees,
    vatPercent: depositVatPercent(customer),
    vatTreatment: customer.vatTreatment,
    vat: customer.vat,
    blocked: customer.blocked,
    steps: { billingDetails: customer.hasBillingDetails, qualifyingCampaign: qualifying },
    cardDepositedToday: toEuros(card),
  };
}

/** Blocked accounts and methods, and accounts without billing details, cannot deposit. */
export function assertMayDeposit(customer: DepositCustomer, method: 'card' | 'crypto' | 'bank_transfer') {
  if (customer.blocked.all) throw forbidden(BILLING_MESSAGES.depositBlocked);
  if ((method === 'card' && customer.blocked.card) || (method === 'crypto' && customer.blocked.crypto))
    throw forbidden(BILLING_MESSAGES.depositMethodBlocked);
  if (!customer.hasBillingDetails) throw conflict(DEPOSIT_MESSAGES.detailsRequired);
}

/** Fee and VAT of a payment: the VAT at the rate of the customer's place of supply (modules/tax). */
export function breakdownFor(
  config: Pick<Config, 'payments'>,
  customer: Pick<DepositCustomer, 'vat'>,
  method: 'card' | 'crypto',
  amountMicros: bigint,
): DepositBreakdown {
  return depositBreakdown({
    amountMicros,
    method,
    vatRatePercent: depositVatPercent(customer),
    reverseCharge: false,
    fees: config.payments.fees,
  });
}

/**
 * POST /billing/deposit/card and /crypto: opens a payment of `euros` plus fee and VAT and
 * answers where the browser pays. The card's daily maximum is checked under a per-account
 * lock, so two payment pages opened at once cannot pass it together.
 */
export async function startDeposit(
  ctx: Pick<AppContext, 'db' | 'config' | 'payments'>,
  user: UserRow,
  method: 'card' | 'crypto',
  euros: number,
  payerCountry: string | null = null,
  baseUrl: string = ctx.config.publicUrl,
): Promise<DepositRedirect> {
  const { db, config } = ctx;
  const customer = await depositCustomer(db, config, user.id);
  assertMayDeposit(customer, method);
  const amountMicros = eurosToMicros(euros);
  const error = depositAmountError(method, euros);
  if (error) throw badRequest(error);
  const checkCardLimit = async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit-card:${user.id}`}, 0))`);
    const today = await cardDepositedToday(tx, user.id);
    const limitError = depositAmountError('card', euros, today);
    if (limitError) throw badRequest(limitError);
  };
  const { payment, url } = await openPayment(
    db as Db,
    paymentsOf(ctx),
    baseUrl,
    {
      userId: user.id,
      purpose: 'deposit',
      method,
      breakdown: breakdownFor(config, customer, method, amountMicros),
      vat: customer.vat,
      evidence: locationEvidence({ billingCountry: customer.billingCountry, ipCountry: payerCountry }),
      description: `${config.productName} deposit`,
      customerEmail: user.email,
      returnPath: method === 'card' ? paths.billing.depositCard : paths.billing.depositCrypto,
    },
    method === 'card' ? checkCardLimit : undefined,
  );
  return { url, paymentId: payment.id };
}

/** A generated crypto payment stays on the screen (Pay Now or Reset) this long. */
const OPEN_CRYPTO_HOURS = 24;

/** GET /billing/deposit/crypto-id: the newest crypto deposit generated and not paid yet. */
export async function openCryptoPayment(db: DbOrTx, userId: number, now = new Date()): Promise<OpenCryptoPayment> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.purpose, 'deposit'),
        eq(payments.method, 'crypto'),
        eq(payments.status, 'created'),
        isNotNull(payments.redirectUrl),
        gte(payments.createdAt, new Date(now.getTime() - OPEN_CRYPTO_HOURS * 3_600_000)),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return { payment: row?.redirectUrl ? { ...toDepositRow(row), url: row.redirectUrl } : null };
}

// ---------------------------------------------------------------- bank transfers

/** Crockford's base32 without I, L, O, U: nothing to misread when typed from a bank statement. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const newReference = () =>
  `DEP${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

/** A reference as written on a statement ('dep-7k3m 9q2x') in our form ('DEP7K3M9Q2X'). */
export const normaliseReference = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The account's open reference, made on first use; a confirmed transfer closes it and the next call makes a new one. */
export async function currentBankReference(db: DbOrTx, userId: number): Promise<string> {
  const open = and(eq(bankTransferReferences.userId, userId), isNull(bankTransferReferences.confirmedAt));
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ reference: bankTransferReferences.reference })
      .from(bankTransferReferences)
      .where(open)
      .limit(1);
    if (existing) return existing.reference;
    // Two first visits at once: one insert wins, the other reads it on the next round.
    await db.insert(bankTransferReferences).values({ reference: newReference(), userId }).onConflictDoNothing();
  }
  throw new Error(`could not make a bank transfer reference for user ${userId}`);
}

/**
 * The largest whole-cent amount whose VAT (rounded up, as on card and crypto deposits) fits
 * in what arrived; the VAT is the rest, so that the invoice adds up to the transfer.
 */
export function splitReceivedTransfer(receivedMicros: bigint, vatPercent: number) {
  return splitGrossOfVat(receivedMicros, vatPercent);
}

const BANK_MAX_EUROS = 1_000_000;

export type BankConfirmation =
  | { kind: 'credited'; payment: PaymentRow; email: string; nextReference: string; balanceMicros: bigint }
  | { kind: 'already'; paymentId: string | null; confirmedAt: Date; nextReference: string };

/**
 * `npm run operator -- deposit confirm-bank <reference> <euros>`: a transfer with this
 * reference arrived. Once per reference: the reference is locked, closed with the payment it
 * became, and the account gets a new one; a second confirmation changes nothing.
 */
export async function confirmBankTransfer(
  ctx: Pick<AppContext, 'db' | 'config' | 'paidPurposes'>,
  referenceInput: string,
  euros: number,
): Promise<BankConfirmation> {
  const { db, config } = ctx;
  const reference = normaliseReference(referenceInput);
  if (!reference) throw new Error('Give the reference written on the transfer.');
  if (!isWholeCents(euros) || euros <= 0 || euros > BANK_MAX_EUROS)
    throw new Error(`Give the amount received in euros (at most 2 decimals, at most ${BANK_MAX_EUROS}).`);
  const receivedMicros = eurosToMicros(euros);
  return db.transaction(async (tx) => {
    const [ref] = await tx
      .select()
      .from(bankTransferReferences)
      .where(eq(bankTransferReferences.reference, reference))
      .limit(1)
      .for('update');
    if (!ref) throw new Error(`No account has the reference ${reference}.`);
    if (ref.confirmedAt)
      return {
        kind: 'already' as const,
        paymentId: ref.paymentId,
        confirmedAt: ref.confirmedAt,
        nextReference: await currentBankReference(tx, ref.userId),
      };
    const [user] = await tx.select().from(users).where(eq(users.id, ref.userId)).limit(1);
    if (!user) throw new Error(`No account has the reference ${reference}.`);
    const customer = await depositCustomer(tx, config, user.id);
    const vatPercent = depositVatPercent(customer);
    const { amountMicros, vatMicros } = splitReceivedTransfer(receivedMicros, vatPercent);
    if (amountMicros < BigInt(DEPOSIT_LIMITS.minEuros) * MICROS_PER_EURO)
      throw new Error(
        `${formatEuros(euros)} is below the minimum deposit of ${DEPOSIT_LIMITS.minEuros} EUR (plus ${vatPercent} % VAT): return the transfer, or credit it by hand with 'user credit'.`,
      );
    const [created] = await tx
      .insert(payments)
      .values({
        id: newPaymentId(),
        userId: user.id,
        purpose: 'deposit',
        method: 'bank_transfer',
        provider: 'bank',
        providerRef: reference,
        amountMicros,
        feePercent: 0,
        feeMicros: 0n,
        vatPercent,
        vatMicros,
        totalMicros: receivedMicros,
        vatRule: customer.vat.rule,
        vatCountry: customer.vat.country,
        billingCountry: customer.billingCountry,
        bankReference: reference,
      })
      .returning();
    if (!created) throw new Error('payment insert returned nothing');
    await tx.insert(paymentEvents).values({
      provider: 'bank',
      providerEventId: `bank:${reference}`,
      paymentId: created.id,
      status: 'paid',
      providerStatus: 'confirmed_by_operator',
      paidMicros: receivedMicros,
      outcome: 'moved',
      payload: { reference, receivedMicros: receivedMicros.toString() },
    });
    const settled = await settlePaid(
      tx,
      created,
      receivedMicros,
      'confirmed_by_operator',
      new Date(),
      ctx.paidPurposes,
    );
    await tx
      .update(bankTransferReferences)
      .set({ confirmedAt: new Date(), paymentId: created.id })
      .where(eq(bankTransferReferences.reference, reference));
    const [balance] = await tx.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, user.id));
    return {
      kind: 'credited' as const,
      payment: settled.payment ?? created,
      email: user.email,
      nextReference: await currentBankReference(tx, user.id),
      balanceMicros: balance?.balance ?? 0n,
    };
  });
}

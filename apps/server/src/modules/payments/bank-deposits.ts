import { and, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { DAY_MS } from '@cryptads/contract/dates';
import { depositBreakdown } from '@cryptads/contract/money-rules';
import {
  BANK_DEPOSITS_OPEN_MAX,
  type BankTransferDetails,
  bankDepositAmountError,
  DEPOSIT_MESSAGES,
} from '@cryptads/contract/deposits';
import { eurosToMicros } from '@cryptads/contract/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { UserRow } from '../sessions/sessions.service';
import { depositCustomer, depositVatPercent } from './customer';
import { assertMayDeposit, currentBankReference, newReference, toDepositRow } from './deposits.service';
import { newPaymentId } from './payments.service';

/**
 * Bank deposits (docs/product/billing.md#bank-transfer; docs/decisions/038): the customer
 * announces an amount, gets a reference of its own and the exact total to send (VAT added as
 * on card deposits, no fee); the payment waits as `pending` until a statement line with that
 * reference and that total arrives (modules/bank-statements), which credits it once.
 */

const waiting = (userId: number) =>
  and(
    eq(payments.userId, userId),
    eq(payments.purpose, 'deposit'),
    eq(payments.method, 'bank_transfer'),
    eq(payments.status, 'pending'),
  );

async function newestWaiting(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(waiting(userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row?.bankReference ? { ...toDepositRow(row), reference: row.bankReference } : null;
}

/** GET /billing/deposit/bank-transfer. */
export async function bankTransferDetails(
  ctx: Pick<AppContext, 'db' | 'config'>,
  user: UserRow,
): Promise<BankTransferDetails> {
  const { db, config } = ctx;
  const customer = await depositCustomer(db, config, user.id);
  const beneficiary = config.bankBeneficiary;
  const issuer = config.invoiceIssuer;
  return {
    reference: await currentBankReference(db, user.id),
    bank: beneficiary
      ? {
          beneficiary: beneficiary.holder,
          iban: beneficiary.iban,
          bic: beneficiary.bic,
          bankName: beneficiary.bankName,
          address: [...issuer.addressLines, issuer.country].join(', '),
          bankAddress: beneficiary.bankAddress,
        }
      : null,
    vatPercent: depositVatPercent(customer),
    deposit: await newestWaiting(db, user.id),
  };
}

/** POST /billing/deposit/bank-transfer: a pending bank deposit of `euros` plus VAT. */
export async function startBankDeposit(
  ctx: Pick<AppContext, 'db' | 'config'>,
  user: UserRow,
  euros: number,
): Promise<BankTransferDetails> {
  const { db, config } = ctx;
  if (!config.bankBeneficiary) throw forbidden(DEPOSIT_MESSAGES.bankNotConfigured);
  const customer = await depositCustomer(db, config, user.id);
  assertMayDeposit(customer, 'bank_transfer');
  const error = bankDepositAmountError(euros);
  if (error) throw badRequest(error);
  const vatPercent = depositVatPercent(customer);
  // No fee on a bank transfer: the card breakdown with a 0 % fee is VAT on the amount alone.
  const breakdown = depositBreakdown({
    amountMicros: eurosToMicros(euros),
    method: 'card',
    vatRatePercent: vatPercent,
    reverseCharge: false,
    fees: { cardFeePercent: 0, cryptoProcessingFeePercent: 0 },
  });
  await db.transaction(async (tx) => {
    // One at a time per account, so that two clicks cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deposit-bank:${user.id}`}, 0))`);
    const [open] = await tx.select({ n: count() }).from(payments).where(waiting(user.id));
    if ((open?.n ?? 0) >= BANK_DEPOSITS_OPEN_MAX) throw conflict(DEPOSIT_MESSAGES.bankTooManyOpen);
    const reference = newReference();
    await tx.insert(payments).values({
      id: newPaymentId(),
      userId: user.id,
      purpose: 'deposit',
      method: 'bank_transfer',
      provider: 'bank',
      providerRef: reference,
      status: 'pending',
      providerStatus: 'awaiting_transfer',
      amountMicros: breakdown.amountMicros,
      feePercent: 0,
      feeMicros: 0n,
      vatPercent: breakdown.vatPercent,
      vatMicros: breakdown.vatMicros,
      totalMicros: breakdown.totalMicros,
      vatRule: customer.vat.rule,
      vatCountry: customer.vat.country,
      billingCountry: customer.billingCountry,
      bankReference: reference,
    });
  });
  return bankTransferDetails(ctx, user);
}

/**
 * Announced bank deposits that no statement line matched expire after the configured number of
 * days (docs/decisions/041): the customer reads "Expired", the slot counts no longer against
 * the five waiting, and a transfer that arrives later is not credited by itself but waits in
 * the back office's bank-statement queue (a deposit that is not pending matches nothing). One
 * conditional UPDATE: a statement line crediting the deposit at the same moment holds its row
 * lock, and whichever commits first wins (the other finds it no longer pending). Answers the ids.
 */
export async function expireBankDeposits(db: DbOrTx, expiryDays: number, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - expiryDays * DAY_MS);
  const rows = await db
    .update(payments)
    .set({ status: 'expired', providerStatus: 'no_transfer_in_time', updatedAt: now })
    .where(
      and(
        eq(payments.method, 'bank_transfer'),
        eq(payments.provider, 'bank'),
        eq(payments.status, 'pending'),
        isNotNull(payments.bankReference),
        lte(payments.createdAt, before),
      ),
    )
    .returning({ id: payments.id });
  return rows.map((r) => r.id);
}

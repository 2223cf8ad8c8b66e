import { paidShareOf } from '@cryptads/contract/money';
import type { Tx } from '../../db/client';
import type { payments } from '../../db/schema/payments';
import { emitEvent, emitEvents } from '../events/events';
import { creditDeposit, creditDeposits, type DepositCredit, type PaymentProvider } from '../ledger/ledger.service';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The one place a deposit reaches the ledger: what arrived leaves the provider's clearing
 * account, split into the user's balance, the processing fee and the VAT (owed to the country
 * whose VAT the payment carries). Idempotent by the
 * payment: a second call for the same payment, even at the same moment, changes nothing.
 */
export async function postDepositToLedger(
  tx: Tx,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'method' | 'provider' | 'vatCountry'>,
  billed: { amountMicros: bigint; feeMicros: bigint; vatMicros: bigint },
) {
  return creditDeposit(tx, depositCreditOf(payment, billed));
}

function depositCreditOf(
  payment: Pick<PaymentRow, 'id' | 'userId' | 'method' | 'provider' | 'vatCountry'>,
  billed: { amountMicros: bigint; feeMicros: bigint; vatMicros: bigint },
): DepositCredit {
  return {
    vatCountry: payment.vatCountry,
    userId: payment.userId,
    provider: payment.provider as PaymentProvider,
    amountMicros: billed.amountMicros,
    feeMicros: billed.feeMicros,
    vatMicros: billed.vatMicros,
    idempotencyKey: `payment:${payment.id}`,
    reference: `payment:${payment.id}`,
    description: DEPOSIT_DESCRIPTIONS[payment.method] ?? 'Deposit',
  };
}

const DEPOSIT_DESCRIPTIONS: Record<string, string> = {
  card: 'Deposit by card',
  crypto: 'Deposit by cryptocurrency',
  bank_transfer: 'Deposit by bank transfer',
};

/**
 * What an invoice bills for a payment that brought in `paidMicros` of its total and credited
 * `creditedMicros`: in full, the payment's own amounts; underpaid, the same shares of fee and
 * VAT as of the amount, so that the lines add up to what arrived (whole cents; VAT takes the
 * cents rounding leaves, unless the payment carries no VAT, when the fee does).
 */
export function billedAmounts(
  payment: Pick<PaymentRow, 'amountMicros' | 'feeMicros' | 'vatMicros' | 'totalMicros'>,
  paidMicros: bigint,
  creditedMicros: bigint,
) {
  if (paidMicros >= payment.totalMicros && creditedMicros === payment.amountMicros)
    return {
      amountMicros: payment.amountMicros,
      feeMicros: payment.feeMicros,
      vatMicros: payment.vatMicros,
      totalMicros: payment.totalMicros,
    };
  if (payment.vatMicros === 0n)
    return {
      amountMicros: creditedMicros,
      feeMicros: paidMicros - creditedMicros,
      vatMicros: 0n,
      totalMicros: paidMicros,
    };
  const feeMicros = paidShareOf(payment.feeMicros, paidMicros, payment.totalMicros);
  return {
    amountMicros: creditedMicros,
    feeMicros,
    vatMicros: paidMicros - creditedMicros - feeMicros,
    totalMicros: paidMicros,
  };
}

/**
 * A deposit is paid: the balance is credited once and `deposit.paid` is written with the
 * change (invoices, the user's notification; `balance.credited` brings campaigns back).
 */
export async function fulfilDeposit(tx: Tx, payment: PaymentRow, paidMicros: bigint, creditedMicros: bigint) {
  const billed = billedAmounts(payment, paidMicros, creditedMicros);
  await postDepositToLedger(tx, payment, billed);
  await emitEvent(tx, depositPaid(payment, billed));
}

/**
 * fulfilDeposit for several deposits paid in one transaction (a bank statement's credits): one
 * ledger posting for all of them (the ledger's rule: one posting per transaction), then their
 * `deposit.paid` events.
 */
export async function fulfilDeposits(
  tx: Tx,
  paid: readonly { payment: PaymentRow; paidMicros: bigint; creditedMicros: bigint }[],
) {
  const billed = paid.map((p) => ({
    payment: p.payment,
    billed: billedAmounts(p.payment, p.paidMicros, p.creditedMicros),
  }));
  await creditDeposits(
    tx,
    billed.map((b) => depositCreditOf(b.payment, b.billed)),
  );
  await emitEvents(
    tx,
    billed.map((b) => depositPaid(b.payment, b.billed)),
  );
}

const depositPaid = (payment: PaymentRow, billed: ReturnType<typeof billedAmounts>) =>
  ({
    type: 'deposit.paid',
    paymentId: payment.id,
    userId: payment.userId,
    amountMicros: billed.amountMicros.toString(),
    feeMicros: billed.feeMicros.toString(),
    vatMicros: billed.vatMicros.toString(),
    totalMicros: billed.totalMicros.toString(),
    method: payment.method,
    provider: payment.provider,
  }) as const;

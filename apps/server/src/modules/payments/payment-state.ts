import { PaymentStatusCode } from '@cryptads/contract/billing-messages';
import { paidShareOf } from '@cryptads/contract/money';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../adapters/payments/port';

/**
 * The payments module's rules of one payment (docs/decisions/011-payments.md):
 * `created -> pending -> paid | failed | expired | canceled` (the statuses are the payments
 * port's vocabulary, which the providers' adapters report). It only moves forward: a provider
 * event that names an earlier state, or any event after a final state, changes nothing, so a
 * late 'expired' never overwrites 'paid' and a repeated 'paid' credits once. Pure: the service
 * applies it inside the transaction that holds the payment's row lock. Other modules read these
 * rules through payments.service.ts.
 */
export { PAYMENT_STATUSES, type PaymentStatus };

export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'expired', 'canceled'];
export const isFinalPaymentStatus = (status: PaymentStatus) => FINAL_PAYMENT_STATUSES.includes(status);

const STEP: Record<PaymentStatus, number> = { created: 0, pending: 1, paid: 2, failed: 2, expired: 2, canceled: 2 };

/** True when a payment in `from` may move to `to` (never backwards, never out of a final state). */
export const canMovePayment = (from: PaymentStatus, to: PaymentStatus) =>
  !isFinalPaymentStatus(from) && STEP[to] > STEP[from];

export type PaymentTransition =
  /** The payment moves; when `to` is 'paid' the caller credits (once: only this result does). */
  | { kind: 'moved'; from: PaymentStatus; to: PaymentStatus }
  /** Nothing to do: the same state again, or an earlier one arriving late. */
  | { kind: 'ignored'; status: PaymentStatus; incoming: PaymentStatus }
  /**
   * A final state met a different final state. `needsReview` is set when the provider now
   * says 'paid' for a payment we closed as failed, expired or canceled: money may have
   * arrived late, which the state machine must not credit by itself, and an operator must see.
   */
  | { kind: 'conflict'; status: PaymentStatus; incoming: PaymentStatus; needsReview: boolean };

export function transitionPayment(current: PaymentStatus, incoming: PaymentStatus): PaymentTransition {
  if (canMovePayment(current, incoming)) return { kind: 'moved', from: current, to: incoming };
  if (isFinalPaymentStatus(current) && isFinalPaymentStatus(incoming) && current !== incoming)
    return { kind: 'conflict', status: current, incoming, needsReview: incoming === 'paid' };
  return { kind: 'ignored', status: current, incoming };
}

/**
 * The status code the API shows for a payment (docs/product/billing.md#payments, docs/product/limits.md#our-choices): created is
 * Pending, pending (the provider saw the customer pay and waits for confirmation) is
 * Processing, paid is Completed, expired and canceled are Canceled, failed is Failed.
 */
export function paymentStatusCode(status: PaymentStatus): PaymentStatusCode {
  switch (status) {
    case 'created':
      return PaymentStatusCode.Pending;
    case 'pending':
      return PaymentStatusCode.Processing;
    case 'paid':
      return PaymentStatusCode.Completed;
    case 'failed':
      return PaymentStatusCode.Failed;
    case 'expired':
    case 'canceled':
      return PaymentStatusCode.Denied;
  }
}

/**
 * What a paid deposit credits when the provider received `paidMicros` of the `totalMicros`
 * charged (amount + fee + VAT): the whole amount when paid exactly, else the same share of the
 * amount as arrived of the total, rounded down to the cent ("credit what arrived"), above the
 * amount when more arrived (docs/decisions/041): the fee and VAT take the same share, so the
 * provider's clearing account gives up exactly what arrived and nothing waits in suspense.
 */
export function creditForPayment(input: { amountMicros: bigint; totalMicros: bigint; paidMicros: bigint }): bigint {
  const { amountMicros, totalMicros, paidMicros } = input;
  if (totalMicros <= 0n || paidMicros <= 0n) return 0n;
  if (paidMicros === totalMicros) return amountMicros;
  return paidShareOf(amountMicros, paidMicros, totalMicros);
}

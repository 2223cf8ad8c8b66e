/**
 * Deposits, zod-free (the deposit screens read these at run time; deposits.ts adds the
 * schemas). Limits, fee/VAT computation, method labels and the product's messages are in
 * billing-messages.ts; these are ours, where the product is silent.
 */

export const DEPOSIT_METHODS = ['crypto', 'card', 'bank_transfer'] as const;
export const PAYMENT_STATES = ['created', 'pending', 'paid', 'failed', 'expired', 'canceled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Our payment ids: 'pay_' and 20 URL-safe random characters. */
/**
 * An announced bank deposit whose transfer did not arrive in time (docs/product/billing.md#bank-transfer)
 * reads this in the latest deposits; other payments read their status code's label.
 */
export const EXPIRED_DEPOSIT_LABEL = 'Expired';

export const PAYMENT_ID_PATTERN = /^pay_[A-Za-z0-9_-]{20}$/;

/** Bank deposits: the minimum deposit of every method, and a ceiling that catches a typo. */
export const BANK_DEPOSIT_MIN_EUROS = 100;
export const BANK_DEPOSIT_MAX_EUROS = 1_000_000;
/** Bank deposits announced and not yet arrived, per account. */
export const BANK_DEPOSITS_OPEN_MAX = 5;

export const DEPOSIT_MESSAGES = {
  detailsRequired: 'Please complete your billing details before you deposit funds.',
  providerUnavailable: 'The payment provider cannot be reached right now. Please try again in a few minutes.',
  paymentSucceeded: 'Thank you! Your payment was received and your balance has been credited.',
  paymentPending: 'Your payment is being confirmed. The funds appear in your balance as soon as it is confirmed.',
  paymentNotCompleted: 'The payment was not completed. No money was taken; you can try again.',
  bankNotConfigured: 'Bank transfers are arranged by our support team for the moment. Please contact us.',
  bankTiming: 'Bank transfers take 1 to 5 business days to arrive, up to 14.',
  bankTooManyOpen: 'You already have 5 bank transfers waiting to arrive. Send one of them, or wait until one arrives.',
  bankAmountRange: `A bank transfer deposit is from ${BANK_DEPOSIT_MIN_EUROS} to ${BANK_DEPOSIT_MAX_EUROS.toLocaleString('en-GB')} EUR (before VAT).`,
} as const;

/** The amount of a bank deposit (before VAT), or null when it is fine. */
export function bankDepositAmountError(euros: number): string | null {
  return euros < BANK_DEPOSIT_MIN_EUROS || euros > BANK_DEPOSIT_MAX_EUROS ? DEPOSIT_MESSAGES.bankAmountRange : null;
}

/** Where the browser comes back from a payment page: `payment=success|canceled&paymentId=...`. */
export const PAYMENT_RETURN_PARAMS = { status: 'payment', id: 'paymentId' } as const;

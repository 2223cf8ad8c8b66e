/**
 * Deposits, zod-free (the deposit screens read these at run time; deposits.ts adds the
 * schemas). Limits, fee/VAT computation, method labels and the product's messages are in
 * billing-messages.ts; these are ours, where the product is silent.
 */

export const DEPOSIT_METHODS = ['crypto', 'card', 'bank_transfer'] as const;
export const PAYMENT_STATES = ['created', 'pending', 'paid', 'failed', 'expired', 'canceled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Our payment ids: 'pay_' and 20 URL-safe random characters. */
export const PAYMENT_ID_PATTERN = /^pay_[A-Za-z0-9_-]{20}$/;

export const DEPOSIT_MESSAGES = {
  detailsRequired: 'Please complete your billing details before you deposit funds.',
  providerUnavailable: 'The payment provider cannot be reached right now. Please try again in a few minutes.',
  paymentSucceeded: 'Thank you! Your payment was received and your balance has been credited.',
  paymentPending: 'Your payment is being confirmed. The funds appear in your balance as soon as it is confirmed.',
  paymentNotCompleted: 'The payment was not completed. No money was taken; you can try again.',
  bankNotConfigured: 'Bank transfers are arranged by our support team for the moment. Please contact us.',
} as const;

/** Where the browser comes back from a payment page: `payment=success|canceled&paymentId=...`. */
export const PAYMENT_RETURN_PARAMS = { status: 'payment', id: 'paymentId' } as const;

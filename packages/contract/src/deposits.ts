import { z } from 'zod';
import { BILLING_MESSAGES, DEPOSIT_LIMITS, isWholeCents } from './billing-messages';
import { bankDepositAmountError, DEPOSIT_METHODS, PAYMENT_STATES } from './deposit-messages';
import { VatSummarySchema } from './vat';

export * from './deposit-messages';

/**
 * Deposits (docs/product/billing.md#deposits, #api; docs/product/limits.md#billing; docs/decisions/014-deposits.md): what the deposit
 * screens read and what the payment calls answer. Amounts are euros with 2 decimals; the
 * inputs (CryptoDepositInputSchema, CardDepositInputSchema) live in billing.ts.
 */

/** One deposit as the deposit screen and the payment calls show it. */
export const DepositRowSchema = z.object({
  id: z.string(),
  /** ISO 8601 instant the deposit was opened. */
  date: z.string(),
  method: z.enum(DEPOSIT_METHODS),
  /** What the balance is credited with when paid in full. */
  amount: z.number(),
  fee: z.number(),
  vat: z.number(),
  /** What the provider charges (amount + fee + VAT). */
  total: z.number(),
  /** What the balance was credited with; null until paid (below `amount` when a crypto payment was underpaid). */
  credited: z.number().nullable(),
  /** Payment status code (docs/product/billing.md#deposits): 0 Pending, 1 Completed, 2 Processing, 3 Canceled, 4 Failed. */
  valid: z.number().int(),
  state: z.enum(PAYMENT_STATES),
});
export type DepositRow = z.infer<typeof DepositRowSchema>;

/** GET /billing/deposit: everything the deposit screen needs besides the amount typed. */
export const DepositOverviewSchema = z.object({
  balance: z.number(),
  latestDeposits: z.array(DepositRowSchema).max(DEPOSIT_LIMITS.latestDepositsShown),
  fees: z.object({ cryptoProcessingFeePercent: z.number(), cardFeePercent: z.number() }),
  /** The VAT rate this account pays on deposits: 0 under reverse charge and outside the EU. */
  vatPercent: z.number(),
  vatTreatment: z.enum(['standard', 'reverse_charge', 'outside_scope']),
  /** The VAT by place of supply: the rule, the country whose rate applies, the rate and what the breakdown says. */
  vat: VatSummarySchema,
  /** Deposits blocked for this account (docs/product/billing.md#deposits): all of them, crypto, card. */
  blocked: z.object({ all: z.boolean(), crypto: z.boolean(), card: z.boolean() }),
  /** 'Steps to Deposit Funds' (docs/product/billing.md#deposits): each step done or not. */
  steps: z.object({ billingDetails: z.boolean(), qualifyingCampaign: z.boolean() }),
  /** Euros already opened or paid by card today (UTC), against the daily card maximum. */
  cardDepositedToday: z.number(),
});
export type DepositOverview = z.infer<typeof DepositOverviewSchema>;

/** Answer of POST /billing/deposit/card and /crypto: where the browser pays (docs/product/billing.md#api `response.url`). */
export const DepositRedirectWithIdSchema = z.object({ url: z.string(), paymentId: z.string() });
export type DepositRedirect = z.infer<typeof DepositRedirectWithIdSchema>;

/** GET /billing/deposit/crypto-id: the crypto payment generated and not paid yet, for Pay Now or Reset. */
export const OpenCryptoPaymentSchema = z.object({
  payment: DepositRowSchema.extend({ url: z.string() }).nullable(),
});
export type OpenCryptoPayment = z.infer<typeof OpenCryptoPaymentSchema>;

/**
 * POST /billing/payment: the browser is back from the payment page (`check`: the payment is
 * read again at the provider and applied like a webhook), or the customer gives up a payment
 * not paid yet (`cancel`: the crypto screen's Reset, a card payment page left).
 */
export const PaymentActionInputSchema = z.object({
  paymentId: z.string().trim().min(1).max(100),
  action: z.enum(['check', 'cancel']).default('check'),
});
export type PaymentActionInput = z.input<typeof PaymentActionInputSchema>;

/**
 * GET /billing/deposit/bank-transfer: the account customers pay into, this account's
 * reference, and the newest bank deposit waiting for its transfer (POST makes one of an
 * amount: its own reference, its VAT breakdown, the exact total to send).
 */
export const BankTransferDetailsSchema = z.object({
  /** The account's open reference (a transfer without an announced deposit is credited by an operator). */
  reference: z.string(),
  /** Null when bank transfers are off (BANK_TRANSFERS=off). */
  bank: z
    .object({
      /** The account holder. */
      beneficiary: z.string(),
      /** Electronic form (no spaces); the screen groups it in fours. */
      iban: z.string(),
      bic: z.string(),
      bankName: z.string().nullable(),
      /** The holder's address (the invoice issuer's). */
      address: z.string(),
      bankAddress: z.string().nullable(),
    })
    .nullable(),
  /** VAT this account pays, included in what it sends. */
  vatPercent: z.number(),
  /** The newest bank deposit waiting for its transfer: send exactly `total` with `reference`. */
  deposit: DepositRowSchema.extend({ reference: z.string() }).nullable(),
});
/** POST /billing/deposit/bank-transfer: announce a transfer of `amount` euros (VAT is added). */
export const BankDepositInputSchema = z.object({
  amount: z
    .number({ error: BILLING_MESSAGES.depositAmountInvalid })
    .refine(isWholeCents, { error: BILLING_MESSAGES.depositAmountInvalid, abort: true })
    .superRefine((euros, ctx) => {
      const error = bankDepositAmountError(euros);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
});
export type BankTransferDetails = z.infer<typeof BankTransferDetailsSchema>;

/** The answer of a provider webhook: received (also for repeated and unknown events). */
export const WebhookAnswerSchema = z.object({ received: z.literal(true) });

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Money coming in (docs/decisions/011-payments.md, 014-deposits.md): one row per payment
 * opened at a provider (card, crypto) or received by bank transfer. The row is committed
 * before the browser is sent to the provider, so a fast webhook always finds it; its status
 * only moves forward (modules/payments/payment-state.ts) under `select ... for update`.
 */
export const payments = pgTable(
  'payments',
  {
    /** Unguessable ('pay_' + 20 random characters): the provider's idempotency key and order reference. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'deposit' now, 'order' for marketplace orders next. */
    purpose: text('purpose').notNull(),
    /** 'card' | 'crypto' | 'bank_transfer'. */
    method: text('method').notNull(),
    /** 'sandbox' | 'stripe' | 'coingate' | 'bank'. */
    provider: text('provider').notNull(),
    /** The provider's id (Checkout Session, CoinGate order); null until the provider answered. */
    providerRef: text('provider_ref'),
    /** Where the browser pays (the crypto screen shows it again for Pay Now). */
    redirectUrl: text('redirect_url'),
    /** What the balance is credited with when paid in full. */
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    feePercent: numeric('fee_percent', { precision: 7, scale: 4, mode: 'number' }).notNull(),
    feeMicros: bigint('fee_micros', { mode: 'bigint' }).notNull(),
    vatPercent: numeric('vat_percent', { precision: 7, scale: 4, mode: 'number' }).notNull(),
    vatMicros: bigint('vat_micros', { mode: 'bigint' }).notNull(),
    /** What the provider charges: amount + fee + VAT. */
    totalMicros: bigint('total_micros', { mode: 'bigint' }).notNull(),
    /**
     * The VAT rule applied (modules/tax: 'domestic' | 'oss' | 'reverse_charge' | 'outside_scope')
     * and the country whose VAT `vat_percent` is; null on payments made before VAT by place of supply.
     */
    vatRule: text('vat_rule'),
    vatCountry: text('vat_country'),
    /**
     * Evidence of the customer's location when the payment was opened: the billing country, the
     * country of the payer's IP address ('XX' unknown is stored as null), the card's country when
     * the provider reports it, and whether the known ones agree (null: nothing to compare).
     */
    billingCountry: text('billing_country'),
    ipCountry: text('ip_country'),
    cardCountry: text('card_country'),
    locationAgrees: boolean('location_agrees'),
    /** created -> pending -> paid | failed | expired | canceled (payment-state.ts). */
    status: text('status').notNull().default('created'),
    /** The provider's own last status or event type, for the operator. */
    providerStatus: text('provider_status'),
    /** What arrived (paid): below the total when a crypto payment was underpaid. */
    paidMicros: bigint('paid_micros', { mode: 'bigint' }),
    /** What the balance was credited with: set once, in the transaction that posted the ledger entry. */
    creditedMicros: bigint('credited_micros', { mode: 'bigint' }),
    /** A provider said 'paid' after we closed the payment, or more arrived than charged: an operator looks. */
    needsReview: boolean('needs_review').notNull().default(false),
    /** Bank transfers: the reference the customer wrote on the transfer. */
    bankReference: text('bank_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The user was told (deposit.paid handler): at most once, whatever the retries. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    uniqueIndex('payments_bank_reference_uq').on(t.bankReference),
    index('payments_review_idx').on(t.needsReview).where(sql`${t.needsReview}`),
    index('payments_vat_idx').on(t.vatRule, t.paidAt),
    check('payments_status_valid', sql`${t.status} in ('created', 'pending', 'paid', 'failed', 'expired', 'canceled')`),
    check('payments_method_valid', sql`${t.method} in ('card', 'crypto', 'bank_transfer')`),
    check(
      'payments_amounts_valid',
      sql`${t.amountMicros} > 0 and ${t.feeMicros} >= 0 and ${t.vatMicros} >= 0 and ${t.totalMicros} = ${t.amountMicros} + ${t.feeMicros} + ${t.vatMicros}`,
    ),
  ],
);

/**
 * Every provider notification, stored under its provider's id before anything is done with
 * it (one transaction with the payment's row lock): a repeated delivery finds its row and
 * changes nothing. The browser's return is stored the same way (`return:{id}:{status}`).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    /** Null when the event names no payment of ours (kept for the operator). */
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** The status the event reports (payment-state.ts), and the provider's own word for it. */
    status: text('status').notNull(),
    providerStatus: text('provider_status').notNull(),
    paidMicros: bigint('paid_micros', { mode: 'bigint' }),
    /** What the state machine did: moved, ignored, conflict, unknown_payment, mismatch. */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.providerEventId),
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);

/**
 * The reference an account writes on a bank transfer (docs/product/billing.md#payments): one open reference
 * per account at a time; the operator confirms a received transfer against it once, and the
 * account gets a new one for its next transfer.
 */
export const bankTransferReferences = pgTable(
  'bank_transfer_references',
  {
    reference: text('reference').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the operator confirmed the transfer; the payment it became. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('bank_transfer_references_open_uq').on(t.userId).where(sql`${t.confirmedAt} is null`)],
);

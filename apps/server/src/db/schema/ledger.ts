import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The double-entry ledger (docs/decisions/013-double-entry-ledger.md). Every euro sits in an
 * account: a user's `available` and `held`, or a platform account (network revenue, VAT
 * payable, processing fees, one clearing account per payment provider, payouts in transit,
 * marketplace escrow, referral rewards, operator credits). `balance_micros` is credits minus
 * debits, kept in the same transaction as each transfer; the sum over all accounts is zero.
 * Only modules/ledger writes these tables.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** 'user:<id>:available', 'user:<id>:held' or 'platform:<kind>': the account's one name. */
    code: text('code').notNull(),
    /** The owner of a user account; null for a platform account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** 'available' | 'held' for a user; the platform account's name otherwise. */
    kind: text('kind').notNull(),
    balanceMicros: bigint('balance_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code),
    index('ledger_accounts_user_idx').on(t.userId),
    // A user never owes: their available and held money cannot go below zero.
    check('ledger_accounts_user_nonnegative', sql`${t.userId} is null or ${t.balanceMicros} >= 0`),
    check(
      'ledger_accounts_owner_valid',
      sql`(${t.userId} is not null and ${t.kind} in ('available', 'held')) or (${t.userId} is null and ${t.kind} not in ('available', 'held'))`,
    ),
  ],
);

/**
 * A two-phase transfer (TigerBeetle's pending transfer): reserving moves the amount from the
 * user's available account to their held account; it is then posted once (held -> the
 * destination) or voided once (held -> available). `status` changes exactly once, under the
 * row lock, in the transaction that writes the posting or voiding transfer.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Where the money goes when the hold is posted. */
    destinationAccountId: integer('destination_account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    /** 'pending' | 'posted' | 'voided'. */
    status: text('status').notNull().default('pending'),
    /** The kind of the posting transfer ('payout', 'marketplace_order', ...). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a hold still pending is voided by the hold-expiry job (docs/decisions/041): the
     * owner's own deadline (the marketplace's timers) or the configured default. Required, so
     * no hold can stay pending for ever.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('ledger_holds_user_idx').on(t.userId, t.createdAt),
    index('ledger_holds_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('ledger_holds_idempotency_uq').on(t.idempotencyKey),
    check('ledger_holds_amount_positive', sql`${t.amountMicros} > 0`),
    check('ledger_holds_status_valid', sql`${t.status} in ('pending', 'posted', 'voided')`),
    check('ledger_holds_resolved', sql`(${t.status} = 'pending') = (${t.resolvedAt} is null)`),
  ],
);

/**
 * Immutable: an exact amount from one account (debit) to another (credit). A correction is a
 * new transfer in the other direction (`reversal_of`). Transfers that come from outside (a
 * webhook, a provider id, an operator's reference) carry a unique idempotency key.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    /** What it is: 'deposit', 'spend', 'earning', 'referral_reward', 'payout', ... (ledger.service TransferKind). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key'),
    /** The two-phase transfer this one reserves, posts or voids. */
    holdId: bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    /** 'reserve' | 'post' | 'void', with hold_id. */
    holdPhase: text('hold_phase'),
    /** The transfer this one undoes. */
    reversalOf: bigint('reversal_of', { mode: 'number' }).references((): AnyPgColumn => ledgerTransfers.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.createdAt),
    uniqueIndex('ledger_transfers_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('ledger_transfers_reversal_uq').on(t.reversalOf),
    // One reserving transfer per hold, and at most one that posts or voids it.
    uniqueIndex('ledger_transfers_hold_reserve_uq').on(t.holdId).where(sql`${t.holdPhase} = 'reserve'`),
    uniqueIndex('ledger_transfers_hold_resolve_uq').on(t.holdId).where(sql`${t.holdPhase} in ('post', 'void')`),
    check('ledger_transfers_amount_positive', sql`${t.amountMicros} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check(
      'ledger_transfers_hold_phase_valid',
      sql`(${t.holdId} is null and ${t.holdPhase} is null) or (${t.holdId} is not null and ${t.holdPhase} in ('reserve', 'post', 'void'))`,
    ),
  ],
);

/**
 * A publisher's payout: made by the payout job for one scheduled run
 * (`period`, the run's date: one payout per publisher per run), its money reserved by a hold
 * towards payouts in transit. requested -> sent (the operator gives the bank reference or the
 * transaction hash; the hold is posted) -> completed; or failed with a reason (money back).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    /** 'requested' | 'sent' | 'completed' | 'failed'. */
    status: text('status').notNull().default('requested'),
    /** The scheduled run (YYYY-MM-DD, a 1st of the month or a Monday). */
    period: text('period').notNull(),
    /** Monthly 0, Weekly 1: the publisher's frequency when the payout was made. */
    frequency: smallint('frequency').notNull(),
    /** 'sepa' | 'swift' | 'cryptocurrency'. */
    method: text('method').notNull(),
    /** Where it is paid, copied from the withdraw options when it was made ({iban, bic, bankName} or {cryptoType, address}). */
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    /** The publisher asked for self-billing invoices when the payout was made. */
    autoInvoicing: boolean('auto_invoicing').notNull(),
    holdId: bigint('hold_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    /** The bank reference or transaction hash (sent). */
    reference: text('reference'),
    failureReason: text('failure_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_user_period_uq').on(t.userId, t.period),
    uniqueIndex('payouts_hold_uq').on(t.holdId),
    index('payouts_user_idx').on(t.userId, t.requestedAt),
    index('payouts_open_idx').on(t.status).where(sql`${t.status} in ('requested', 'sent')`),
    check('payouts_amount_positive', sql`${t.amountMicros} > 0`),
    check('payouts_status_valid', sql`${t.status} in ('requested', 'sent', 'completed', 'failed')`),
    check('payouts_method_valid', sql`${t.method} in ('sepa', 'swift', 'cryptocurrency')`),
    check('payouts_frequency_valid', sql`${t.frequency} in (0, 1)`),
  ],
);

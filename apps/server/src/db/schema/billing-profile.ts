import { sql } from 'drizzle-orm';
import {
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
 * Who a customer is for billing (docs/product/billing.md#billing-profile verification): the
 * identification details, the outcome of the document review, the deposit blocks an operator
 * sets and a publisher's withdraw options. One row per user, written by the first save of
 * the identification form; an account without one has no details yet. `users.kyc_verified`
 * stays the identity flag GET /user already shows.
 */
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    isCompany: boolean('is_company').notNull(),
    /** A company's legal name; empty for an individual. */
    companyName: text('company_name').notNull().default(''),
    /** An individual's names as on the identity document; empty for a company. */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    address: text('address').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** A company's registration (tax) number: the profile's `number`. */
    registrationNumber: text('registration_number').notNull().default(''),
    /** As given, normalised (no spaces, upper case); empty when none. */
    vatCode: text('vat_code').notNull().default(''),
    /** Confirmed by VIES (never by format alone): reverse charge follows only from this. */
    vatValid: boolean('vat_valid').notNull().default(false),
    /** The check that decided `vatValid` (latest for this code). */
    vatCheckId: integer('vat_check_id'),
    /** docs/product/billing.md#billing-profile document status: NoDocument 0, Valid 1, Pending 2, Rejected 3, CompanyRejected 4, Recheck 5. */
    docVerification: smallint('doc_verification').notNull().default(0),
    /** Why the review rejected or asked to recheck, shown to the customer. */
    docReason: text('doc_reason'),
    blockedDeposit: boolean('blocked_deposit').notNull().default(false),
    blockedDepositCrypto: boolean('blocked_deposit_crypto').notNull().default(false),
    blockedDepositCard: boolean('blocked_deposit_card').notNull().default(false),
    /** Withdraw options (publishers): 'sepa' | 'swift' | 'cryptocurrency'; null until saved. */
    payoutMethod: text('payout_method'),
    /** Monthly 0, Weekly 1. */
    payoutFrequency: smallint('payout_frequency'),
    autoInvoicing: boolean('auto_invoicing').notNull().default(false),
    /** When the publisher accepted the self-billing agreement (we invoice on their behalf). */
    selfBillingAgreedAt: timestamp('self_billing_agreed_at', { withTimezone: true }),
    payoutIban: text('payout_iban'),
    payoutBic: text('payout_bic'),
    payoutBankName: text('payout_bank_name'),
    payoutBankAddress: text('payout_bank_address'),
    /** 'btc' | 'eth' | 'usdc'. */
    payoutCryptoType: text('payout_crypto_type'),
    payoutCryptoAddress: text('payout_crypto_address'),
    payoutUpdatedAt: timestamp('payout_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_profiles_doc_verification_valid', sql`${t.docVerification} between 0 and 5`),
    check(
      'billing_profiles_payout_method_valid',
      sql`${t.payoutMethod} is null or ${t.payoutMethod} in ('sepa', 'swift', 'cryptocurrency')`,
    ),
    check(
      'billing_profiles_payout_frequency_valid',
      sql`${t.payoutFrequency} is null or ${t.payoutFrequency} in (0, 1)`,
    ),
  ],
);

/**
 * Every VAT number check (VIES or format), kept as proof: VIES's consultation number says
 * that we checked the customer's number on that day. A check VIES could not answer is
 * 'not_checked' with `next_check_at`; the re-check job (jobs/vat-recheck.ts) asks again and
 * writes the answer into the same row.
 */
export const vatChecks = pgTable(
  'vat_checks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The profile country (ISO, GR for Greece). */
    country: text('country').notNull(),
    /** VIES's prefix (EL for Greece) and the number without it. */
    countryCode: text('country_code').notNull(),
    vatNumber: text('vat_number').notNull(),
    /** 'valid' | 'invalid' | 'not_checked'. */
    status: text('status').notNull(),
    /** 'format' | 'vies'. */
    checkedBy: text('checked_by').notNull(),
    consultationNumber: text('consultation_number'),
    traderName: text('trader_name'),
    traderAddress: text('trader_address'),
    /** Why VIES did not answer (MS_UNAVAILABLE, TIMEOUT, ...). */
    reason: text('reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** Set while 'not_checked': when the job asks VIES again. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vat_checks_user_idx').on(t.userId, t.createdAt),
    index('vat_checks_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'not_checked'`),
    check('vat_checks_status_valid', sql`${t.status} in ('valid', 'invalid', 'not_checked')`),
  ],
);

/**
 * Identity and company documents (docs/product/billing.md#billing-profile; docs/product/limits.md#billing). The bytes live in the private document
 * storage (never under the public /uploads/ route); only the owner (and operators) read them.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    /** Random, the id in the owner's download URL. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file name as the customer chose it (shown, never used as a path). */
    name: text('name').notNull(),
    /** From the content's magic bytes. */
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_documents_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('billing_documents_storage_key_uq').on(t.storageKey),
  ],
);

/**
 * Identity verification sessions at the KYC provider (adapters/kyc): one per start, with the
 * provider's applicant/session reference; decisions arrive by webhook (or the sandbox page).
 */
export const kycSessions = pgTable(
  'kyc_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    /** 'started' | 'pending' | 'approved' | 'rejected' | 'retry'. */
    status: text('status').notNull().default('started'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_sessions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('kyc_sessions_provider_ref_uq').on(t.provider, t.providerRef),
  ],
);

/** Every KYC provider event, stored under its id before it is applied: a repeat changes nothing. */
export const kycEvents = pgTable(
  'kyc_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    sessionId: text('session_id'),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_events_provider_event_uq').on(t.provider, t.providerEventId)],
);

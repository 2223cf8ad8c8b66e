import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** 0 unassigned, 1 advertiser, 2 publisher, 3 operator (docs/decisions/032). */
    type: smallint('type').notNull(),
    /** Public tracking identifier ("com" of GET /user, docs/product/account.md#data), used in invite links. */
    com: text('com').notNull(),
    referrerId: integer('referrer_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** Cached spendable balance in micro-euros; the ledger is the truth. */
    balanceMicros: bigint('balance_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    kycVerified: smallint('kyc_verified').notNull().default(0),
    currentSignedTerms: integer('current_signed_terms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_com_uq').on(t.com),
    check('users_balance_nonnegative', sql`${t.balanceMicros} >= 0`),
    check('users_type_valid', sql`${t.type} in (0, 1, 2, 3)`),
  ],
);

/** A login. The token is given to the client once; only its SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Public identifier shown in the access log and used to close the session. */
    deviceIdentifier: text('device_identifier').notNull(),
    /** 'full' after login; 'verification' for an account that has not confirmed its email. */
    scope: text('scope').notNull().default('full'),
    rememberMe: boolean('remember_me').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ip: text('ip'),
    userAgent: text('user_agent'),
    device: text('device'),
    os: text('os'),
    osVersion: text('os_version'),
    browser: text('browser'),
    browserVersion: text('browser_version'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    uniqueIndex('sessions_device_identifier_uq').on(t.deviceIdentifier),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Single-use secrets sent to a person or held by the client for a moment: email
 * verification codes, password-recovery links, two-factor login tokens. Stored hashed.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    uniqueIndex('one_time_codes_hash_uq').on(t.purpose, t.codeHash),
  ],
);

/**
 * Guesses at a secret (password, TOTP, email code) per account (or per email) in the current
 * window, so that the limit holds across server processes and IP addresses. One row per key:
 * a guess is counted by one INSERT ... ON CONFLICT DO UPDATE ... RETURNING before the secret
 * is checked (lib/attempts.ts), so concurrent guesses cannot all pass a check-then-insert.
 */
export const authAttemptCounters = pgTable('auth_attempt_counters', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Append-only: every change of a balance is one row, written by ledger.service in the
 * same transaction as the cached users.balance_micros it updates.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMicros: bigint('amount_micros', { mode: 'bigint' }).notNull(),
    balanceAfterMicros: bigint('balance_after_micros', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    /** Set on every entry that comes from outside (payments, webhooks): never applied twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ledger_entries_idempotency_uq').on(t.idempotencyKey),
  ],
);

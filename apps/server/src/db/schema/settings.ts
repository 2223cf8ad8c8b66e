import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Email preferences of docs/product/account.md#settings; a user without a row has the defaults of the contract. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailMarketing: boolean('email_marketing').notNull(),
  emailNotification: boolean('email_notification').notNull(),
  emailMarketingPartners: boolean('email_marketing_partners').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request to delete an account (docs/decisions/005-account-deletion.md): verified by the
 * job after 48 hours, carried out at terminationAt unless cancelled first. At most one
 * open request per user (the partial unique index holds it under concurrent requests).
 */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    terminationAt: timestamp('termination_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_deletion_requests_open_uq')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null and ${t.completedAt} is null`),
    index('account_deletion_requests_due_idx').on(t.terminationAt),
  ],
);

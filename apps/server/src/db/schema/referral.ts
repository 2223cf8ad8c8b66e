import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A preferred referral share an operator agreed with a partner (docs/product/account.md#referral), in basis points. */
export const referralShares = pgTable('referral_shares', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 1..1000 basis points = 0.01 % .. 10 %. */
  shareBasisPoints: integer('share_basis_points').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** News from the network to every user, shown on the dashboard (docs/product/account.md#dashboard). */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_published_idx').on(t.publishedAt)],
);

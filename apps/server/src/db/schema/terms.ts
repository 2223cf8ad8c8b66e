import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Versions of the platform terms; the highest version is the one every user must accept. */
export const platformTerms = pgTable('platform_terms', {
  version: integer('version').primaryKey(),
  title: text('title').notNull(),
  /** Markdown. */
  body: text('body').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().default(sql`now()`),
});

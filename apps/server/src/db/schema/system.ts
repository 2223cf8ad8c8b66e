import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail written by the outbox transport; readable at /dev/mailbox while it is the transport. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
});

/** One row per scheduled job: the lock that keeps two server processes from running it twice. */
export const jobLocks = pgTable('job_locks', {
  name: text('name').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

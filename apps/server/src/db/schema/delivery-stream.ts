import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The durable delivery stream on PostgreSQL (docs/decisions/028-durable-delivery-events.md):
 * /serve and /click append their event here before answering (group-committed INSERTs); a
 * consumer takes a batch with FOR UPDATE SKIP LOCKED, records it and deletes it in the same
 * transaction. Used when REDIS_URL is not set.
 */
export const deliveryQueue = pgTable('delivery_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The DeliveryEvent as JSON (bigints and dates as strings: modules/delivery/stream.ts). */
  event: jsonb('event').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency keys of recorded events (kind, impression id, time), written in the batch's own
 * transaction when events come from Redis Streams: an entry delivered twice (a worker died
 * after its commit and before XACK) is recorded once. Pruned after DELIVERY_RECEIPT_DAYS.
 */
export const deliveryReceipts = pgTable(
  'delivery_receipts',
  {
    key: text('key').primaryKey(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_receipts_recorded_at_idx').on(t.recordedAt)],
);

/**
 * Events the recorder refused on their own, again and again (a poison event): kept with the
 * error (its message, never the query's parameters) so delivery goes on; an operator lists
 * and retries them (`delivery dead-letters`, `delivery retry`).
 */
export const deliveryDeadLetters = pgTable('delivery_dead_letters', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  event: jsonb('event').notNull(),
  error: text('error').notNull(),
  attempts: integer('attempts').notNull(),
  firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});

/**
 * How far the consumer of a local delivery journal (the embedded default's stream,
 * docs/decisions/039-embedded-delivery-journal.md) has recorded: a byte position in the
 * journal, written in the same transaction as the batch it ends. At start the journal is
 * replayed from here: what was recorded is not recorded again, what was not is.
 */
export const deliveryJournalPositions = pgTable('delivery_journal_positions', {
  journal: text('journal').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Billing notices of won bids that were recorded (docs/product/programmatic.md): the bid's
 * impression id, inserted by the batch writer in the transaction that records the impression
 * and bills it. A notice sent again, by anyone, at any time, finds its id here and records
 * nothing; a concurrent batch with the same id waits for this one's commit and then does too.
 * Pruned once past the notice's lifetime (a notice that old is refused before it gets here).
 */
export const bidNotices = pgTable(
  'bid_notices',
  {
    impressionId: text('impression_id').primaryKey(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bid_notices_recorded_at_idx').on(t.recordedAt)],
);

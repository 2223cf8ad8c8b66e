import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox of domain events (docs/decisions/010-domain-events.md): a row is written in the
 * transaction that made the change, so it exists exactly when the change committed. The event
 * worker (modules/events/worker.ts) runs the handlers after commit and marks the row done;
 * done rows are deleted by the cleanup job after a day.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The whole event (DomainEvent in modules/events/events.ts), its type included. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a worker may take the event: now for a new one, the end of the lease while a worker
     * handles it (a crashed worker's events come back then), after a failure the backoff.
     */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many times a worker took it. */
    attempts: integer('attempts').notNull().default(0),
    /** Handlers that succeeded already: a retry runs only the others. */
    handled: text('handled').array().notNull().default(sql`'{}'::text[]`),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_pending_idx').on(t.availableAt, t.id).where(sql`${t.doneAt} is null`),
    index('domain_events_done_idx').on(t.doneAt),
  ],
);

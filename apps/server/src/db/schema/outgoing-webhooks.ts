import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Outgoing webhooks (docs/decisions/042-outgoing-webhooks.md): a customer's endpoints, the
 * events they are sent, each delivery and each attempt. Not the providers' incoming webhooks.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the system disabled it (410, three days of failures); null when the customer did or it is on. */
    disabledReason: text('disabled_reason'),
    /** The signing secret, sealed with AES-256-GCM (`enc:v1:`), never stored in plaintext. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation: it also signs until `previousSecretExpiresAt`. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The first failed attempt since the last success; three days later the endpoint is disabled. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event as customers receive it; its id (`evt_...`) is the same on every retry and resend. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/** One event to one endpoint: retried with backoff until it succeeds or three days passed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** 'pending' | 'succeeded' | 'failed'. */
    status: text('status').notNull().default('pending'),
    /** Attempts made; a worker that takes the delivery counts one before it sends. */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it: now, the end of its lease, or after a failure the backoff. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
  ],
);

/** Each attempt and the endpoint's answer, kept 30 days. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id').notNull(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: smallint('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** The first 2 KB of the answer. */
    responseBody: text('response_body').notNull().default(''),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at)],
);

/**
 * The last status seen of the campaigns, websites and zones of accounts with webhook endpoints:
 * a `campaign.changed` event says something changed, this says from what, so that only real
 * transitions (approved, rejected, out of funds...) are sent.
 */
export const webhookStatusSeen = pgTable(
  'webhook_status_seen',
  {
    kind: text('kind').notNull(),
    objectId: integer('object_id').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.objectId] })],
);

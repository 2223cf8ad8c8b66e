import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Valid ad requests per UTC hour, zone format, country, device, os and browser
 * (docs/decisions/045-forecasts.md): what a forecast reads. Written by the batch writer in the
 * batch transaction from every impression that is not invalid traffic (billed, or refused only
 * by a budget or the balance). Compact: no campaign, zone or website.
 */
export const trafficHourly = pgTable(
  'traffic_hourly',
  {
    /** Start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The zone's ad format (0 popunder ... 6 native app). */
    format: smallint('format').notNull(),
    country: text('country').notNull(),
    /** 1 desktop, 2 mobile. */
    device: smallint('device').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** Of the requests, impressions our tag measured and those that were viewable (the forecast's viewability). */
    measured: bigint('measured', { mode: 'number' }).notNull().default(0),
    viewable: bigint('viewable', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'traffic_hourly_pk',
      columns: [t.hour, t.format, t.country, t.device, t.os, t.browser],
    }),
  ],
);

/**
 * The balance run-out notice of an advertiser, while it stands: one row from the notice until
 * the balance is topped up and lasts longer than the alert window again.
 */
export const balanceRunoutAlerts = pgTable('balance_runout_alerts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The balance when the notice fired: a top-up is a balance above it. */
  balanceMicros: bigint('balance_micros', { mode: 'bigint' }).notNull().default(sql`0`),
  runOutAt: timestamp('run_out_at', { withTimezone: true }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
});

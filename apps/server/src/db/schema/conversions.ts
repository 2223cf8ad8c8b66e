import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { users } from './users';

/**
 * Conversion tracking (docs/decisions/044-conversions.md, docs/product/conversions.md).
 *
 * `ad_clicks`: every click /click recorded, keyed by its random click id (the `{click_id}`
 * landing URL token), written by the batch writer in the same transaction as the click event.
 * Ids are copied, not foreign keys, like ad_events. `filter_reason` is set when the click was
 * filtered (invalid traffic, repeated, unbillable): such a click never converts.
 */
export const adClicks = pgTable(
  'ad_clicks',
  {
    clickId: text('click_id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull().default(0),
    zoneId: integer('zone_id').notNull(),
    websiteId: integer('website_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    country: text('country').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    device: smallint('device').notNull(),
    filterReason: text('filter_reason'),
    /** A click made by "Send a test conversion": its conversions are test ones. */
    test: boolean('test').notNull().default(false),
  },
  (t) => [index('ad_clicks_at_idx').on(t.at)],
);

/** Per-campaign tracking settings; a campaign without a row has the default window. */
export const campaignTracking = pgTable(
  'campaign_tracking',
  {
    campaignId: integer('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    attributionDays: smallint('attribution_days').notNull().default(30),
  },
  (t) => [check('campaign_tracking_window', sql`${t.attributionDays} between 1 and 90`)],
);

/** A campaign's conversion goals: the postback's `goal` is the goal's name. */
export const conversionGoals = pgTable(
  'conversion_goals',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    defaultValueMicros: bigint('default_value_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversion_goals_campaign_name_uq').on(t.campaignId, t.name)],
);

/** The advertiser's postback secret (shown on the tracking panel, rotatable). */
export const conversionTokens = pgTable('conversion_tokens', {
  advertiserId: integer('advertiser_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attributed conversions, one per click and goal. The click's dimensions are copied and the
 * columns are named as in stats_hourly (`hour` = the conversion's UTC hour), so that a
 * report's filter and dimension expressions apply to both unchanged.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clickId: text('click_id').notNull(),
    goalId: integer('goal_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clickAt: timestamp('click_at', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    zoneId: integer('zone_id').notNull(),
    websiteId: integer('website_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    country: text('country').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    device: smallint('device').notNull(),
    valueMicros: bigint('value_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    /** 1 postback, 2 pixel. */
    source: smallint('source').notNull(),
    test: boolean('test').notNull().default(false),
  },
  (t) => [
    uniqueIndex('conversions_click_goal_uq').on(t.clickId, t.goalId),
    index('conversions_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);

/** Refused conversions per advertiser, UTC day and reason (the tracking panel's counts). */
export const conversionRefusals = pgTable(
  'conversion_refusals',
  {
    advertiserId: integer('advertiser_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.advertiserId, t.day, t.reason] })],
);

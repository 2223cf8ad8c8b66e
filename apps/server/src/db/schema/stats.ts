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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Raw delivery events (impressions and clicks), written in batches by the recorder and kept
 * EVENT_RETENTION_DAYS for the Performance tab. Ids are copied, not foreign keys: a batch must
 * never fail because an object was deleted while its events sat in the buffer, and events
 * outlive nothing they describe (the retention job removes them).
 */
export const adEvents = pgTable(
  'ad_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** 1 impression, 2 click. */
    kind: smallint('kind').notNull(),
    /** Random id of the impression a click belongs to (the click's own dedupe key). */
    impressionId: text('impression_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull().default(0),
    zoneId: integer('zone_id').notNull(),
    websiteId: integer('website_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    /** ISO 3166 alpha-2, 'XX' when unknown. */
    country: text('country').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    /** 1 desktop, 2 mobile. */
    device: smallint('device').notNull(),
    costMicros: bigint('cost_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    earningsMicros: bigint('earnings_micros', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    index('ad_events_campaign_at_idx').on(t.campaignId, t.at),
    index('ad_events_at_idx').on(t.at),
    // One billed click per impression, whoever sends it and however often.
    uniqueIndex('ad_events_click_once_uq').on(t.impressionId).where(sql`${t.kind} = 2`),
    check('ad_events_kind_valid', sql`${t.kind} in (1, 2)`),
  ],
);

/**
 * Hourly rollup every report reads (docs/architecture.md#traffic). One row per hour and
 * combination of campaign, creative, zone, country, os, browser and device; the recorder adds to it
 * with an upsert in the same transaction as the raw events and the money.
 */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    /** Start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull().default(0),
    zoneId: integer('zone_id').notNull(),
    websiteId: integer('website_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    country: text('country').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    /** 1 desktop, 2 mobile; 0 for hours recorded before the rollup kept the device (Unknown). */
    device: smallint('device').notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    costMicros: bigint('cost_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    earningsMicros: bigint('earnings_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * Of the impressions, those our tag could measure and those of them that were viewable
     * (docs/decisions/061-viewable-impressions.md), counted in the hour of the impression when
     * its view report is recorded.
     */
    measuredImpressions: bigint('measured_impressions', { mode: 'number' }).notNull().default(0),
    viewableImpressions: bigint('viewable_impressions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_hourly_pk',
      columns: [t.hour, t.campaignId, t.creativeId, t.zoneId, t.country, t.os, t.browser, t.device],
    }),
    index('stats_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
    index('stats_hourly_publisher_hour_idx').on(t.publisherId, t.hour),
    index('stats_hourly_campaign_hour_idx').on(t.campaignId, t.hour),
    index('stats_hourly_website_hour_idx').on(t.websiteId, t.hour),
  ],
);

/**
 * The hourly rollup folded into UTC days (docs/decisions/052-reports-at-scale.md): the same
 * combination without the hour, kept by the recorder in the same transaction as stats_hourly,
 * so that both always hold the same totals. Reports over whole UTC days read it. Its two
 * reading indexes, (advertiser_id, day) and (publisher_id, day), INCLUDE every column a report
 * reads, so that a report is an index-only scan of one account's contiguous entries instead of
 * one heap page per row; Drizzle's schema does not model INCLUDE, so they are written by hand in
 * drizzle/0021_stats_daily.sql (rebuilt with the viewability figures in 0024) and left out of
 * the schema and snapshots.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull().default(0),
    zoneId: integer('zone_id').notNull(),
    websiteId: integer('website_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    country: text('country').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    /** As in stats_hourly: 1 desktop, 2 mobile, 0 unknown (older hours). */
    device: smallint('device').notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    costMicros: bigint('cost_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    earningsMicros: bigint('earnings_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    /** As in stats_hourly: measured and viewable impressions, in the day of the impression. */
    measuredImpressions: bigint('measured_impressions', { mode: 'number' }).notNull().default(0),
    viewableImpressions: bigint('viewable_impressions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_pk',
      columns: [t.day, t.campaignId, t.creativeId, t.zoneId, t.country, t.os, t.browser, t.device],
    }),
  ],
);

/**
 * Running totals per campaign and UTC day, kept by the recorder in the batch transaction:
 * what the delivery engine reads for daily and total budgets after a restart, and what
 * campaign lists show without scanning the rollup.
 */
export const campaignSpendDaily = pgTable(
  'campaign_spend_daily',
  {
    campaignId: integer('campaign_id').notNull(),
    /** UTC day, 'YYYY-MM-DD'. */
    day: text('day').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    costMicros: bigint('cost_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Measured and viewable impressions of the day (the campaign's viewability over its history). */
    measuredImpressions: bigint('measured_impressions', { mode: 'number' }).notNull().default(0),
    viewableImpressions: bigint('viewable_impressions', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'campaign_spend_daily_pk', columns: [t.campaignId, t.day] })],
);

/**
 * View reports recorded (docs/decisions/061-viewable-impressions.md): one row per impression
 * our tag measured (`viewable` false) and one more once it was viewable (`viewable` true),
 * inserted by the batch writer in the batch's transaction. A report whose row exists already
 * (sent again, replayed, or recorded by a concurrent batch, whose commit the insert waits for)
 * counts nothing. Kept a little past VIEW_REPORT_TTL_HOURS: an older report is refused by its
 * token's time before it reaches the writer.
 */
export const impressionViews = pgTable(
  'impression_views',
  {
    impressionId: text('impression_id').notNull(),
    viewable: boolean('viewable').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'impression_views_pk', columns: [t.impressionId, t.viewable] }),
    index('impression_views_recorded_at_idx').on(t.recordedAt),
  ],
);

/**
 * Running totals per website and UTC day, kept by the recorder in the batch transaction: what
 * the websites list shows without scanning the rollup (a big publisher has millions of rows).
 */
export const websiteEarningsDaily = pgTable(
  'website_earnings_daily',
  {
    websiteId: integer('website_id').notNull(),
    /** UTC day, 'YYYY-MM-DD'. */
    day: text('day').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    earningsMicros: bigint('earnings_micros', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ name: 'website_earnings_daily_pk', columns: [t.websiteId, t.day] })],
);

/**
 * Filtered traffic (docs/decisions/019-invalid-traffic.md): impressions and clicks that were
 * answered but never billed, per UTC hour, object and reason (a FilterReason code of the
 * contract: invalid traffic, or a budget/state/balance rule at billing time). Written by the
 * recorder in the batch transaction; never money, never in stats_hourly.
 */
export const filteredHourly = pgTable(
  'filtered_hourly',
  {
    /** Start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull().default(0),
    zoneId: integer('zone_id').notNull(),
    websiteId: integer('website_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    /** ISO 3166 alpha-2, 'XX' when unknown; os and browser as the rollup has them. */
    country: text('country').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    /** As in stats_hourly: 1 desktop, 2 mobile, 0 unknown (older hours). */
    device: smallint('device').notNull().default(0),
    reason: text('reason').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'filtered_hourly_pk',
      columns: [t.hour, t.campaignId, t.creativeId, t.zoneId, t.country, t.os, t.browser, t.device, t.reason],
    }),
    index('filtered_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
    index('filtered_hourly_publisher_hour_idx').on(t.publisherId, t.hour),
    index('filtered_hourly_zone_hour_idx').on(t.zoneId, t.hour),
  ],
);

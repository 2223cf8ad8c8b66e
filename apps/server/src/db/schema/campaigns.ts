import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An uploaded file (banner, native thumbnail or cover). Checked by content on upload; the
 * bytes live in the storage adapter under `storageKey` (random, served at /uploads/<key>).
 */
export const uploads = pgTable(
  'uploads',
  {
    /** Random public id, the `resource` creatives refer to. */
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'banner' | 'thumbnail' | 'cover'. */
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The slot the file fills ('300x250' for a 600x500 Retina banner). */
    size: text('size').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId), uniqueIndex('uploads_storage_key_uq').on(t.storageKey)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'display' | 'native' | 'application' | 'popunder'. */
    kind: text('kind').notNull(),
    /** docs/product/campaigns.md#statuses-and-actions: 0 pending, 1 delivering, 2 paused, 3 rejected, 4 out of funds, 5 limit reached, 8 delivered, 9 archived. */
    status: smallint('status').notNull().default(0),
    /** Managed by an account manager: status changes only. */
    isLocked: boolean('is_locked').notNull().default(false),
    /** Set when an operator approves; cleared when an edit sends the campaign back to review. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    priceMicros: bigint('price_micros', { mode: 'bigint' }).notNull(),
    paymentMode: smallint('payment_mode').notNull().default(0),
    trafficType: smallint('traffic_type').notNull().default(0),
    landingUrl: text('landing_url').notNull(),
    runAfterApproval: boolean('run_after_approval').notNull().default(true),
    dailyBudgetMicros: bigint('daily_budget_micros', { mode: 'bigint' }).notNull(),
    throttleBudget: boolean('throttle_budget').notNull().default(false),
    budgetFlag: boolean('budget_flag').notNull().default(false),
    budgetMicros: bigint('budget_micros', { mode: 'bigint' }),
    capping: smallint('capping').notNull().default(0),
    cappingTime: integer('capping_time').notNull().default(0),
    device: smallint('device').notNull().default(3),
    /** ISO codes; empty means every country. */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    category: integer('category').notNull(),
    excludeFlag: boolean('exclude_flag').notNull().default(true),
    excludeList: jsonb('exclude_list').$type<string[]>().notNull().default([]),
    /** '<id>,<random>': the public preview link. */
    permalink: text('permalink').notNull(),
    sharingEnabled: boolean('sharing_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_owner_status_idx').on(t.ownerId, t.status),
    uniqueIndex('campaigns_permalink_uq').on(t.permalink),
    check('campaigns_status_valid', sql`${t.status} in (0, 1, 2, 3, 4, 5, 8, 9)`),
    check('campaigns_kind_valid', sql`${t.kind} in ('display', 'native', 'application', 'popunder')`),
    check('campaigns_price_nonnegative', sql`${t.priceMicros} >= 0`),
  ],
);

/** A banner (upload + size) or a native ad (texts + thumbnail + cover) of a campaign. */
export const creatives = pgTable(
  'creatives',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Ad format of docs/product/campaigns.md#creatives (1 banner, 4 native, 6 native app). */
    format: smallint('format').notNull(),
    /** 'WxH' slot for banners; '' for native ads. */
    size: text('size').notNull().default(''),
    name: text('name').notNull().default(''),
    /** The banner, or the native cover. */
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id),
    thumbnailUploadId: text('thumbnail_upload_id').references(() => uploads.id),
    title: text('title'),
    smallDescription: text('small_description'),
    longDescription: text('long_description'),
    callToAction: text('call_to_action'),
    destinationWebsite: text('destination_website'),
    serviceName: text('service_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('creatives_campaign_idx').on(t.campaignId)],
);

/** The advertiser's global blacklist (zone ids or domains), one row per advertiser. */
export const campaignBlacklists = pgTable('campaign_blacklists', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A creation wizard's draft per advertiser and kind (fields, activeStep, uploads). */
export const campaignDrafts = pgTable(
  'campaign_drafts',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_drafts_owner_kind_uq').on(t.ownerId, t.kind)],
);

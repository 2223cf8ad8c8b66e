import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A publisher's website (docs/product/websites.md#data Website). `domain` is the normalised host the publisher
 * is known by (one row per publisher and domain); the verification token proves ownership.
 */
export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    /** 0 pending, 1 active (approved), 2 paused, 3 denied, 4 fraud denied, 9 archived. */
    status: smallint('status').notNull().default(0),
    /** Ids of ad categories the publisher does not want on this website. */
    excludedCategoryIds: integer('excluded_category_ids').array().notNull().default(sql`'{}'::integer[]`),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('websites_owner_domain_uq').on(t.ownerId, t.domain),
    index('websites_owner_idx').on(t.ownerId, t.status, t.createdAt),
    check('websites_status_valid', sql`${t.status} in (0, 1, 2, 3, 4, 9)`),
  ],
);

/** An ad zone (tag) of a website: one per format and size the network sells. */
export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Public, random id used in ad codes and as the key of alias updates. */
    unique: text('unique').notNull(),
    alias: text('alias').notNull(),
    /** Ad format of docs/product/campaigns.md#data (0 popunder ... 6 native app). */
    format: smallint('format').notNull(),
    /** 'WxH' for banners, null otherwise. */
    size: text('size'),
    /** 0 pending, 1 active, 2 paused, 3 denied, 4 fraud denied, 5 disabled, 9 archived. */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('zones_unique_uq').on(t.unique),
    index('zones_website_idx').on(t.websiteId),
    check('zones_status_valid', sql`${t.status} in (0, 1, 2, 3, 4, 5, 9)`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { websites } from './websites';

/**
 * A publisher as a seller of ours (docs/decisions/059-sellers-json-and-ads-txt.md): the
 * seller id that our /sellers.json, their ads.txt line and the SupplyChain object of their
 * impressions carry, and whether /sellers.json names them. The id is random (64 bits from
 * gen_random_uuid), so it says nothing about the account, and never changes once written.
 * A publisher gets the row the first time their seller id is needed.
 */
export const publisherSellers = pgTable(
  'publisher_sellers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 16)`),
    /**
     * Whether sellers.json omits the publisher's name and domain, as the publisher chose; null
     * until they choose: a company (the billing details' company name) is then named, a person
     * is confidential (a private person's name is published only when they ask for it).
     */
    confidential: boolean('confidential'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('publisher_sellers_seller_id_uq').on(t.sellerId)],
);

/**
 * The last ads.txt check of a website (docs/product/websites.md#adstxt): what the site's
 * /ads.txt said about our line, why, and when. One row per website, replaced by each check
 * (the daily job's and the publisher's own).
 */
export const websiteAdsTxt = pgTable(
  'website_ads_txt',
  {
    websiteId: integer('website_id')
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** 'present' | 'missing' | 'wrong' (AdsTxtStatus in the contract). */
    status: text('status').notNull(),
    /** Why, as a code of ADS_TXT_REASONS in the contract. */
    reason: text('reason').notNull(),
    /** A 'wrong' result's line as the file has it (at most 300 characters). */
    line: text('line'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('website_ads_txt_status_valid', sql`${t.status} in ('present', 'missing', 'wrong')`),
    index('website_ads_txt_checked_idx').on(t.checkedAt),
  ],
);

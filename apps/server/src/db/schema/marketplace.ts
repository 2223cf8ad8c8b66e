import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerHolds } from './ledger';
import { payments } from './payments';
import { users } from './users';

/**
 * The marketplace (docs/product/marketplace.md#listings; docs/decisions/018-marketplace.md): listings sold by the
 * network or by publishers, each account's wishlist and cart, orders paid into escrow and
 * their items fulfilled one by one, and packages of listings.
 */

export type ListingMetadata = { logo: string | null; attributes: Record<string, string>; features: string[] };

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    /** Public id (URLs, the API). */
    unique: text('unique').notNull(),
    /** The selling publisher; null for the network's own listings. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** 0 Press Release ... 9 Text Ads (LISTING_CATEGORIES). */
    category: smallint('category').notNull(),
    niches: text('niches').array().notNull().default(sql`'{}'::text[]`),
    language: text('language').notNull().default('English'),
    /** Host name of the website the placement appears on, if any. */
    website: text('website'),
    /** Upload keys or URLs under /uploads (never hot-linked). */
    image: text('image').notNull(),
    cover: text('cover'),
    icon: text('icon'),
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    priceMicros: bigint('price_micros', { mode: 'bigint' }).notNull(),
    /** Percent off the price, 0-90. */
    discount: smallint('discount').notNull().default(0),
    sticky: boolean('sticky').notNull().default(false),
    featured: integer('featured').notNull().default(0),
    /** 0 pending (requested), 1 active, 2 rejected, 9 archived (ListingStatus). */
    status: smallint('status').notNull().default(0),
    rejectReason: text('reject_reason'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** Attribute name -> value (LISTING_ATTRIBUTE keys). */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    metadata: jsonb('metadata')
      .$type<ListingMetadata>()
      .notNull()
      .default({ logo: null, attributes: {}, features: [] }),
    turnaroundDays: smallint('turnaround_days').notNull().default(3),
    samplePostUrl: text('sample_post_url'),
    /**
     * Trending score: views, wishlist adds and orders of recent days with decay, refreshed
     * from listing_activity (modules/marketplace). Sorting reads it; it is never a constant.
     */
    trending: numeric('trending', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listings_unique_uq').on(t.unique),
    index('listings_status_trending_idx').on(t.status, t.trending),
    index('listings_status_price_idx').on(t.status, t.priceMicros),
    index('listings_status_created_idx').on(t.status, t.createdAt),
    index('listings_owner_idx').on(t.ownerId),
    check('listings_category_valid', sql`${t.category} between 0 and 9`),
    check('listings_status_valid', sql`${t.status} in (0, 1, 2, 9)`),
    check('listings_discount_valid', sql`${t.discount} between 0 and 90`),
    check('listings_price_positive', sql`${t.priceMicros} > 0`),
  ],
);

/** Per listing and day: what trending is computed from. */
export const listingActivity = pgTable(
  'listing_activity',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    wishlistAdds: integer('wishlist_adds').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

/**
 * Which account viewed which listing on which day: a view counts towards trending at most once
 * per account, listing and day. Rows older than two days are deleted by the trending job.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.listingId, t.userId] })],
);

/** Searches typed into the instant search (for 'Others also searched for:'). */
export const marketplaceSearches = pgTable(
  'marketplace_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased, trimmed. */
    query: text('query').notNull(),
    results: integer('results').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_searches_created_idx').on(t.createdAt)],
);

/** Each account's marketplace preferences (results view). */
export const marketplacePreferences = pgTable('marketplace_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  view: text('view').notNull().default('grid'),
});

/** One 'general' wishlist per account (docs/product/marketplace.md#api), named by `unique`. */
export const wishlists = pgTable(
  'wishlists',
  {
    id: serial('id').primaryKey(),
    unique: text('unique').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlists_unique_uq').on(t.unique), uniqueIndex('wishlists_user_uq').on(t.userId)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    wishlistId: integer('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wishlistId, t.listingId] })],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);

/** Packages of listings sold at one price (Press Release, KOL Spotlight, Visibility Boost). */
export const marketplacePackages = pgTable(
  'marketplace_packages',
  {
    id: serial('id').primaryKey(),
    unique: text('unique').notNull(),
    /** 0 Press Release, 1 KOL Spotlight, 2 Visibility Boost (PACKAGE_TYPES). */
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceMicros: bigint('price_micros', { mode: 'bigint' }).notNull(),
    metadata: jsonb('metadata')
      .$type<{ features: string[]; attributes: Record<string, string> }>()
      .notNull()
      .default({ features: [], attributes: {} }),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_packages_unique_uq').on(t.unique),
    check('marketplace_packages_type_valid', sql`${t.type} between 0 and 2`),
    check('marketplace_packages_price_positive', sql`${t.priceMicros} > 0`),
  ],
);

export const marketplacePackageListings = pgTable(
  'marketplace_package_listings',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => marketplacePackages.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.listingId] })],
);

/**
 * An order: its payment state (OrderStatus: 0 pending, 1 completed = paid, 2 processing = a
 * card or crypto payment is open, 3 denied = canceled, 6 archived). Each item's fulfilment is
 * separate (marketplace_order_items.state).
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: serial('id').primaryKey(),
    unique: text('unique').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    livechat: text('livechat').notNull().default(''),
    targetUrl: text('target_url'),
    packageId: integer('package_id').references(() => marketplacePackages.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(0),
    totalMicros: bigint('total_micros', { mode: 'bigint' }).notNull(),
    /** 'wallet' | 'crypto' | 'card' once paid (or while a payment is open). */
    paymentMethod: text('payment_method'),
    /** The open or last card/crypto payment. */
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_orders_unique_uq').on(t.unique),
    index('marketplace_orders_buyer_idx').on(t.buyerId, t.createdAt),
    check('marketplace_orders_status_valid', sql`${t.status} in (0, 1, 2, 3, 6)`),
    check('marketplace_orders_total_positive', sql`${t.totalMicros} > 0`),
  ],
);

export type ProofCheckRecord = {
  checkedAt: string;
  live: boolean;
  httpStatus: number | null;
  linksToTarget: boolean | null;
  rel: 'dofollow' | 'nofollow' | 'sponsored' | 'ugc' | null;
  broken: boolean;
  problem: string | null;
};

/**
 * One listing of an order, fulfilled on its own (escrow): pending -> accepted -> delivered ->
 * completed, or denied / expired (refunded). Its money is one ledger hold into
 * marketplace escrow, posted and split on completion or voided on refund.
 */
export const marketplaceOrderItems = pgTable(
  'marketplace_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    /** The listing's owner when ordered; null = the network fulfils it. */
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'restrict' }),
    /** What the buyer pays for this item (after discount), fixed at order time. */
    priceMicros: bigint('price_micros', { mode: 'bigint' }).notNull(),
    /** The network's commission percent, fixed at payment time (configuration). */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' }),
    state: text('state').notNull().default('pending'),
    holdId: bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id, { onDelete: 'restrict' }),
    acceptBy: timestamp('accept_by', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    deliverBy: timestamp('deliver_by', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    proofUrl: text('proof_url'),
    deliveryDate: date('delivery_date'),
    proofCheck: jsonb('proof_check').$type<ProofCheckRecord>(),
    completeBy: timestamp('complete_by', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deniedAt: timestamp('denied_at', { withTimezone: true }),
    denyReason: text('deny_reason'),
    refundedMicros: bigint('refunded_micros', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_order_items_order_idx').on(t.orderId),
    index('marketplace_order_items_seller_idx').on(t.sellerId, t.state),
    index('marketplace_order_items_listing_idx').on(t.listingId),
    index('marketplace_order_items_timers_idx').on(t.state, t.acceptBy, t.completeBy),
    check(
      'marketplace_order_items_state_valid',
      sql`${t.state} in ('pending', 'accepted', 'delivered', 'completed', 'denied', 'expired')`,
    ),
    check('marketplace_order_items_price_positive', sql`${t.priceMicros} > 0`),
  ],
);

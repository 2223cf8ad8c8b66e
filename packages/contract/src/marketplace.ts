import { z } from 'zod';
import {
  ITEM_STATES,
  LINK_RELS,
  LISTING_LANGUAGES,
  LISTING_NICHES,
  LISTING_SORTS,
  LISTING_VIEWS,
  ListingStatus,
  MARKETPLACE_LIMITS as L,
  MARKETPLACE_MESSAGES as M,
  OrderStatus,
} from './marketplace-messages';
import { money, moneyInput } from './money-schema';

/**
 * Request and response schemas of the marketplace API (docs/product/marketplace.md#listings, #request-a-listing, #api;
 * docs/decisions/018-marketplace.md). Money is in euros (numbers with at most 2 decimals) on
 * the dashboard's wire, exact decimal strings under /api/v1 for the fields marked `money()`
 * (money-schema.ts), and micro-euros in the database; the server converts with money.ts.
 *
 * Public ids: listings, orders, packages and the wishlist are named by `unique`, a short
 * random string; order items by their numeric `id` (only ever shown inside their order).
 */
export * from './marketplace-messages';

export const UniqueSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);
export const UniqueParamsSchema = z.object({ unique: UniqueSchema });
export const ItemIdParamsSchema = z.object({
  unique: UniqueSchema,
  itemId: z.coerce.number<string | number>().int().positive().max(2_147_483_647),
});
export const SellingItemParamsSchema = z.object({
  itemId: z.coerce.number<string | number>().int().positive().max(2_147_483_647),
});

export const ListingCategorySchema = z.number().int().min(0).max(9);
export const ListingNicheSchema = z.enum(LISTING_NICHES);
export const ListingLanguageSchema = z.enum(LISTING_LANGUAGES);
export const ListingSortSchema = z.enum(LISTING_SORTS);
export const ListingViewSchema = z.enum(LISTING_VIEWS);
export const ListingStatusSchema = z.literal(Object.values(ListingStatus));
export const OrderStatusSchema = z.literal(Object.values(OrderStatus));
export const ItemStateSchema = z.enum(ITEM_STATES);
export const YesNoFilterSchema = z.enum(['YES', 'NO']);

// ---- Listings ----------------------------------------------------------------------------

/** One listing as rows, cards, the wishlist and the cart show it. */
export const ListingCardSchema = z.object({
  unique: z.string(),
  title: z.string(),
  /** URL of the listing's image (served by us; never hot-linked). */
  image: z.string(),
  icon: z.string().nullable(),
  category: ListingCategorySchema,
  niches: z.array(z.string()),
  language: z.string(),
  /** The website the placement appears on (a host name), when it is on one. */
  website: z.string().nullable(),
  /** Euros before the discount. */
  price: money(),
  /** Percent, 0 when none. */
  discount: z.number(),
  /** Euros the buyer pays: price less the discount, rounded to the cent. */
  finalPrice: money(),
  sticky: z.boolean(),
  featured: z.number().int(),
  /** Attribute name (LISTING_ATTRIBUTE) -> value ('Yes', 'No', a URL, a language). */
  attributes: z.record(z.string(), z.string()),
  /** Trust figures buyers choose by. */
  turnaroundDays: z.number().int(),
  /** Percent of this listing's paid items completed (null before its first finished item). */
  completionRate: z.number().nullable(),
  /** Who sells it: the network itself or a publisher (named by its listing's website). */
  seller: z.enum(['platform', 'publisher']),
});
export type ListingCard = z.infer<typeof ListingCardSchema>;

export const ListingMetadataSchema = z.object({
  logo: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  features: z.array(z.string()),
});

/** GET /marketplace/listings/{id}. */
export const ListingDetailSchema = ListingCardSchema.extend({
  cover: z.string().nullable(),
  /** Sanitised HTML (the server keeps a safe subset of tags and attributes). */
  description: z.string(),
  gallery: z.array(z.string()),
  metadata: ListingMetadataSchema,
  samplePostUrl: z.string().nullable(),
  status: ListingStatusSchema,
  inWishlist: z.boolean(),
  inCart: z.boolean(),
});
export type ListingDetail = z.infer<typeof ListingDetailSchema>;

/**
 * The search state of docs/product/marketplace.md#search-and-filters as the API takes it (POST /marketplace/listings and
 * /available). Lists filter with OR inside a list and AND across lists; `q` searches title
 * and description (full-text and trigram).
 */
export const ListingFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.array(ListingCategorySchema).max(10).optional(),
  website: z.array(z.string().trim().min(1).max(255)).max(50).optional(),
  language: z.array(ListingLanguageSchema).max(20).optional(),
  minPrice: moneyInput(z.number().min(0).max(10_000_000)).optional(),
  maxPrice: moneyInput(z.number().min(0).max(10_000_000)).optional(),
  dofollowLinks: YesNoFilterSchema.optional(),
  gamblingAllowed: YesNoFilterSchema.optional(),
  indexedArticle: YesNoFilterSchema.optional(),
});
export type ListingFilter = z.infer<typeof ListingFilterSchema>;

export const ListingSearchSchema = ListingFilterSchema.extend({
  /** 1-based. */
  page: z.number().int().min(1).max(10_000).default(1),
  sort: ListingSortSchema.default('trending'),
});
export type ListingSearchInput = z.input<typeof ListingSearchSchema>;

export const ListingSearchResultSchema = z.object({
  /** docs/product/marketplace.md#api: a map keyed by listing id. */
  listings: z.record(z.string(), ListingCardSchema),
  /** The keys of `listings` in the order asked for. */
  order: z.array(z.string()),
  resultCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListingSearchResult = z.infer<typeof ListingSearchResultSchema>;

export const AvailableCountSchema = z.object({ count: z.number().int() });

/** GET /marketplace/listingStats: the filter panel's summary. */
export const ListingStatsSchema = z.object({
  total: z.number().int(),
  /** Category id (as a string key) -> active listings. */
  totalByCategory: z.record(z.string(), z.number().int()),
  totalByLanguage: z.record(z.string(), z.number().int()),
  /** The lowest and highest price of the active listings, euros. */
  minimumAndMaximum: z.object({ minimum: money(), maximum: money() }),
});
export type ListingStats = z.infer<typeof ListingStatsSchema>;

export const PreferredWebsitesSchema = z.object({ websites: z.array(z.string()) });

/** GET /marketplace/listings/homepage: one row per category with listings, trending first. */
export const HomepageSchema = z.object({
  rows: z.array(
    z.object({ category: ListingCategorySchema, total: z.number().int(), listings: z.array(ListingCardSchema) }),
  ),
  /** The dashboard's teaser (6 items). */
  teaser: z.array(ListingCardSchema),
});
export type Homepage = z.infer<typeof HomepageSchema>;

/** POST /marketplace/listings/{id}/: similar listings (body number 5 and sort trending: docs/product/marketplace.md#listing-detail). */
export const SimilarInputSchema = z.object({
  number: z.number().int().min(1).max(20).default(5),
  sort: ListingSortSchema.default('trending'),
});
export const ListingListSchema = z.object({ listings: z.array(ListingCardSchema) });
export type ListingList = z.infer<typeof ListingListSchema>;

export const InstantSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
/** GET /marketplace/instantSearchFocus: what others searched for (from recorded searches). */
export const InstantSearchFocusSchema = z.object({
  searches: z.array(z.string()),
  listings: z.array(ListingCardSchema),
});
export const DisplayViewSchema = z.object({ view: ListingViewSchema });
export const DisplayViewInputSchema = z.object({ view: ListingViewSchema });

// ---- Packages ----------------------------------------------------------------------------

export const PackageSummarySchema = z.object({
  unique: z.string(),
  type: z.number().int().min(0).max(2),
  title: z.string(),
  price: money(),
  metadata: z.object({ features: z.array(z.string()), attributes: z.record(z.string(), z.string()) }),
  listingCount: z.number().int(),
});
export type PackageSummary = z.infer<typeof PackageSummarySchema>;
/** GET /marketplace/buckets: packages grouped by type id (as a string key), each keyed by package id. */
export const PackagesSchema = z.object({
  packages: z.record(z.string(), z.record(z.string(), PackageSummarySchema)),
});
export const PackageDetailSchema = PackageSummarySchema.extend({
  description: z.string(),
  listings: z.array(ListingCardSchema),
  /** The top 3 publishers of the package by listings featured. */
  featuredPublishers: z.array(
    z.object({ name: z.string(), website: z.string().nullable(), listings: z.number().int() }),
  ),
});
export type PackageDetail = z.infer<typeof PackageDetailSchema>;
export const PackageOrderInputSchema = z.object({ unique: UniqueSchema });
export const OrderCreatedSchema = z.object({ unique: z.string() });
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

// ---- Wishlist and cart -------------------------------------------------------------------

/** What happened to a listing the last time this account ordered it (the row's status badge). */
export const LastOrderSchema = z
  .object({
    order: z.string(),
    state: ItemStateSchema,
    proofUrl: z.string().nullable(),
    deliveryDate: z.string().nullable(),
  })
  .nullable();
export const BasketItemSchema = ListingCardSchema.extend({
  /** Listings no longer active stay in the list, marked, and cannot be ordered. */
  available: z.boolean(),
  lastOrder: LastOrderSchema,
});
export type BasketItem = z.infer<typeof BasketItemSchema>;

export const ListingIdsSchema = z.object({
  listings: z.array(UniqueSchema).min(1).max(100),
});
export const OptionalListingIdsSchema = z.object({ listings: z.array(UniqueSchema).max(100).optional() }).optional();

export const WishlistSchema = z.object({ unique: z.string(), listings: z.array(BasketItemSchema) });
export type Wishlist = z.infer<typeof WishlistSchema>;
export const CartSchema = z.object({ listings: z.array(BasketItemSchema) });
export type Cart = z.infer<typeof CartSchema>;

// ---- Orders ------------------------------------------------------------------------------

const httpUrl = (message: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), { error: message });

/** The Order Details form of the wishlist and the cart (docs/product/marketplace.md#wishlist-and-cart). */
export const OrderFormSchema = z.object({
  email: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required, abort: true })
    .max(L.orderEmailMax, { error: M.emailTooLong, abort: true })
    .pipe(z.email({ error: M.emailInvalid })),
  /** Telegram or Skype account (skypeOrTelegram, sent as livechat: docs/product/marketplace.md#wishlist-and-cart). */
  livechat: z.string().trim().max(L.orderLivechatMax, { error: M.livechatTooLong }).optional().default(''),
  /** The page the placements should link to (ours: lets the server check delivered links). */
  targetUrl: z
    .union([z.literal(''), httpUrl(M.targetUrlInvalid, L.targetUrlMax)])
    .optional()
    .default(''),
});
export type OrderFormInput = z.input<typeof OrderFormSchema>;
export const CreateOrderSchema = OrderFormSchema.extend({
  listings: z.array(UniqueSchema).min(1, { error: M.cartEmptyOrder }).max(100),
});
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;

/** What the server found at a proof URL. */
export const ProofCheckSchema = z.object({
  checkedAt: z.string(),
  /** The page answered 2xx with HTML. */
  live: z.boolean(),
  httpStatus: z.number().int().nullable(),
  /** A link to the order's target URL (same host and path) was found; null without a target URL. */
  linksToTarget: z.boolean().nullable(),
  /** The rel of that link: dofollow (no nofollow/sponsored/ugc), nofollow, sponsored or ugc. */
  rel: z.enum(LINK_RELS).nullable(),
  /** The page breaks what the listing promised (gone, no link, nofollow sold as dofollow): no automatic completion. */
  broken: z.boolean(),
  /** Why, in words both sides read. */
  problem: z.string().nullable(),
});
export type ProofCheck = z.infer<typeof ProofCheckSchema>;

export const OrderItemSchema = z.object({
  id: z.number().int(),
  listing: z.object({
    unique: z.string(),
    title: z.string(),
    category: ListingCategorySchema,
    niches: z.array(z.string()),
    image: z.string(),
  }),
  /** Euros this item cost (after discount, at the time of the order). */
  price: z.number(),
  state: ItemStateSchema,
  seller: z.enum(['platform', 'publisher']),
  /** ISO times of each step (null until it happens); `acceptBy` and `completeBy` are the timers. */
  acceptBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completeBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  deniedAt: z.string().nullable(),
  denyReason: z.string().nullable(),
  proofUrl: z.string().nullable(),
  /** ISO day the placement was published. */
  deliveryDate: z.string().nullable(),
  proofCheck: ProofCheckSchema.nullable(),
  /** Euros returned to the buyer's balance when denied or expired. */
  refunded: z.number().nullable(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSummarySchema = z.object({
  unique: z.string(),
  date: z.string(),
  /** Euros, the items' total. */
  price: z.number(),
  status: OrderStatusSchema,
  items: z.number().int(),
  /** The first item's title (the list's second line), or the package's title. */
  title: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
/** GET /marketplace/orders: a map of orders keyed by unique, newest first (docs/product/marketplace.md#api). */
export const OrderListSchema = z.object({
  orders: z.record(z.string(), OrderSummarySchema),
  order: z.array(z.string()),
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  email: z.string(),
  livechat: z.string(),
  targetUrl: z.string().nullable(),
  package: z.object({ unique: z.string(), title: z.string() }).nullable(),
  paymentMethod: z.enum(['wallet', 'crypto', 'card']).nullable(),
  paidAt: z.string().nullable(),
  /** Euros this order costs by crypto and by card (fees and VAT of the billing profile), for the pay options. */
  payOptions: z.object({
    wallet: z.object({ total: z.number(), enabled: z.boolean() }),
    crypto: z.object({ total: z.number(), fee: z.number(), vat: z.number() }),
    card: z.object({ total: z.number(), fee: z.number(), vat: z.number() }),
  }),
  /** Billing details complete: orders and payments need them (docs/product/marketplace.md#roles). */
  billingComplete: z.boolean(),
  listings: z.array(OrderItemSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const PayRedirectSchema = z.object({ url: z.string() });
export type PayRedirect = z.infer<typeof PayRedirectSchema>;

// ---- Selling (publishers) ----------------------------------------------------------------

export const MyListingSchema = ListingCardSchema.extend({
  status: ListingStatusSchema,
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  /** Items sold (paid), and of those completed. */
  sold: z.number().int(),
  completed: z.number().int(),
});
export type MyListing = z.infer<typeof MyListingSchema>;
export const MyListingsSchema = z.object({ listings: z.array(MyListingSchema) });

export const IncomingItemSchema = OrderItemSchema.extend({
  order: z.string(),
  orderDate: z.string(),
  buyerEmail: z.string(),
  buyerLivechat: z.string(),
  targetUrl: z.string().nullable(),
  /** Euros the seller receives on completion (price less the platform commission). */
  payout: z.number(),
});
export type IncomingItem = z.infer<typeof IncomingItemSchema>;
export const IncomingItemsSchema = z.object({ items: z.array(IncomingItemSchema) });

export const DenyItemSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired, abort: true })
    .max(L.rejectReasonMax),
});
export const DeliverItemSchema = z.object({
  proofUrl: httpUrl(M.proofUrlInvalid, L.proofUrlMax),
  /** ISO day of publication; today when omitted. */
  deliveryDate: z.iso.date().optional(),
});

// ---- Request a listing -------------------------------------------------------------------

/**
 * POST /marketplace/listings/new (docs/product/marketplace.md#request-a-listing). `icon.resource` is the thumbnail as a
 * data URL or bare base64; the server checks it by content (PNG, JPEG, GIF or WebP, exactly
 * 128x128, at most 300 KB).
 */
export const NewListingSchema = z.object({
  title: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required, abort: true })
    .max(L.listingTitleMax, { error: M.titleTooLong }),
  category: ListingCategorySchema.default(0),
  niches: z.array(ListingNicheSchema).min(1, { error: M.nicheRequired }).max(LISTING_NICHES.length),
  language: ListingLanguageSchema.default('English'),
  /** The publisher's asking price in euros (what buyers pay before any discount). */
  price: z
    .number({ error: M.priceRequired })
    .min(L.listingPriceMin, { error: M.priceRange })
    .max(L.listingPriceMax, { error: M.priceRange })
    // docs/product/marketplace.md#request-a-listing: currency inputs round to their decimals (cents).
    .transform((v) => Math.round(v * 100) / 100),
  icon: z.object({
    name: z.string().trim().min(1).max(255),
    /** At most 300 KB once decoded: 410,000 characters of base64 plus a data-URL prefix. */
    resource: z
      .string({ error: M.invalidFileFormat })
      .min(1, { error: M.invalidFileFormat })
      .max(420_000, { error: M.thumbnailTooLarge }),
  }),
  attributes: z
    .record(z.string().max(50), z.string().trim().max(L.socialFieldMax, { error: M.socialTooLong }))
    .default({}),
});
export type NewListingInput = z.input<typeof NewListingSchema>;

/**
 * The marketplace's rules, labels and texts (docs/product/marketplace.md#screens; docs/product/limits.md#marketplace), without zod so that screens
 * can import them on first load. Schemas live in marketplace.ts.
 */
import { LISTING_REQUESTS_PUBLISHER_ONLY, PUBLISHER_CANNOT_BUY } from './marketplace-role-messages';

/** The ten listing categories of docs/product/marketplace.md#listings, by id (the id is what the API carries). */
export const LISTING_CATEGORIES = [
  'Press Release',
  'Sponsored Article',
  'Organic Article',
  'Advertising',
  'Video Advertising',
  'Social Media Posts',
  'Buttons',
  'Banner Ads',
  'NewsLetters',
  'Text Ads',
] as const;
export type ListingCategoryName = (typeof LISTING_CATEGORIES)[number];
/** 0 Press Release ... 9 Text Ads. */
export type ListingCategoryId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export const LISTING_CATEGORY_IDS = LISTING_CATEGORIES.map((_, i) => i as ListingCategoryId);
export const categoryName = (id: number): string => LISTING_CATEGORIES[id] ?? 'Other';

/** Categories whose listings are articles: they carry the article-only attributes of docs/product/marketplace.md#listings. */
export const ARTICLE_CATEGORIES: readonly ListingCategoryId[] = [0, 1, 2];
/** The category whose listings carry the Youtube attribute. */
export const VIDEO_CATEGORY: ListingCategoryId = 4;

/** Niches a listing serves (docs/product/marketplace.md#listings: at least one). */
export const LISTING_NICHES = ['Blockchain & Crypto', 'Finance', 'Gambling'] as const;
export type ListingNiche = (typeof LISTING_NICHES)[number];

/** Languages a listing can be written in (the filter panel and the request form). */
export const LISTING_LANGUAGES = [
  'English',
  'German',
  'French',
  'Spanish',
  'Italian',
  'Portuguese',
  'Russian',
  'Turkish',
  'Japanese',
  'Korean',
  'Chinese',
  'Vietnamese',
] as const;
export type ListingLanguage = (typeof LISTING_LANGUAGES)[number];
export const DEFAULT_LISTING_LANGUAGE: ListingLanguage = 'English';

/** Attribute keys of docs/product/marketplace.md#listings (the API's attribute map is keyed by these exact names). */
export const LISTING_ATTRIBUTE = {
  gamblingAllowed: 'Gambling Allowed',
  twitter: 'Twitter',
  facebook: 'Facebook',
  linkedIn: 'LinkedIn',
  website: 'Website',
  language: 'Language',
  youtube: 'Youtube',
  dofollowLinksAllowed: 'Dofollow Links Allowed',
  nofollowLinksAllowed: 'Nofollow Links Allowed',
  uniqueArticle: 'Unique Article',
  googleNews: 'Google News',
  socialShare: 'Social Share',
  indexedArticle: 'Indexed Article',
} as const;
/** Yes/no attributes every listing has (defaults Yes in the request form). */
export const YES_NO_ATTRIBUTES = [LISTING_ATTRIBUTE.gamblingAllowed] as const;
/** Yes/no attributes only article categories have. */
export const ARTICLE_YES_NO_ATTRIBUTES = [
  LISTING_ATTRIBUTE.dofollowLinksAllowed,
  LISTING_ATTRIBUTE.nofollowLinksAllowed,
  LISTING_ATTRIBUTE.uniqueArticle,
  LISTING_ATTRIBUTE.googleNews,
  LISTING_ATTRIBUTE.socialShare,
  LISTING_ATTRIBUTE.indexedArticle,
] as const;
/** Free-text social attributes (max 100 each). */
export const SOCIAL_ATTRIBUTES = [
  LISTING_ATTRIBUTE.twitter,
  LISTING_ATTRIBUTE.facebook,
  LISTING_ATTRIBUTE.linkedIn,
  LISTING_ATTRIBUTE.website,
] as const;
export type YesNo = 'Yes' | 'No';

/** A listing's lifecycle: requested listings wait for an operator. */
export const ListingStatus = { Pending: 0, Active: 1, Rejected: 2, Archived: 9 } as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];

/** Sorts of the results screen (docs/product/marketplace.md#search-and-filters); default trending. */
export const LISTING_SORTS = ['newest', 'trending', 'lowtohigh', 'hightolow'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSort = 'trending';
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest',
  trending: 'Trending',
  lowtohigh: 'Price: Low to High',
  hightolow: 'Price: High to Low',
};
export const LISTING_VIEWS = ['grid', 'list'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

/** docs/product/limits.md#marketplace. */
export const MARKETPLACE_LIMITS = {
  pageSize: 18,
  dashboardTeaser: 6,
  instantSearchMax: 10,
  similar: 5,
  recentlyViewedKept: 5,
  recentlyViewedShown: 3,
  packageFeaturedPublishers: 3,
  packageShowAllAbove: 10,
  /** Searchable lists show their search box from this many items (docs/product/tables.md#search). */
  searchBoxFrom: 10,
  orderEmailMax: 50,
  orderLivechatMax: 50,
  listingTitleMax: 100,
  socialFieldMax: 100,
  thumbnailSize: 128,
  thumbnailMaxBytes: 300 * 1024,
  rejectReasonMax: 500,
  proofUrlMax: 2048,
  targetUrlMax: 2048,
  /** The asking price of a requested listing, in euros. */
  listingPriceMin: 1,
  listingPriceMax: 100_000,
} as const;

/**
 * Order payment state (docs/product/marketplace.md#paying-an-order, the numeric enumeration): 0 pending (waiting payment),
 * 1 completed (paid), 2 processing (a card or crypto payment is open), 3 denied (canceled),
 * 6 archived.
 */
export const OrderStatus = { Pending: 0, Completed: 1, Processing: 2, Denied: 3, Archived: 6 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
/** docs/product/marketplace.md#listings labels; any other value reads 'Archived'. */
export function orderStatusLabel(status: number): string {
  switch (status) {
    case OrderStatus.Pending:
      return 'Waiting Payment';
    case OrderStatus.Completed:
      return 'Completed';
    case OrderStatus.Processing:
      return 'Processing';
    case OrderStatus.Denied:
      return 'Canceled';
    default:
      return 'Archived';
  }
}

/**
 * Fulfilment state of one item of a paid order (escrow, docs/decisions/018-marketplace.md):
 * pending -> accepted -> delivered -> completed; pending or accepted -> denied (by the owner)
 * or expired (not accepted or not delivered in time); both refund the buyer.
 */
export const ITEM_STATES = ['pending', 'accepted', 'delivered', 'completed', 'denied', 'expired'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
/** The badge of docs/product/marketplace.md#listings (Pending, Completed, Denied) with our in-between steps named. */
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  delivered: 'Delivered',
  completed: 'Completed',
  denied: 'Denied',
  expired: 'Denied',
};

/** What the server found on the page a proof URL points to. */
export const LINK_RELS = ['dofollow', 'nofollow', 'sponsored', 'ugc'] as const;
export type LinkRel = (typeof LINK_RELS)[number];

/** Package types (docs/product/marketplace.md#packages tabs), by id. */
export const PACKAGE_TYPES = ['Press Release', 'KOL Spotlight', 'Visibility Boost'] as const;
export type PackageTypeId = 0 | 1 | 2;
/** The URL segment of each package tab: /packages/, /packages/kol-spotlight/, /packages/visibility-boost/. */
export const PACKAGE_TYPE_SLUGS = ['', 'kol-spotlight', 'visibility-boost'] as const;

/** Ways to pay an order (docs/product/marketplace.md#api: /pay/wallet, /pay/crypto, /pay/{card provider}). */
export const ORDER_PAY_METHODS = ['wallet', 'crypto', 'card'] as const;
export type OrderPayMethod = (typeof ORDER_PAY_METHODS)[number];

/** Quoted texts of docs/product/marketplace.md#screens, #orders, #request-a-listing, #roles, #messages and ours. */
export const MARKETPLACE_MESSAGES = {
  required: 'Please fill in this field.',
  emailTooLong: `The email can be at most ${MARKETPLACE_LIMITS.orderEmailMax} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  livechatTooLong: `The Telegram or Skype account can be at most ${MARKETPLACE_LIMITS.orderLivechatMax} characters.`,
  titleTooLong: `The title can be at most ${MARKETPLACE_LIMITS.listingTitleMax} characters.`,
  socialTooLong: `This field can be at most ${MARKETPLACE_LIMITS.socialFieldMax} characters.`,
  nicheRequired: 'Choose at least one niche.',
  thumbnailSize: 'You must upload the cover thumbnail as a 128x128 image size.',
  thumbnailTooLarge: 'The image could not be uploaded. The maximum image size is 300kb.',
  invalidFileFormat: 'Invalid file format.',
  noListings: 'No listings found',
  noListingsInstant: 'No listings found.',
  othersSearched: 'Others also searched for:',
  emptyWishlist: 'Your wishlist is empty.',
  emptyCart: 'Your shopping cart is empty.',
  browseListings: 'Browse our Listings',
  noOrders: 'No orders available',
  paymentSuccess: 'Payment Successful! Your payment has been received and will be processed shortly.',
  completeBilling: 'Complete your Billing Details!',
  cancelConfirm: 'Are you sure? You may not be able to revert this!',
  packageConfirm: 'Are you sure? Once submitted, the order cannot be changed.',
  orderPaid: 'Order successfully paid!',
  orderCanceled: 'Order successfully canceled!',
  orderSubmitted: 'Order submitted successfully!',
  listingCreated: 'Your listing has been created.',
  publisherCannotBuy: PUBLISHER_CANNOT_BUY,
  // Ours (not quoted by the product).
  listingNotFound: 'This listing does not exist or is no longer available.',
  orderNotFound: 'This order does not exist.',
  orderNotPending: 'Only an order waiting for payment can be paid or canceled.',
  cartEmptyOrder: 'Add at least one listing to order.',
  listingUnavailable: 'One of these listings is no longer available.',
  ownListing: 'You cannot order your own listing.',
  walletShort: 'Your balance is not sufficient to pay this order. Add funds or pay by card or cryptocurrency.',
  itemNotFound: 'This order item does not exist.',
  itemWrongState: 'This item cannot do that in its current state.',
  proofUrlInvalid: 'Enter the full address of the published page, starting with http:// or https://.',
  targetUrlInvalid: 'Enter the full address of the page to promote, starting with http:// or https://.',
  reasonRequired: 'Give a reason the buyer will read.',
  packageNotFound: 'This package does not exist.',
  listingRequestsPublisherOnly: LISTING_REQUESTS_PUBLISHER_ONLY,
  wishlistNotFound: 'This wishlist does not exist.',
  paymentInProgress: 'A payment of this order is being confirmed. Please wait until it completes.',
  // A delivered item whose proof check found a problem does not complete by itself (docs/decisions/018).
  reviewHeldBuyer:
    'It does not complete by itself while the check finds a problem: approve the delivery if you accept it as it is, or wait for the seller to deliver again. The page is checked again every day.',
  reviewHeldSeller:
    'It does not complete by itself while the check finds a problem: deliver again with a page that passes the check, or wait for the buyer to approve it. The page is checked again every day.',
  priceRequired: 'Enter the price of this listing in euros.',
  priceRange: `The price must be between €${MARKETPLACE_LIMITS.listingPriceMin} and €${MARKETPLACE_LIMITS.listingPriceMax.toLocaleString('en-GB')}.`,
  yesNoInvalid: 'Choose Yes or No.',
  deliveryDateFuture: 'The publication date cannot be in the future.',
  deliveryDateBeforeOrder: 'The publication date cannot be before the order was paid.',
  expiredNotAccepted: 'The seller did not accept this item in time. The amount is back in your balance.',
  expiredNotDelivered: 'The seller did not deliver this item in time. The amount is back in your balance.',
} as const;

/**
 * What a listing costs a buyer, in micro-euros: its price less its discount (whole percent),
 * rounded half up to the cent. The one computation the catalogue (finalPrice), the basket and
 * the order items (fixed at order time) share.
 */
export function finalPriceMicros(priceMicros: bigint, discountPercent: number): bigint {
  const keep = BigInt(100 - Math.round(discountPercent));
  // micro-euros x 100 -> cents: one cent is 10,000 micro-euros, so divide by 1,000,000.
  const cents = (priceMicros * keep + 500_000n) / 1_000_000n;
  return cents * 10_000n;
}

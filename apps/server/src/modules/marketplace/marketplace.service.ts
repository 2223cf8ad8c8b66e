/**
 * What other modules use of the marketplace catalogue (architecture: modules reach each other
 * through their services). The wishlist, the cart, orders and selling present listings as the
 * catalogue does, count wishlist adds and orders towards trending, and clean descriptions.
 */
export {
  type CardRow,
  cardColumns,
  completionRates,
  finalPriceSql,
  isActive,
  mediaUrl,
  presentCards,
  toCard,
} from './cards';
export { readableListing } from './listing.service';
export { sanitizeDescription } from './sanitize';
export { type ListingActivityCounts, recordListingActivity, refreshTrending } from './trending';

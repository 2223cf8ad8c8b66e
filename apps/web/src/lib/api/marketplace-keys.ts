/**
 * Query-key roots the two marketplace features share. Features do not import each other
 * (decision 012), yet a wishlist or cart change made on one screen must refresh the others:
 * the Add to Cart button of a listing (features/marketplace) and the header's cart count, the
 * wishlist and the cart (features/marketplace-orders). Each feature keeps its own key factory
 * and roots these entries here, so that either side invalidates the other by prefix.
 */
export const basketKeys = {
  /** Every query that shows the wishlist or the cart: invalidate after any change to either. */
  all: ['marketplace-basket'] as const,
  /** GET /marketplace/wishlist/general (the response as the server sends it). */
  wishlist: () => [...basketKeys.all, 'wishlist'] as const,
  /** GET /marketplace/cart (the response as the server sends it). */
  cart: () => [...basketKeys.all, 'cart'] as const,
};

/**
 * GET /marketplace/listings/{unique} (features/marketplace): a listing's detail carries
 * `inWishlist` and `inCart`, so a wishlist or cart change invalidates this root too.
 */
export const listingDetailKeys = {
  all: ['marketplace', 'listing'] as const,
  detail: (unique: string) => [...listingDetailKeys.all, unique] as const,
};

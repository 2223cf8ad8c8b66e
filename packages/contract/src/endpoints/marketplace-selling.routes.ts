import { CUSTOMER, defineRoutes } from '../endpoint';
import { LISTING_REQUESTS_PUBLISHER_ONLY } from '../marketplace-role-messages';

/** Selling in the marketplace (publishers): request listings, see them, fulfil their orders. */
const publisher = { roles: ['publisher'], forbidden: LISTING_REQUESTS_PUBLISHER_ONLY } as const;

export const marketplaceSellingRoutes = defineRoutes({
  requestListing: { method: 'POST', path: '/marketplace/listings/new', ...publisher },
  myListings: { method: 'GET', path: '/marketplace/selling/listings', ...publisher },
  incoming: { method: 'GET', path: '/marketplace/selling/items', ...publisher },
  accept: { method: 'POST', path: '/marketplace/selling/items/:itemId/accept', ...publisher },
  deny: { method: 'POST', path: '/marketplace/selling/items/:itemId/deny', ...publisher },
  deliver: { method: 'POST', path: '/marketplace/selling/items/:itemId/deliver', ...publisher, errors: [429] },
  /** Both account types read whether they can request listings (the sidebar card). */
  canSell: { method: 'GET', path: '/marketplace/selling', roles: CUSTOMER },
});

import type { ListingFilter, ListingSearchInput } from '@cryptads/contract/marketplace';
import { listingDetailKeys } from '../../../lib/api/marketplace-keys';

/**
 * Query keys of the catalogue. A listing's detail lives under the shared root of
 * lib/api/marketplace-keys.ts, because the wishlist and cart screens invalidate it.
 */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  stats: () => [...marketplaceKeys.all, 'stats'] as const,
  websites: () => [...marketplaceKeys.all, 'websites'] as const,
  homepage: () => [...marketplaceKeys.all, 'homepage'] as const,
  search: (input: ListingSearchInput) => [...marketplaceKeys.all, 'search', input] as const,
  available: (filter: ListingFilter) => [...marketplaceKeys.all, 'available', filter] as const,
  listing: (unique: string) => listingDetailKeys.detail(unique),
  similar: (unique: string) => [...marketplaceKeys.all, 'similar', unique] as const,
  instantFocus: () => [...marketplaceKeys.all, 'instant-focus'] as const,
  instant: (q: string) => [...marketplaceKeys.all, 'instant', q] as const,
  displayView: () => [...marketplaceKeys.all, 'display-view'] as const,
  /** The account's wishlist id (never changes once the server created it). */
  wishlistId: () => [...marketplaceKeys.all, 'wishlist-id'] as const,
  toggle: (basket: 'wishlist' | 'cart', unique: string) => [...marketplaceKeys.all, 'toggle', basket, unique] as const,
};

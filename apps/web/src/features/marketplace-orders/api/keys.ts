import { basketKeys } from '../../../lib/api/marketplace-keys';

/**
 * Query keys of the buying and selling screens. The wishlist and the cart use the shared
 * `basketKeys` (the catalogue's buttons change them too); everything else is this feature's.
 */
export const marketplaceOrderKeys = {
  all: ['marketplace-orders'] as const,
  wishlist: basketKeys.wishlist,
  cart: basketKeys.cart,
  orders: () => [...marketplaceOrderKeys.all, 'orders'] as const,
  orderList: () => [...marketplaceOrderKeys.orders(), 'list'] as const,
  order: (unique: string) => [...marketplaceOrderKeys.orders(), 'detail', unique] as const,
  packages: () => [...marketplaceOrderKeys.all, 'packages'] as const,
  package: (unique: string) => [...marketplaceOrderKeys.packages(), unique] as const,
  selling: () => [...marketplaceOrderKeys.all, 'selling'] as const,
  sellingSummary: () => [...marketplaceOrderKeys.selling(), 'summary'] as const,
  myListings: () => [...marketplaceOrderKeys.selling(), 'listings'] as const,
  incoming: () => [...marketplaceOrderKeys.selling(), 'incoming'] as const,
};

import { CUSTOMER, defineRoutes } from '../endpoint';
import { PUBLISHER_CANNOT_BUY } from '../marketplace-role-messages';

/**
 * Wishlist, cart, orders and payment (docs/product/marketplace.md#api; docs/decisions/018-marketplace.md). Both
 * account types keep a wishlist and a cart and may place orders; only advertisers pay, and a
 * publisher who presses Pay Now reads the exact message of docs/product/marketplace.md#roles
 * (from payNow, before any way to pay is offered; the pay calls refuse the same way).
 */
const advertiserPays = {
  roles: ['advertiser'],
  forbidden: PUBLISHER_CANNOT_BUY,
} as const;

export const marketplaceOrderRoutes = defineRoutes({
  wishlist: { method: 'GET', path: '/marketplace/wishlist/general', roles: CUSTOMER },
  addToWishlist: { method: 'PUT', path: '/marketplace/wishlist/:unique', roles: CUSTOMER },
  removeFromWishlist: { method: 'PUT', path: '/marketplace/wishlist/:unique/deleteListings', roles: CUSTOMER },
  cart: { method: 'GET', path: '/marketplace/cart', roles: CUSTOMER },
  addToCart: { method: 'PUT', path: '/marketplace/cart', roles: CUSTOMER },
  removeFromCart: { method: 'DELETE', path: '/marketplace/cart', roles: CUSTOMER },
  orders: { method: 'GET', path: '/marketplace/orders', roles: CUSTOMER },
  order: { method: 'GET', path: '/marketplace/orders/:unique', roles: CUSTOMER },
  createOrder: { method: 'POST', path: '/marketplace/orders', roles: CUSTOMER, errors: [409] },
  cancelOrder: { method: 'DELETE', path: '/marketplace/orders/:unique', roles: CUSTOMER, errors: [409] },
  // Pay Now itself: a publisher is refused here, before choosing how to pay.
  payNow: { method: 'GET', path: '/marketplace/orders/:unique/pay', ...advertiserPays, errors: [409] },
  payWallet: { method: 'POST', path: '/marketplace/orders/:unique/pay/wallet', ...advertiserPays, errors: [402, 409] },
  payCrypto: { method: 'POST', path: '/marketplace/orders/:unique/pay/crypto', ...advertiserPays, errors: [409] },
  payCard: { method: 'POST', path: '/marketplace/orders/:unique/pay/card', ...advertiserPays, errors: [409] },
  approveItem: { method: 'POST', path: '/marketplace/orders/:unique/items/:itemId/approve', ...advertiserPays },
  orderPackage: { method: 'POST', path: '/marketplace/buckets/order', roles: CUSTOMER, errors: [409] },
});

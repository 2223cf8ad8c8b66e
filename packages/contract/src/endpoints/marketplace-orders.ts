import { defineEndpoints } from '../endpoint';
import {
  CartSchema,
  CreateOrderSchema,
  ItemIdParamsSchema,
  ListingIdsSchema,
  OptionalListingIdsSchema,
  OrderCreatedSchema,
  OrderDetailSchema,
  OrderListSchema,
  PackageOrderInputSchema,
  PayRedirectSchema,
  UniqueParamsSchema,
  WishlistSchema,
} from '../marketplace';
import { marketplaceOrderRoutes } from './marketplace-orders.routes';

const tag = 'marketplace orders';
const notYours = "Another account's order answers 404.";

export const marketplaceOrderEndpoints = defineEndpoints(marketplaceOrderRoutes, {
  wishlist: { tag, summary: 'The account’s wishlist (created on first read)', response: WishlistSchema },
  addToWishlist: {
    tag,
    summary: 'Add listings to the wishlist named `unique`; already there is not an error',
    description: "Another account's wishlist answers 404; an unknown or inactive listing 404.",
    params: UniqueParamsSchema,
    body: ListingIdsSchema,
    response: WishlistSchema,
  },
  removeFromWishlist: {
    tag,
    summary: 'Remove listings from the wishlist',
    params: UniqueParamsSchema,
    body: ListingIdsSchema,
    response: WishlistSchema,
  },
  cart: { tag, summary: 'The account’s cart', response: CartSchema },
  addToCart: { tag, summary: 'Add listings to the cart', body: ListingIdsSchema, response: CartSchema },
  removeFromCart: {
    tag,
    summary: 'Remove listings from the cart; without listings, empty it',
    body: OptionalListingIdsSchema,
    response: CartSchema,
  },
  orders: { tag, summary: 'The account’s orders, newest first', response: OrderListSchema },
  order: {
    tag,
    summary: 'One order with its items, their fulfilment and the pay options',
    description: notYours,
    params: UniqueParamsSchema,
    response: OrderDetailSchema,
  },
  createOrder: {
    tag,
    summary: 'Order listings (waiting payment); the ordered listings leave the cart',
    description: '409 when a listing is not active any more or belongs to the caller.',
    body: CreateOrderSchema,
    response: OrderCreatedSchema,
  },
  cancelOrder: {
    tag,
    summary: 'Cancel an order waiting payment (an open card or crypto payment is given up)',
    description: `${notYours} 409 when it is not waiting payment.`,
    params: UniqueParamsSchema,
    response: OrderDetailSchema,
  },
  payNow: {
    tag,
    summary: 'Pay Now: the order with its pay options as they stand now, before a way to pay is chosen',
    description: `${notYours} 403 for a publisher (publishers cannot shop); 409 when billing details are missing or the order is not waiting payment.`,
    params: UniqueParamsSchema,
    response: OrderDetailSchema,
  },
  payWallet: {
    tag,
    summary: 'Pay from the balance: the total is held in escrow until each item is delivered',
    description: `${notYours} 402 when the balance is short; 409 when not waiting payment. Paying twice charges once.`,
    params: UniqueParamsSchema,
    response: OrderDetailSchema,
  },
  payCrypto: {
    tag,
    summary: 'Open a cryptocurrency payment of the order (processing fee and VAT added); answers where to pay',
    description: `${notYours} 409 when billing details are missing or the order is not waiting payment; 502 when the provider cannot be reached.`,
    params: UniqueParamsSchema,
    response: PayRedirectSchema,
  },
  payCard: {
    tag,
    summary: 'Open a card payment of the order (the configured card provider; VAT added); answers where to pay',
    description: `${notYours} 409 when billing details are missing or the order is not waiting payment; 502 when the provider cannot be reached.`,
    params: UniqueParamsSchema,
    response: PayRedirectSchema,
  },
  approveItem: {
    tag,
    summary: 'The buyer approves a delivered item: it completes and the seller is paid',
    description: `${notYours} 409 when the item is not delivered.`,
    params: ItemIdParamsSchema,
    response: OrderDetailSchema,
  },
  orderPackage: {
    tag,
    summary: 'Order a package (waiting payment); answers the new order’s id',
    body: PackageOrderInputSchema,
    response: OrderCreatedSchema,
  },
});

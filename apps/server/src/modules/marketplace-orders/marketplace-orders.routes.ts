import { validatorCompiler } from 'fastify-type-provider-zod';
import { marketplaceOrderEndpoints as api } from '@cryptads/contract/endpoints/marketplace-orders';
import { type RouteExtras, route } from '../../lib/endpoint-routes';
import * as basket from './basket.service';
import { userFacingBaseUrl } from '../../lib/public-origin';
import { payByProvider, payNow, payWallet } from './order-payment.service';
import { cancelOrder, createOrder, listOrders, orderDetail, orderPackage } from './orders.service';

/**
 * The buyer's side of the marketplace (docs/product/marketplace.md#api): wishlist, cart, orders, paying and
 * package orders. `approveItem` is bound by modules/marketplace-fulfilment. Paths, roles and
 * schemas are in the contract.
 */
/**
 * DELETE /marketplace/cart may come without a body (empty the cart). Fastify hands a missing
 * body to the validator as null, which the contract's optional schema refuses: it is read as
 * no body at all, and then parsed by that schema like any other.
 */
const bodyMayBeAbsent: RouteExtras = {
  validatorCompiler: (route) => {
    // Every schema of the table is a zod schema.
    const compiled = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return route.httpPart === 'body' ? (data: unknown) => compiled(data === null ? undefined : data) : compiled;
  },
};

export const marketplaceOrderRoutes = [
  route(api.wishlist, async ({ ctx, auth }) => basket.wishlist(ctx.db, auth.user.id)),
  route(api.addToWishlist, async ({ ctx, auth, params, body }) =>
    basket.addToWishlist(ctx.db, auth.user.id, params.unique, body.listings),
  ),
  route(api.removeFromWishlist, async ({ ctx, auth, params, body }) =>
    basket.removeFromWishlist(ctx.db, auth.user.id, params.unique, body.listings),
  ),
  route(api.cart, async ({ ctx, auth }) => basket.cart(ctx.db, auth.user.id)),
  route(api.addToCart, async ({ ctx, auth, body }) => basket.addToCart(ctx.db, auth.user.id, body.listings)),
  route(
    api.removeFromCart,
    async ({ ctx, auth, body }) => basket.removeFromCart(ctx.db, auth.user.id, body?.listings),
    bodyMayBeAbsent,
  ),
  route(api.orders, async ({ ctx, auth }) => listOrders(ctx.db, auth.user.id)),
  route(api.order, async ({ ctx, auth, params }) => orderDetail(ctx, auth.user, params.unique)),
  route(api.createOrder, async ({ ctx, auth, body }) => createOrder(ctx, auth.user, body)),
  route(api.cancelOrder, async ({ ctx, auth, params, request }) =>
    cancelOrder(ctx, auth.user, params.unique, request.log),
  ),
  route(api.payNow, async ({ ctx, auth, params }) => payNow(ctx, auth.user, params.unique)),
  route(api.payWallet, async ({ ctx, auth, params, request }) => payWallet(ctx, auth.user, params.unique, request.log)),
  route(api.payCrypto, async ({ ctx, auth, params, request }) =>
    payByProvider(ctx, auth.user, params.unique, 'crypto', request.log, userFacingBaseUrl(ctx.config, request)),
  ),
  route(api.payCard, async ({ ctx, auth, params, request }) =>
    payByProvider(ctx, auth.user, params.unique, 'card', request.log, userFacingBaseUrl(ctx.config, request)),
  ),
  route(api.orderPackage, async ({ ctx, auth, body }) => orderPackage(ctx, auth.user, body.unique)),
];

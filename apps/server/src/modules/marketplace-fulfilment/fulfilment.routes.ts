import { marketplaceOrderEndpoints as orders } from '@cryptads/contract/endpoints/marketplace-orders';
import { marketplaceSellingEndpoints as api } from '@cryptads/contract/endpoints/marketplace-selling';
import { route } from '../../lib/endpoint-routes';
import { orderDetail } from '../marketplace-orders/orders.service';
import { presentIncomingItem } from './item-view';
import { acceptItem, approveItem, deliverItem, denyItem } from './lifecycle';
import { canSell, incomingItems, myListings, requestListing } from './selling.service';

/**
 * Selling in the marketplace (publishers: request listings, see them, fulfil their paid items)
 * and the buyer's approval of a delivered item. Paths, roles and schemas are in the contract.
 */
export const marketplaceFulfilmentRoutes = [
  route(api.requestListing, ({ ctx, auth, body }) => requestListing(ctx, auth.user, body)),
  route(api.myListings, ({ ctx, auth }) => myListings(ctx.db, auth.user.id)),
  route(api.incoming, ({ ctx, auth }) => incomingItems(ctx, auth.user.id)),
  route(api.accept, async ({ ctx, auth, params }) =>
    presentIncomingItem(await acceptItem(ctx, { kind: 'seller', userId: auth.user.id }, params.itemId), ctx.config),
  ),
  route(api.deny, async ({ ctx, auth, params, body }) =>
    presentIncomingItem(
      await denyItem(ctx, { kind: 'seller', userId: auth.user.id }, params.itemId, body.reason),
      ctx.config,
    ),
  ),
  // Each delivery fetches an outside page: limited per IP like a website's ownership check.
  route(
    api.deliver,
    async ({ ctx, auth, params, body }) =>
      presentIncomingItem(
        await deliverItem(ctx, { kind: 'seller', userId: auth.user.id }, params.itemId, body),
        ctx.config,
      ),
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
  ),
  route(api.canSell, ({ ctx, auth }) => canSell(ctx.db, auth.user)),
  route(orders.approveItem, async ({ ctx, auth, params }) => {
    await approveItem(ctx, auth.user.id, params.unique, params.itemId);
    return orderDetail(ctx, auth.user, params.unique);
  }),
];

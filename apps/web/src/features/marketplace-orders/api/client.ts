import type { marketplaceEndpoints } from '@cryptads/contract/endpoints/marketplace';
import type { marketplaceOrderEndpoints } from '@cryptads/contract/endpoints/marketplace-orders';
import { marketplaceOrderRoutes } from '@cryptads/contract/endpoints/marketplace-orders.routes';
import type { marketplaceSellingEndpoints } from '@cryptads/contract/endpoints/marketplace-selling';
import { marketplaceSellingRoutes } from '@cryptads/contract/endpoints/marketplace-selling.routes';
import { marketplaceRoutes } from '@cryptads/contract/endpoints/marketplace.routes';
import { endpointClient } from '../../../lib/api-client';

/** Wishlist, cart, orders and payment (docs/product/marketplace.md#api), from the contract's endpoint table. */
export const ordersApi = endpointClient<typeof marketplaceOrderEndpoints>(marketplaceOrderRoutes);
/** Publishers' side: request a listing, my listings, incoming items. */
export const sellingApi = endpointClient<typeof marketplaceSellingEndpoints>(marketplaceSellingRoutes);
/** The catalogue's package reads (this feature shows the package screens). */
export const catalogueApi = endpointClient<typeof marketplaceEndpoints>(marketplaceRoutes);

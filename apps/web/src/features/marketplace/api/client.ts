import type { marketplaceEndpoints } from '@cryptads/contract/endpoints/marketplace';
import { marketplaceRoutes } from '@cryptads/contract/endpoints/marketplace.routes';
import type { marketplaceOrderEndpoints } from '@cryptads/contract/endpoints/marketplace-orders';
import { marketplaceOrderRoutes } from '@cryptads/contract/endpoints/marketplace-orders.routes';
import { endpointClient } from '../../../lib/api-client';

/** The marketplace catalogue (docs/product/marketplace.md#api), from the contract's endpoint table. */
export const marketplaceApi = endpointClient<typeof marketplaceEndpoints>(marketplaceRoutes);

/**
 * The wishlist and cart endpoints, for the listing detail's two toggles only. The wishlist
 * and cart screens belong to features/marketplace-orders; both sides share the query-key
 * roots of lib/api/marketplace-keys.ts so that a toggle here refreshes them.
 */
export const basketApi = endpointClient<typeof marketplaceOrderEndpoints>(marketplaceOrderRoutes);

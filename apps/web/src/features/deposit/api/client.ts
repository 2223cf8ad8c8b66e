import type { depositEndpoints } from '@cryptads/contract/endpoints/deposits';
import { depositRoutes } from '@cryptads/contract/endpoints/deposits.routes';
import { endpointClient } from '../../../lib/api-client';

/** The deposits API (docs/product/billing.md#api), from the contract's endpoint table. */
export const depositsApi = endpointClient<typeof depositEndpoints>(depositRoutes);

import type { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { authRoutes } from '@cryptads/contract/endpoints/auth.routes';
import { endpointClient } from '../../../lib/api-client';

/** Login, sign-up, recovery and email verification (docs/product/account.md#screens-and-routes, #validation), from the contract's endpoint table. */
export const authApi = endpointClient<typeof authEndpoints>(authRoutes);

import type { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { authRoutes } from '@cryptads/contract/endpoints/auth.routes';
import { endpointClient } from '../../../lib/api-client';

/** Login, sign-up, recovery and email verification (spec 000 §2, §5), from the contract's endpoint table. */
export const authApi = endpointClient<typeof authEndpoints>(authRoutes);

import type { adminEndpoints } from '@cryptads/contract/endpoints/admin';
import { adminRoutes } from '@cryptads/contract/endpoints/admin.routes';
import type { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { authRoutes } from '@cryptads/contract/endpoints/auth.routes';
import { endpointClient } from '../../../lib/api-client';

/** The back office's overview and queues (issue #14), from the contract's endpoint table. */
export const adminApi = endpointClient<typeof adminEndpoints>(adminRoutes);

/** Two-factor status and logout: the operator's gate and menu call them. */
export const authApi = endpointClient<typeof authEndpoints>(authRoutes);

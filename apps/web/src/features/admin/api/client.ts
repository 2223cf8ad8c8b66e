import type { adminEndpoints } from '@cryptads/contract/endpoints/admin';
import type { adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { adminAccountsRoutes } from '@cryptads/contract/endpoints/admin-accounts.routes';
import { adminRoutes } from '@cryptads/contract/endpoints/admin.routes';
import type { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { authRoutes } from '@cryptads/contract/endpoints/auth.routes';
import { endpointClient } from '../../../lib/api-client';

/** The back office's overview and queues, from the contract's endpoint table. */
export const adminApi = endpointClient<typeof adminEndpoints>(adminRoutes);

/** The back office's accounts, content, audit and approvals API, from the contract's table. */
export const adminAccountsApi = endpointClient<typeof adminAccountsEndpoints>(adminAccountsRoutes);

/** Two-factor status and logout: the operator's gate and menu call them. */
export const authApi = endpointClient<typeof authEndpoints>(authRoutes);

import type { authEndpoints } from '@cryptads/contract/endpoints/auth';
import { authRoutes } from '@cryptads/contract/endpoints/auth.routes';
import type { settingsEndpoints } from '@cryptads/contract/endpoints/settings';
import { settingsRoutes } from '@cryptads/contract/endpoints/settings.routes';
import { endpointClient } from '../../../lib/api-client';

/** The settings API (docs/product/account.md#settings), from the contract's endpoint table. */
export const settingsApi = endpointClient<typeof settingsEndpoints>(settingsRoutes);

/** Two-factor and logout belong to the auth endpoints; the security page calls them. */
export const authApi = endpointClient<typeof authEndpoints>(authRoutes);

import type { adminAccountsEndpoints } from '@cryptads/contract/endpoints/admin-accounts';
import { adminAccountsRoutes } from '@cryptads/contract/endpoints/admin-accounts.routes';
import { endpointClient } from '../../../lib/api-client';

/** The back office's accounts, content, audit and approvals API, from the contract's table. */
export const adminAccountsApi = endpointClient<typeof adminAccountsEndpoints>(adminAccountsRoutes);

import type { termsEndpoints } from '@cryptads/contract/endpoints/terms';
import { termsRoutes } from '@cryptads/contract/endpoints/terms.routes';
import { endpointClient } from '../../../lib/api-client';

/** The terms and legal pages API (docs/product/account.md#permissions), from the contract's endpoint table. */
export const termsApi = endpointClient<typeof termsEndpoints>(termsRoutes);

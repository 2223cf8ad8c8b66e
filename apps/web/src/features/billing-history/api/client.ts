import type { billingHistoryEndpoints } from '@cryptads/contract/endpoints/billing-history';
import { billingHistoryRoutes } from '@cryptads/contract/endpoints/billing-history.routes';
import { endpointClient } from '../../../lib/api-client';

/** Billing history and invoice downloads (docs/product/billing.md#api), from the contract's endpoint table. */
export const billingHistoryApi = endpointClient<typeof billingHistoryEndpoints>(billingHistoryRoutes);

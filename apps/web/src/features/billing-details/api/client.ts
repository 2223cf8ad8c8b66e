import type { billingDetailsEndpoints } from '@cryptads/contract/endpoints/billing-details';
import { billingDetailsRoutes } from '@cryptads/contract/endpoints/billing-details.routes';
import { endpointClient } from '../../../lib/api-client';

/** The Billing Details API (docs/product/billing.md#api), from the contract's endpoint table. */
export const billingDetailsApi = endpointClient<typeof billingDetailsEndpoints>(billingDetailsRoutes);

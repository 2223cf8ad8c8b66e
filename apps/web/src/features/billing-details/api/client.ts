import type { billingDetailsEndpoints } from '@cryptads/contract/endpoints/billing-details';
import { billingDetailsRoutes } from '@cryptads/contract/endpoints/billing-details.routes';
import { endpointClient } from '../../../lib/api-client';

/** The Billing Details API (spec 001 §7), from the contract's endpoint table. */
export const billingDetailsApi = endpointClient<typeof billingDetailsEndpoints>(billingDetailsRoutes);

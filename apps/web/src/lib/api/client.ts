import type { payoutEndpoints } from '@cryptads/contract/endpoints/payouts';
import { payoutRoutes } from '@cryptads/contract/endpoints/payouts.routes';
import type { systemEndpoints } from '@cryptads/contract/endpoints/system';
import { systemRoutes } from '@cryptads/contract/endpoints/system.routes';
import type { termsEndpoints } from '@cryptads/contract/endpoints/terms';
import { termsRoutes } from '@cryptads/contract/endpoints/terms.routes';
import type { userEndpoints } from '@cryptads/contract/endpoints/user';
import { userRoutes } from '@cryptads/contract/endpoints/user.routes';
import { endpointClient } from '../api-client';

/** What every part of the app reads (configuration, current user, terms), from the contract's endpoint table. */
export const systemApi = endpointClient<typeof systemEndpoints>(systemRoutes);
export const userApi = endpointClient<typeof userEndpoints>(userRoutes);
export const termsApi = endpointClient<typeof termsEndpoints>(termsRoutes);
/** The publisher's next payout: the dashboard and Withdraw Options both show it. */
export const payoutApi = endpointClient<typeof payoutEndpoints>(payoutRoutes);

import type { referralEndpoints } from '@cryptads/contract/endpoints/referral';
import { referralRoutes } from '@cryptads/contract/endpoints/referral.routes';
import { endpointClient } from '../../../lib/api-client';

/** The Refer a Friend API (docs/product/account.md#referral), from the contract's endpoint table. */
export const referralApi = endpointClient<typeof referralEndpoints>(referralRoutes);

import type { referralEndpoints } from '@cryptads/contract/endpoints/referral';
import { referralRoutes } from '@cryptads/contract/endpoints/referral.routes';
import { endpointClient } from '../../../lib/api-client';

/** The Refer a Friend API (spec 000 §2.11), from the contract's endpoint table. */
export const referralApi = endpointClient<typeof referralEndpoints>(referralRoutes);

import { referralEndpoints as api } from '@cryptads/contract/endpoints/referral';
import { route } from '../../lib/endpoint-routes';
import { userFacingBaseUrl } from '../../lib/public-origin';
import { referralSummary } from './referral.service';

/** docs/product/account.md#referral: the Refer a Friend page. Both account types. */
export const referralRoutes = [
  route(api.summary, async ({ ctx, auth, request }) =>
    referralSummary(ctx.db, { publicUrl: userFacingBaseUrl(ctx.config, request) }, auth.user),
  ),
];

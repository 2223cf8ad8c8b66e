import { referralEndpoints as api } from '@cryptads/contract/endpoints/referral';
import { route } from '../../lib/endpoint-routes';
import { referralSummary } from './referral.service';

/** docs/product/account.md#referral: the Refer a Friend page. Both account types. */
export const referralRoutes = [
  route(api.summary, async ({ ctx, auth }) => referralSummary(ctx.db, ctx.config, auth.user)),
];

import { referralEndpoints as api } from '@cryptads/contract/endpoints/referral';
import { route } from '../../lib/endpoint-routes';
import { referralSummary } from './referral.service';

/** spec 000 §2.11: the Refer a Friend page. Both account types. */
export const referralRoutes = [
  route(api.summary, async ({ ctx, auth }) => referralSummary(ctx.db, ctx.config, auth.user)),
];

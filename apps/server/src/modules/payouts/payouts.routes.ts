import { payoutEndpoints as api } from '@cryptads/contract/endpoints/payouts';
import { route } from '../../lib/endpoint-routes';
import { listPayouts, nextPayout } from './payouts.service';

/** A publisher's payouts; paths, roles and schemas are in the contract. */
export const payoutRoutes = [
  route(api.list, async ({ ctx, auth }) => listPayouts(ctx.db, auth.user.id)),
  route(api.next, async ({ ctx, auth }) => nextPayout(ctx.db, auth.user.id)),
];

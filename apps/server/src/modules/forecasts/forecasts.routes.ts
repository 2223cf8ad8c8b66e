import { forecastEndpoints as api } from '@cryptads/contract/endpoints/forecasts';
import { route } from '../../lib/endpoint-routes';
import { campaignPaceFor, forecastFor, paceFor } from './forecasts.service';

/** docs/product/forecasts.md: the wizard's forecast and the running campaigns' pace. Advertisers only. */
export const forecastRoutes = [
  route(api.forecast, async ({ ctx, body }) => forecastFor(ctx.db, body)),
  route(api.pace, async ({ ctx, auth }) => paceFor(ctx.db, auth.user.id)),
  route(api.campaignPace, async ({ ctx, auth, params }) => campaignPaceFor(ctx.db, auth.user.id, params.id)),
];

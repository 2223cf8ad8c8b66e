import { reportEndpoints as api } from '@cryptads/contract/endpoints/reports';
import { route } from '../../lib/endpoint-routes';
import * as reports from './reports.service';

/** Reports (docs/product/reports.md#reports-page, #api; docs/product/reports.md#today), for advertisers and publishers; paths, roles and schemas are in the contract. */
export const reportRoutes = [
  route(api.today, async ({ ctx, auth }) => reports.todayStats(ctx, auth.user)),
  route(api.report, async ({ ctx, auth, params, query }) => reports.getReport(ctx, auth.user, params, query)),
  route(api.zoneReport, async ({ ctx, auth, params, query }) => reports.getReport(ctx, auth.user, params, query)),
];

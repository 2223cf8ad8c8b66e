import { nextPayoutQueryOptions } from '../../../lib/api/get-next-payout';
import type { PageQuery, Prefetch } from '../../../lib/prefetch';
import { announcementsQueryOptions } from './get-announcements';
import { balanceRunOutQueryOptions } from './get-balance-runout';
import { campaignsInformationQueryOptions } from './get-campaigns-information';
import { newsQueryOptions } from './get-news';
import { todayStatsQueryOptions } from './get-today-stats';
import { websitesInformationQueryOptions } from './get-websites-information';

/**
 * The three summary cards' figures (balance run-out or next payout, the campaigns' or
 * websites' counts, today's numbers): what the server embeds in a dashboard's HTML beside the
 * account (app/page-data.ts, docs/decisions/062), so that the page paints them at once.
 */
export function dashboardSummaryQueries(advertiser: boolean): PageQuery[] {
  return advertiser
    ? [todayStatsQueryOptions(), campaignsInformationQueryOptions(), balanceRunOutQueryOptions()]
    : [todayStatsQueryOptions(), websitesInformationQueryOptions(), nextPayoutQueryOptions()];
}

/**
 * The dashboard's cards ask for their figures only once the user's details are in (the page
 * shows a skeleton until then). When the dashboard is opened directly, the account type is
 * already known from the session cookie: these calls start beside GET /api/user instead of
 * after it, and the cards find their answers in the cache (30 s fresh, query-client.ts).
 */
export function prefetchDashboardData(prefetch: Prefetch, advertiser: boolean) {
  prefetch(announcementsQueryOptions());
  prefetch(newsQueryOptions());
  for (const query of dashboardSummaryQueries(advertiser)) prefetch(query);
}

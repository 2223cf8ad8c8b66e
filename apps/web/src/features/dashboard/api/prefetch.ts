import type { QueryClient } from '@tanstack/react-query';
import { nextPayoutQueryOptions } from '../../../lib/api/get-next-payout';
import { announcementsQueryOptions } from './get-announcements';
import { balanceRunOutQueryOptions } from './get-balance-runout';
import { campaignsInformationQueryOptions } from './get-campaigns-information';
import { newsQueryOptions } from './get-news';
import { todayStatsQueryOptions } from './get-today-stats';
import { websitesInformationQueryOptions } from './get-websites-information';

/**
 * The dashboard's cards ask for their figures only once the user's details are in (the page
 * shows a skeleton until then). When the dashboard is opened directly, the account type is
 * already known from the session cookie: these calls start beside GET /api/user instead of
 * after it, and the cards find their answers in the cache (30 s fresh, query-client.ts).
 */
export function prefetchDashboardData(client: QueryClient, advertiser: boolean) {
  void client.prefetchQuery(announcementsQueryOptions());
  void client.prefetchQuery(newsQueryOptions());
  void client.prefetchQuery(todayStatsQueryOptions());
  if (advertiser) {
    void client.prefetchQuery(campaignsInformationQueryOptions());
    void client.prefetchQuery(balanceRunOutQueryOptions());
  } else {
    void client.prefetchQuery(websitesInformationQueryOptions());
    void client.prefetchQuery(nextPayoutQueryOptions());
  }
}

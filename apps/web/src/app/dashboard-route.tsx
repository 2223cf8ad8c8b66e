import { prefetchDashboardData } from '../features/dashboard/api/prefetch';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { homepageQueryOptions } from '../features/marketplace/api/get-homepage';
import { MarketplaceTeaser } from '../features/marketplace/components/marketplace-teaser';
import type { Prefetch } from '../lib/prefetch';

/** The dashboard's calls, its marketplace teaser's included, started ahead (authenticated-app.tsx). */
export function prefetchDashboard(prefetch: Prefetch, advertiser: boolean) {
  prefetchDashboardData(prefetch, advertiser);
  prefetch(homepageQueryOptions());
}

/**
 * The dashboard with its marketplace teaser (docs/product/account.md#dashboard): two features, composed here
 * because features do not import each other (decision 012).
 */
export function DashboardRoute() {
  return <DashboardPage marketplaceTeaser={<MarketplaceTeaser />} />;
}

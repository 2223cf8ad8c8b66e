import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { MarketplaceTeaser } from '../features/marketplace/components/marketplace-teaser';

/**
 * The dashboard with its marketplace teaser (docs/product/account.md#dashboard): two features, composed here
 * because features do not import each other (decision 012).
 */
export function DashboardRoute() {
  return <DashboardPage marketplaceTeaser={<MarketplaceTeaser />} />;
}

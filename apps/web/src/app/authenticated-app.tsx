import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { routePatterns } from '@cryptads/contract/paths';
import { currentUserQueryOptions } from '../lib/api/get-current-user';
import { lazyWithPreload } from '../lib/lazy-preload';
import { type Prefetch, prefetchInto } from '../lib/prefetch';
import { queryClient } from '../lib/query-client';
import { getSession } from '../lib/session';
import { NotFoundPage } from '../ui/not-found-page';
import { CustomerOnly, OperatorOnly, RequireAuth } from './guards';

/**
 * Everything behind the login, in one lazily loaded module: the entry chunk then carries
 * only the public screens and one import of this file, so that each new feature does not
 * add its preload list to what /login/ downloads (docs/architecture.md#budgets, decision 002).
 */
const load = {
  shell: () => import('./shell/app-shell'),
  dashboard: () => import('./dashboard-route'),
  campaigns: () => import('../features/campaigns/routes/campaign-routes'),
  websites: () => import('../features/websites/routes/website-routes'),
  settings: () => import('../features/settings/routes/settings-routes'),
  faq: () => import('../features/faq/routes/faq-page'),
  referral: () => import('../features/referral/routes/referral-page'),
  notifications: () => import('../features/notifications/routes/notifications-page'),
  reports: () => import('../features/reports/routes/reports-page'),
  billing: () => import('./billing-routes'),
  marketplace: () => import('../features/marketplace/routes/marketplace-routes'),
  // The buying and selling screens (features/marketplace-orders), one chunk per section.
  packages: () => import('../features/marketplace-orders/routes/packages-routes'),
  orders: () => import('../features/marketplace-orders/routes/orders-routes'),
  basket: () => import('../features/marketplace-orders/routes/basket-routes'),
  newListing: () => import('../features/marketplace-orders/routes/new-listing-page'),
  selling: () => import('../features/marketplace-orders/routes/selling-routes'),
  // The back office of operators (features/admin): its own shell and routes.
  admin: () => import('./admin-routes'),
};

const AuthenticatedShell = lazyWithPreload(async () => ({ default: (await load.shell()).AuthenticatedShell }));
const DashboardRoute = lazyWithPreload(async () => ({ default: (await load.dashboard()).DashboardRoute }));

/** The shell and the dashboard, fetched ahead (the login form does, lib/after-login.ts). */
export function preloadDashboard() {
  return Promise.all([AuthenticatedShell.preload(), DashboardRoute.preload()]);
}
const CampaignRoutes = lazyWithPreload(async () => ({ default: (await load.campaigns()).CampaignRoutes }));
const WebsiteRoutes = lazy(async () => ({ default: (await load.websites()).WebsiteRoutes }));
const SettingsRoutes = lazy(async () => ({ default: (await load.settings()).SettingsRoutes }));
const FaqPage = lazy(async () => ({ default: (await load.faq()).FaqPage }));
const ReferralPage = lazy(async () => ({ default: (await load.referral()).ReferralPage }));
const NotificationsPage = lazy(async () => ({ default: (await load.notifications()).NotificationsPage }));
const ReportsPage = lazyWithPreload(async () => ({ default: (await load.reports()).ReportsPage }));
const BillingRoutes = lazyWithPreload(async () => ({ default: (await load.billing()).BillingRoutes }));
const MarketplaceRoutes = lazyWithPreload(async () => ({ default: (await load.marketplace()).MarketplaceRoutes }));
const PackagesRoutes = lazy(async () => ({ default: (await load.packages()).PackagesRoutes }));
const OrdersRoutes = lazy(async () => ({ default: (await load.orders()).OrdersRoutes }));
const BasketRoutes = lazy(async () => ({ default: (await load.basket()).BasketRoutes }));
const NewListingPage = lazy(async () => ({ default: (await load.newListing()).NewListingPage }));
const SellingRoutes = lazy(async () => ({ default: (await load.selling()).SellingRoutes }));
const AdminRoutes = lazy(async () => ({ default: (await load.admin()).AdminRoutes }));

const section = routePatterns.shell;

/**
 * A page opened directly (typed, reloaded, a link from elsewhere) while logged in: main.tsx
 * calls this with its path as soon as this module is there, so the shell, the section and the
 * screen inside it download together, and the calls their first render makes start at once
 * (`prefetch`: into the cache, or, for a page the server rendered, ahead of its hydration),
 * instead of one lazy level after the other as each renders (and React's wait between
 * reveals). The levels preloaded render without suspending (lazyWithPreload). Resolves when
 * their modules are there (the data is not waited for).
 */
export function preloadScreen(pathname: string, prefetch: Prefetch = prefetchInto(queryClient)): Promise<unknown> {
  prefetch(currentUserQueryOptions());
  const userType = getSession()?.userType;
  // An operator's pages are the back office's, whatever the path (CustomerOnly).
  if (userType === AccountType.Operator) return Promise.resolve();
  const [, first = '', ...rest] = pathname.split('/');
  const inner = `/${rest.join('/')}`;
  return Promise.all([AuthenticatedShell.preload(), preloadSection(first, inner, userType, prefetch)]);
}

function preloadSection(
  first: string,
  inner: string,
  userType: number | undefined,
  prefetch: Prefetch,
): Promise<unknown> {
  if (first === '') {
    void load.dashboard().then((m) => m.prefetchDashboard(prefetch, userType === AccountType.Advertiser));
    return DashboardRoute.preload();
  }
  if (first === 'reports') return ReportsPage.preload();
  if (first === 'campaigns')
    return Promise.all([
      CampaignRoutes.preload(),
      load.campaigns().then((m) => m.preloadCampaignScreen(inner, prefetch)),
    ]);
  if (first === 'marketplace')
    return Promise.all([
      MarketplaceRoutes.preload(),
      load.marketplace().then((m) => m.preloadMarketplaceScreen(inner, prefetch)),
    ]);
  if (first === 'billing')
    return Promise.all([BillingRoutes.preload(), load.billing().then((m) => m.preloadBillingScreen(inner))]);
  return Promise.resolve();
}

export function AuthenticatedApp() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route element={<OperatorOnly />}>
          <Route path={section.admin} element={<AdminRoutes />} />
        </Route>
        <Route element={<CustomerOnly />}>
          <Route element={<AuthenticatedShell />}>
            <Route index element={<DashboardRoute />} />
            <Route path={section.campaigns} element={<CampaignRoutes />} />
            <Route path={section.websites} element={<WebsiteRoutes />} />
            <Route path={section.settings} element={<SettingsRoutes />} />
            <Route path={section.faq} element={<FaqPage />} />
            <Route path={section.referralProgram} element={<ReferralPage />} />
            <Route path={section.notifications} element={<NotificationsPage />} />
            <Route path={section.reports} element={<ReportsPage />} />
            <Route path={section.billing} element={<BillingRoutes />} />
            <Route path={section.marketplace} element={<MarketplaceRoutes />} />
            <Route path={section.packages} element={<PackagesRoutes />} />
            <Route path={section.orders} element={<OrdersRoutes />} />
            <Route path={section.wishlist} element={<BasketRoutes list="wishlist" />} />
            <Route path={section.cart} element={<BasketRoutes list="cart" />} />
            <Route path={section.newListing} element={<NewListingPage />} />
            <Route path={section.selling} element={<SellingRoutes />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}

import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../ui/not-found-page';
import { RequireAuth } from './guards';

/**
 * Everything behind the login, in one lazily loaded module: the entry chunk then carries
 * only the public screens and one import of this file, so that each new feature does not
 * add its preload list to what /login/ downloads (DESIGN §5, decision 002).
 */
const load = {
  shell: () => import('./shell/app-shell'),
  dashboard: () => import('../features/dashboard/routes/dashboard-page'),
  comingSoon: () => import('../ui/coming-soon-page'),
  campaigns: () => import('../features/campaigns/routes/campaign-routes'),
  websites: () => import('../features/websites/routes/website-routes'),
  settings: () => import('../features/settings/routes/settings-routes'),
  faq: () => import('../features/faq/routes/faq-page'),
  referral: () => import('../features/referral/routes/referral-page'),
  notifications: () => import('../features/notifications/routes/notifications-page'),
  reports: () => import('../features/reports/routes/reports-page'),
  billing: () => import('./billing-routes'),
};

const AuthenticatedShell = lazy(async () => ({ default: (await load.shell()).AuthenticatedShell }));
const DashboardPage = lazy(async () => ({ default: (await load.dashboard()).DashboardPage }));
const ComingSoonPage = lazy(async () => ({ default: (await load.comingSoon()).ComingSoonPage }));
const CampaignRoutes = lazy(async () => ({ default: (await load.campaigns()).CampaignRoutes }));
const WebsiteRoutes = lazy(async () => ({ default: (await load.websites()).WebsiteRoutes }));
const SettingsRoutes = lazy(async () => ({ default: (await load.settings()).SettingsRoutes }));
const FaqPage = lazy(async () => ({ default: (await load.faq()).FaqPage }));
const ReferralPage = lazy(async () => ({ default: (await load.referral()).ReferralPage }));
const NotificationsPage = lazy(async () => ({ default: (await load.notifications()).NotificationsPage }));
const ReportsPage = lazy(async () => ({ default: (await load.reports()).ReportsPage }));
const BillingRoutes = lazy(async () => ({ default: (await load.billing()).BillingRoutes }));

const section = routePatterns.shell;

/** Sections of the shell that are not built yet; each shows a coming-soon page. */
export const COMING_SOON_SECTIONS: { path: string; name: string }[] = [
  { path: section.marketplace, name: 'Marketplace' },
  { path: section.packages, name: 'Packages' },
  { path: section.orders, name: 'My Orders' },
  { path: section.wishlist, name: 'Wishlist' },
  { path: section.cart, name: 'My Shopping Cart' },
  { path: section.newListing, name: 'Request a Listing' },
];

export function AuthenticatedApp() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route element={<AuthenticatedShell />}>
          <Route index element={<DashboardPage />} />
          <Route path={section.campaigns} element={<CampaignRoutes />} />
          <Route path={section.websites} element={<WebsiteRoutes />} />
          <Route path={section.settings} element={<SettingsRoutes />} />
          <Route path={section.faq} element={<FaqPage />} />
          <Route path={section.referralProgram} element={<ReferralPage />} />
          <Route path={section.notifications} element={<NotificationsPage />} />
          <Route path={section.reports} element={<ReportsPage />} />
          <Route path={section.billing} element={<BillingRoutes />} />
          {COMING_SOON_SECTIONS.map(({ path, name }) => (
            <Route key={path} path={path} element={<ComingSoonPage section={name} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

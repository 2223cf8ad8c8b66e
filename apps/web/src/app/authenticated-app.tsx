import { lazy } from 'react';
import { Route, Routes } from 'react-router';
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

/** Sections of the shell that are not built yet; each shows a coming-soon page. */
export const COMING_SOON_SECTIONS: { path: string; name: string }[] = [
  { path: 'billing', name: 'Billing Center' },
  { path: 'marketplace', name: 'Marketplace' },
  { path: 'packages', name: 'Packages' },
  { path: 'orders', name: 'My Orders' },
  { path: 'wishlist', name: 'Wishlist' },
  { path: 'cart', name: 'My Shopping Cart' },
  { path: 'new-listing', name: 'Request a Listing' },
];

export function AuthenticatedApp() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route element={<AuthenticatedShell />}>
          <Route index element={<DashboardPage />} />
          <Route path="campaigns/*" element={<CampaignRoutes />} />
          <Route path="websites/*" element={<WebsiteRoutes />} />
          <Route path="settings/*" element={<SettingsRoutes />} />
          <Route path="faq/*" element={<FaqPage />} />
          <Route path="referral-program" element={<ReferralPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="reports" element={<ReportsPage />} />
          {COMING_SOON_SECTIONS.map(({ path, name }) => (
            <Route key={path} path={`${path}/*`} element={<ComingSoonPage section={name} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

import { lazy } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { registerAfterLoginPreload } from '../lib/after-login';
import { lazyWithPreload } from '../lib/lazy-preload';
import type { Prefetch } from '../lib/prefetch';
import { getSession } from '../lib/session';
import { NotFoundPage } from '../ui/not-found-page';
import { PublicOnly } from './guards';
import { RootLayout } from './root-layout';

/**
 * Every screen is a lazy component, so /login/ downloads the auth screens and nothing of
 * the dashboard (docs/architecture.md#budgets: 150 KB gzip of JS for /login/).
 */
const load = {
  landing: () => import('../features/auth/components/landing-layout'),
  login: () => import('../features/auth/routes/login-page'),
  twoFactor: () => import('../features/auth/routes/two-factor-page'),
  signup: () => import('../features/auth/routes/signup-page'),
  forgot: () => import('../features/auth/routes/forgot-page'),
  recovery: () => import('../features/auth/routes/password-recovery-page'),
  banned: () => import('../features/auth/routes/banned-page'),
  guide: () => import('../features/guide/routes/guide-page'),
  legal: () => import('../features/legal/routes/legal-page'),
  campaignPreview: () => import('../features/campaigns/routes/preview-page'),
};

const AuthenticatedApp = lazyWithPreload(async () => ({
  default: (await import('./authenticated-app')).AuthenticatedApp,
}));
// From the login form's first focus: the logged-in area, its shell and the dashboard download
// while the person types, and render without suspending once there; the dashboard's calls
// start as soon as the login answered (lib/after-login.ts, decision 067).
registerAfterLoginPreload(
  () =>
    Promise.all([import('./authenticated-app').then((area) => area.preloadDashboard()), AuthenticatedApp.preload()]),
  () => import('./authenticated-app').then((area) => area.preloadScreen('/')),
);
const LandingLayout = lazyWithPreload(async () => ({ default: (await load.landing()).LandingLayout }));
const LoginPage = lazyWithPreload(async () => ({ default: (await load.login()).LoginPage }));
const TwoFactorPage = lazyWithPreload(async () => ({ default: (await load.twoFactor()).TwoFactorPage }));
const SignupPage = lazyWithPreload(async () => ({ default: (await load.signup()).SignupPage }));
const ForgotPage = lazyWithPreload(async () => ({ default: (await load.forgot()).ForgotPage }));
const PasswordRecoveryPage = lazyWithPreload(async () => ({
  default: (await load.recovery()).PasswordRecoveryPage,
}));
const BannedPage = lazy(async () => ({ default: (await load.banned()).BannedPage }));
const GuidePage = lazy(async () => ({ default: (await load.guide()).GuidePage }));
const TermsPage = lazy(async () => ({ default: (await load.legal()).TermsPage }));
const PrivacyPage = lazy(async () => ({ default: (await load.legal()).PrivacyPage }));
const CampaignPreviewPage = lazy(async () => ({ default: (await load.campaignPreview()).CampaignPreviewPage }));

const pub = routePatterns.public;

/**
 * Layout and screen of a path start downloading together instead of one after the other (and
 * the screen's calls with them, given to `prefetch`: lib/prefetch.ts). Resolves when the modules
 * of the path's levels are there, so that a first render after it does not suspend (main.tsx).
 */
export function preloadRoute(pathname: string, prefetch: Prefetch): Promise<unknown> {
  const auth: [string, { preload: () => Promise<unknown> }][] = [
    [pub.login2fa, TwoFactorPage],
    [pub.login, LoginPage],
    [pub.signup, SignupPage],
    [pub.forgot, ForgotPage],
    [pub.passwordRecovery, PasswordRecoveryPage],
  ];
  const match = auth.find(([pattern]) => matchPath(pattern, pathname));
  if (match) return Promise.all([LandingLayout.preload(), match[1].preload()]);
  // Logged in on a page of the logged-in area: that area, its shell and the screen at once.
  if (getSession() && PROTECTED_SECTIONS.has(pathname.split('/')[1] ?? '')) {
    return Promise.all([
      AuthenticatedApp.preload(),
      import('./authenticated-app').then((area) => area.preloadScreen(pathname, prefetch)),
    ]);
  }
  return Promise.resolve();
}

/** First path segments of the authenticated area (the dashboard is ''); any other unknown path is a 404. */
const PROTECTED_SECTIONS = new Set(['', ...Object.values(routePatterns.shell).map((pattern) => pattern.split('/')[0])]);

/** The screens only a logged-out visitor sees (PublicOnly below). */
const PUBLIC_ONLY = [pub.login, pub.login2fa, pub.signup, pub.forgot, pub.passwordRecovery, pub.banned];

/**
 * What a path is, for the server that answers it (docs/decisions/062): a screen of the
 * logged-out visitor (`public-only`: a session is sent home), one behind the login
 * (`protected`: a visitor without a session is sent to the login), or one anyone sees
 * (`public`: the legal pages, a campaign's shared preview, the guide, a 404).
 */
export function pageKindOf(pathname: string): 'public-only' | 'protected' | 'public' {
  if (PUBLIC_ONLY.some((pattern) => matchPath(pattern, pathname))) return 'public-only';
  if ([pub.guide, pub.terms, pub.privacyPolicy, pub.campaignPreview].some((pattern) => matchPath(pattern, pathname)))
    return 'public';
  return PROTECTED_SECTIONS.has(pathname.split('/')[1] ?? '') ? 'protected' : 'public';
}

function ProtectedOrNotFound() {
  const { pathname } = useLocation();
  return PROTECTED_SECTIONS.has(pathname.split('/')[1] ?? '') ? <AuthenticatedApp /> : <NotFoundPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<PublicOnly />}>
          <Route element={<LandingLayout />}>
            <Route path={pub.login} element={<LoginPage />} />
            <Route path={pub.login2fa} element={<TwoFactorPage />} />
            <Route path={pub.signup} element={<SignupPage />} />
            <Route path={pub.forgot} element={<ForgotPage />} />
            <Route path={pub.passwordRecovery} element={<PasswordRecoveryPage />} />
          </Route>
          <Route path={pub.banned} element={<BannedPage />} />
        </Route>
        <Route path={pub.guide} element={<GuidePage />} />
        <Route path={pub.terms} element={<TermsPage />} />
        <Route path={pub.privacyPolicy} element={<PrivacyPage />} />
        {/* Public with a permalink (an id with a comma), outside the shell (docs/product/campaigns.md#preview-and-sharing). */}
        <Route path={pub.campaignPreview} element={<CampaignPreviewPage />} />
        {/* Everything behind the login lives in one lazy module (authenticated-app.tsx). */}
        <Route path="*" element={<ProtectedOrNotFound />} />
      </Route>
    </Routes>
  );
}

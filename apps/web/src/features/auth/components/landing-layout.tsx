import { Anchor, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { DEFAULT_PRODUCT_NAME, UI_MESSAGES } from '@cryptads/contract/ui';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { PageLoader } from '../../../ui/page-loader';
import { Logo } from '../../../ui/logo';
import classes from './landing.module.css';

// Decoration and a preference: both load after the form, outside the /login/ budget.
const ColorSchemeToggle = lazy(async () => ({
  default: (await import('../../../ui/color-scheme-toggle')).ColorSchemeToggle,
}));
// The slider panel only shows on wide screens and is decoration: it loads after the form.
const Slider = lazy(async () => ({ default: (await import('./slider')).Slider }));

/**
 * The header prompt: sign-up points to login, login and forgot point to sign-up. The
 * two-factor step is the middle of a login: no prompt there ('Already on the product? Login'
 * would offer what the person is doing).
 */
function SwitchPrompt({ pathname }: { pathname: string }) {
  if (matchPath(routePatterns.public.login2fa, pathname)) return null;
  if (matchPath(routePatterns.public.login, pathname) || matchPath(routePatterns.public.forgot, pathname))
    return (
      <Text size="sm">
        {UI_MESSAGES.noAccountPrompt}{' '}
        <Anchor component={Link} to={paths.signup} fw={600} data-testid="switch-to-signup">
          {UI_MESSAGES.noAccountLink}
        </Anchor>
      </Text>
    );
  return (
    <Text size="sm">
      {UI_MESSAGES.haveAccountPrompt}{' '}
      <Anchor component={Link} to={paths.login} fw={600} data-testid="switch-to-login">
        {UI_MESSAGES.haveAccountLink}
      </Anchor>
    </Text>
  );
}

/** One layout for login, 2FA, sign-up, forgot and reset (docs/product/account.md#public-routes). */
export function LandingLayout() {
  const { pathname } = useLocation();
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
  return (
    <div className={classes.root}>
      <div className={classes.formSide}>
        <header className={classes.header}>
          <Anchor component={Link} to={paths.login} underline="never" c="inherit" aria-label={`${product} home`}>
            <Logo name={product} />
          </Anchor>
          <SwitchPrompt pathname={pathname} />
        </header>
        <main className={classes.main} id="main">
          <div className={classes.content}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <footer className={classes.footer}>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {product}
          </Text>
          <Anchor component={Link} to={paths.terms} size="sm">
            Terms and Conditions
          </Anchor>
          <Anchor component={Link} to={paths.privacyPolicy} size="sm">
            Privacy Policy
          </Anchor>
          <Suspense fallback={null}>
            <ColorSchemeToggle />
          </Suspense>
        </footer>
      </div>
      <aside className={classes.panel} aria-label={`Why ${product}`}>
        <Suspense fallback={null}>
          <Slider />
        </Suspense>
      </aside>
    </div>
  );
}

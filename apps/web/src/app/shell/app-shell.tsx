import { Anchor, AppShell, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { DEFAULT_PRODUCT_NAME } from '@cryptads/contract/ui';
import { usePublicConfig } from '../../lib/api/get-public-config';
import { useOpenedOnce } from '../../lib/opened-once';
import { PageLoader } from '../../ui/page-loader';
import { Logo } from '../../ui/logo';
import { ShellHeader } from './header';
import classes from './shell.module.css';
import { SidebarContent } from './sidebar';

/** The authenticated shell (docs/product/account.md#shell): sidebar, header, main, footer. */
export function AuthenticatedShell() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const drawerMounted = useOpenedOnce(drawerOpened);
  const { pathname } = useLocation();
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;

  // The drawer closes when a link in it changes the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    drawer.close();
  }, [pathname]);

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: true } }}
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell.Header>
        <ShellHeader drawerOpened={drawerOpened} onBurger={drawer.toggle} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label="Main navigation">
        <SidebarContent />
      </AppShell.Navbar>
      {drawerMounted ? (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size={300}
          hiddenFrom="sm"
          title={<Logo name={product} light />}
          classNames={{ content: classes.drawerContent, header: classes.drawerHeader, close: classes.drawerClose }}
          closeButtonProps={{ 'aria-label': 'Close navigation' }}
        >
          <nav aria-label="Mobile navigation">
            <SidebarContent onNavigate={drawer.close} inDrawer />
          </nav>
        </Drawer>
      ) : null}
      <div className={classes.body}>
        <main id="main" className={classes.main} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className={classes.footer}>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {product}
          </Text>
          <Group gap="lg">
            <Anchor component={Link} to={paths.faq.general} size="sm">
              FAQ
            </Anchor>
            <Anchor component={Link} to={paths.privacyPolicy} size="sm">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to={paths.terms} size="sm">
              Terms and Conditions
            </Anchor>
          </Group>
        </footer>
      </div>
    </AppShell>
  );
}

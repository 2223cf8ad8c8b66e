import {
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Drawer,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChecklist,
  IconFileImport,
  IconFileText,
  IconGauge,
  IconHistory,
  IconInbox,
  IconLogout,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { DEFAULT_PRODUCT_NAME } from '@cryptads/contract/ui';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { PageLoader } from '../../../ui/page-loader';
import { useAdminLogout, useAdminOverview } from '../api/queries';
import { QUEUE_LABELS, QUEUE_NAMES } from '../lib/queues';
import shell from '../../../app/shell/shell.module.css';
import classes from './admin.module.css';

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

function Entry({
  to,
  label,
  icon,
  pathname,
  exact = false,
  badge,
  onNavigate,
}: {
  to: string;
  label: string;
  icon?: ReactNode;
  pathname: string;
  exact?: boolean;
  badge?: number;
  onNavigate?: () => void;
}) {
  const active = exact ? withSlash(pathname) === to : withSlash(pathname).startsWith(to);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      rightSection={
        badge ? (
          <Badge size="xs" color="yellow.4" c="navy.9" variant="filled" data-testid="queue-badge">
            {badge}
            <VisuallyHidden> waiting</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      classNames={{ root: shell.navLink }}
    />
  );
}

/** The back office's menu: Overview, each queue with its size, Accounts, Content, Audit, Approvals. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const sizes = useAdminOverview().data?.queues;
  return (
    <ScrollArea style={{ flex: 1 }} px="sm" type="auto">
      <Stack gap={2} py="xs">
        <Entry
          to={paths.admin.overview}
          label="Overview"
          icon={<IconGauge size={20} />}
          pathname={pathname}
          exact
          onNavigate={onNavigate}
        />
        <Text size="xs" fw={700} tt="uppercase" c="navy.1" px="sm" pt="sm" pb={4} id="admin-queues-heading">
          <IconInbox size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 6 }} />
          Queues
        </Text>
        <Stack gap={2} role="group" aria-labelledby="admin-queues-heading">
          {QUEUE_NAMES.map((name) => (
            <Entry
              key={name}
              to={paths.admin.queue(name)}
              label={QUEUE_LABELS[name]}
              pathname={pathname}
              badge={sizes?.[name]}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
        <Box pt="sm" />
        <Entry
          to={paths.admin.accounts}
          label="Accounts"
          icon={<IconUsers size={20} />}
          pathname={pathname}
          onNavigate={onNavigate}
        />
        <Entry
          to={paths.admin.content}
          label="Content"
          icon={<IconFileText size={20} />}
          pathname={pathname}
          onNavigate={onNavigate}
        />
        <Entry
          to={paths.admin.audit}
          label="Audit"
          icon={<IconHistory size={20} />}
          pathname={pathname}
          onNavigate={onNavigate}
        />
        <Entry
          to={paths.admin.approvals}
          label="Approvals"
          icon={<IconChecklist size={20} />}
          pathname={pathname}
          onNavigate={onNavigate}
        />
        <Entry
          to={paths.admin.bankStatements}
          label="Bank Statements"
          icon={<IconFileImport size={20} />}
          pathname={pathname}
          onNavigate={onNavigate}
        />
      </Stack>
    </ScrollArea>
  );
}

/** Who is signed in, and Logout; on a phone the email moves out of the way. */
export function AdminAccountBar() {
  const user = useCurrentUser();
  const logout = useAdminLogout();
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" visibleFrom="sm" maw={240} truncate="end" data-testid="admin-operator-email">
        {user.data?.email}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        data-testid="admin-logout"
      >
        Logout
      </Button>
    </Group>
  );
}

function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
  return (
    <Link to={paths.admin.overview} className={shell.logoLink} onClick={onNavigate}>
      <Text fw={800} size="lg" c="white" component="span">
        {product}
      </Text>{' '}
      <Text size="sm" c="navy.1" component="span">
        Back office
      </Text>
    </Link>
  );
}

/** The back office's shell: its own sidebar (a drawer on phones), a header with the operator and Logout. */
export function AdminShell() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes on navigation only.
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
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
              data-testid="mobile-menu-button"
            />
            <Text fw={700} data-testid="admin-header-title">
              Back office
            </Text>
          </Group>
          <AdminAccountBar />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar className={shell.navbar} aria-label="Back office navigation">
        <Stack gap={0} h="100%" className={shell.sidebar}>
          <Box px="md" py="md">
            <Brand />
          </Box>
          <AdminNav />
        </Stack>
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={300}
        hiddenFrom="sm"
        title={<Brand onNavigate={drawer.close} />}
        classNames={{
          content: `${shell.drawerContent} ${classes.drawerContent}`,
          header: shell.drawerHeader,
          close: shell.drawerClose,
        }}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <nav aria-label="Mobile navigation">
          <AdminNav onNavigate={drawer.close} />
        </nav>
      </Drawer>
      <div className={shell.body}>
        <main id="main" className={`${shell.main} ${classes.main}`} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </AppShell>
  );
}

/** The one screen of an operator whose two-factor authentication is off: no menu, just the set-up. */
export function AdminBareLayout() {
  return (
    <Box className={shell.body} style={{ paddingInlineStart: 0, paddingTop: 0 }}>
      <Group px="md" py="sm" justify="space-between" wrap="nowrap" component="header">
        <Group gap="xs">
          <IconShieldCheck size={22} aria-hidden />
          <Text fw={700}>Back office</Text>
        </Group>
        <AdminAccountBar />
      </Group>
      <main id="main" className={`${shell.main} ${classes.main}`} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </Box>
  );
}

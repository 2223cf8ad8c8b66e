import {
  ActionIcon,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChevronDown,
  IconGift,
  IconLogout,
  IconMoon,
  IconPlus,
  IconSettings,
  IconShoppingCart,
  IconSun,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { ACCOUNT_TYPE_LABELS, AccountType } from '@cryptads/contract/account-types';
import { formatEuros } from '@cryptads/contract/money';
import { useLogout } from '../../features/auth/api/logout';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useColorSchemeToggle } from '../../ui/color-scheme-toggle';
import { usePageName } from '../document-title';
import { isMarketplacePath } from '../page-titles';
import { MarketplaceToggle } from './sidebar';
import classes from './shell.module.css';

/** The marketplace's instant search (docs/product/marketplace.md#search-and-filters), downloaded with the first marketplace page only. */
const MarketplaceSearch = lazy(async () => ({
  default: (await import('../../features/marketplace/components/instant-search')).MarketplaceSearch,
}));

/** The header's cart (docs/product/marketplace.md#wishlist-and-cart), downloaded with the first marketplace page only. */
const CartMenu = lazy(async () => ({
  default: (await import('../../features/marketplace-orders/components/cart-menu')).CartMenu,
}));

const initials = (first: string, last: string, alias: string) =>
  (first && last ? `${first[0]}${last[0]}` : alias.slice(0, 2)).toUpperCase();

function UserMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const scheme = useColorSchemeToggle();
  const details = user.data;
  const { pathname } = useLocation();
  const showAddFunds = details?.type === AccountType.Advertiser && !isMarketplacePath(pathname);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu-button" style={{ borderRadius: 'var(--mantine-radius-md)' }} p={4}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34} className={classes.avatar} aria-hidden>
              {details ? initials(details.firstName, details.lastName, details.alias) : null}
            </Avatar>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate="end">
              {details?.alias}
            </Text>
            {/* On a phone the avatar alone opens the menu: its width goes to the balance. */}
            <Box visibleFrom="sm" display="flex">
              <IconChevronDown size={16} aria-hidden />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs" role="group" aria-label="Account">
          {details ? (
            <>
              <Text fw={700} data-testid="user-alias" truncate="end">
                {details.alias}
              </Text>
              <Text size="sm" c="dimmed" data-testid="user-role">
                {ACCOUNT_TYPE_LABELS[details.type]}
              </Text>
              <Text size="sm" data-testid="user-email" truncate="end">
                {details.email}
              </Text>
            </>
          ) : (
            <>
              <Skeleton h={16} w="60%" />
              <Skeleton h={12} w="40%" mt={6} />
            </>
          )}
        </Stack>
        <Menu.Divider />
        {showAddFunds ? (
          <Menu.Item component={Link} to={paths.billing.deposit} leftSection={<IconPlus size={16} />} hiddenFrom="sm">
            Add Funds
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to={paths.settings.root} leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to={paths.referralProgram} leftSection={<IconGift size={16} />}>
          Refer a friend
        </Menu.Item>
        <Menu.Item
          leftSection={scheme.next === 'dark' ? <IconMoon size={16} /> : <IconSun size={16} />}
          onClick={scheme.toggle}
          closeMenuOnClick={false}
          data-testid="color-scheme-menu-item"
        >
          {scheme.label}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          data-testid="logout"
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The balance, at every width (docs/product/account.md#shell): on a phone in a smaller size, so
 * that an advertiser always sees what they have; Add Funds moves into the user menu there.
 */
function Balance() {
  const user = useCurrentUser();
  if (user.isPending) return <Skeleton h={20} w={72} />;
  if (!user.data) return null;
  return (
    <Stack gap={0} align="flex-end" className={classes.balance}>
      <Text size="xs" c="dimmed" lh={1.2}>
        Balance
      </Text>
      <Text fw={700} className="tabular" lh={1.3} data-testid="header-balance">
        {formatEuros(user.data.balance)}
      </Text>
    </Stack>
  );
}

export function ShellHeader({ drawerOpened, onBurger }: { drawerOpened: boolean; onBurger: () => void }) {
  const { name } = usePageName();
  const { pathname } = useLocation();
  const marketplace = isMarketplacePath(pathname);
  const user = useCurrentUser();
  const showAddFunds = user.data?.type === AccountType.Advertiser && !marketplace;

  return (
    <Group h="100%" justify="space-between" wrap="nowrap" gap="sm" className={classes.headerRow}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }} className={classes.headerStart}>
        <Burger
          opened={drawerOpened}
          onClick={onBurger}
          hiddenFrom="sm"
          size="sm"
          aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
          data-testid="mobile-menu-button"
        />
        <Title order={1} size="h3" className={classes.title} data-testid="page-title">
          {name ?? ''}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.headerActions}>
        {marketplace ? (
          <Suspense fallback={null}>
            <MarketplaceSearch />
          </Suspense>
        ) : null}
        <Group visibleFrom="md">
          <MarketplaceToggle />
        </Group>
        {/* The cart icon with its count and dropdown (features/marketplace-orders). */}
        {marketplace ? (
          <Suspense
            fallback={
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="My Shopping Cart" disabled>
                <IconShoppingCart size={20} />
              </ActionIcon>
            }
          >
            <CartMenu />
          </Suspense>
        ) : null}
        <NotificationsBell />
        <Balance />
        {showAddFunds ? (
          <Button
            component={Link}
            to={paths.billing.deposit}
            leftSection={<IconPlus size={16} />}
            visibleFrom="sm"
            data-testid="add-funds"
          >
            Add Funds
          </Button>
        ) : null}
        <UserMenu />
      </Group>
    </Group>
  );
}

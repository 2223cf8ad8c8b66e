import { Badge, Box, Button, Card, NavLink, ScrollArea, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { DEFAULT_PRODUCT_NAME } from '@cryptads/contract/ui';
import { AccountType } from '@cryptads/contract/account-types';
import { useSellingSummary } from '../../features/marketplace-orders/api/get-selling-summary';
import { usePublicConfig } from '../../lib/api/get-public-config';
import { useSession } from '../../lib/session';
import { Logo } from '../../ui/logo';
import { isMarketplacePath } from '../page-titles';
import { isActive, isChildActive, type NavItem, marketplaceNav, normalNav } from './nav-items';
import classes from './shell.module.css';

/** The marketplace toggle of the header (docs/product/account.md#shell); also in the mobile drawer. */
export function MarketplaceToggle({ dark = false }: { dark?: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const on = isMarketplacePath(pathname);
  return (
    <Switch
      checked={on}
      onChange={() => void navigate(on ? paths.home : paths.marketplace.browse)}
      label="Marketplace"
      color="yellow.5"
      classNames={dark ? { label: classes.darkLabel } : undefined}
      data-testid="marketplace-toggle"
    />
  );
}

function NavEntry({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const active = isActive(item, pathname);
  const [open, setOpen] = useState(active);
  const expanded = open || active;
  const badge = item.badge ? (
    <Badge size="xs" color="yellow.4" c="navy.9" variant="filled">
      {item.badge}
      {item.badgeLabel ? <VisuallyHidden>{item.badgeLabel}</VisuallyHidden> : null}
    </Badge>
  ) : undefined;

  if (!item.children)
    return (
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        leftSection={item.icon}
        rightSection={badge}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        classNames={{ root: classes.navLink }}
      />
    );

  return (
    <NavLink
      label={item.label}
      leftSection={item.icon}
      rightSection={<IconChevronRight size={16} className={classes.chevron} data-expanded={expanded || undefined} />}
      opened={expanded}
      onChange={setOpen}
      active={active}
      childrenOffset={28}
      classNames={{ root: classes.navLink }}
      disableRightSectionRotation
    >
      {item.children.map((child) => {
        const childActive = isChildActive(child.to, pathname, item.children ?? []);
        return (
          <NavLink
            key={child.to}
            component={Link}
            to={child.to}
            label={child.label}
            active={childActive}
            aria-current={childActive ? 'page' : undefined}
            onClick={onNavigate}
            classNames={{ root: classes.navLink }}
          />
        );
      })}
    </NavLink>
  );
}

/** Sidebar content, used by the desktop navbar and the mobile drawer. */
export function SidebarContent({ onNavigate, inDrawer = false }: { onNavigate?: () => void; inDrawer?: boolean }) {
  const { pathname } = useLocation();
  const userType = useSession()?.userType ?? 0;
  const product = usePublicConfig().data?.productName ?? DEFAULT_PRODUCT_NAME;
  const marketplace = isMarketplacePath(pathname);
  // The publisher's waiting count for Incoming Orders (features/marketplace-orders).
  const selling = useSellingSummary(marketplace && userType === AccountType.Publisher);
  const items = marketplace ? marketplaceNav(userType, selling.data?.waiting) : normalNav(userType);

  return (
    <Stack gap={0} h="100%" className={classes.sidebar}>
      {inDrawer ? null : (
        <Box px="md" py="md">
          <Link to={paths.home} className={classes.logoLink} aria-label={`${product} dashboard`} onClick={onNavigate}>
            <Logo name={product} light />
          </Link>
        </Box>
      )}
      <ScrollArea style={{ flex: 1 }} px="sm" type="auto">
        <Stack gap={2} py="xs">
          {marketplace ? (
            <Text size="xs" fw={700} tt="uppercase" c="navy.2" px="sm" pb={4}>
              {product} Marketplace
            </Text>
          ) : null}
          {items.map((item) => (
            <NavEntry key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </Stack>
      </ScrollArea>
      <Stack gap="sm" p="md">
        {inDrawer ? <MarketplaceToggle dark /> : null}
        {marketplace ? (
          <>
            {/* Only publishers list offers: an advertiser's click ended at a refusal. */}
            {userType === AccountType.Publisher ? (
              <Card radius="md" p="md" className={classes.requestCard} data-testid="request-listing-card">
                <IconSpeakerphone size={22} aria-hidden />
                <Text fw={700} mt={6} c="white">
                  Request a Listing
                </Text>
                <Text size="sm" c="navy.1" mt={4}>
                  Missing a site? Tell us where you want to publish and we will add it.
                </Text>
                <Button
                  component={Link}
                  to={paths.marketplace.newListing}
                  size="xs"
                  mt="sm"
                  color="yellow.4"
                  c="navy.9"
                  onClick={onNavigate}
                >
                  Request a Listing
                </Button>
              </Card>
            ) : null}
            <Button
              component={Link}
              to={paths.home}
              variant="outline"
              color="gray.0"
              leftSection={<IconArrowLeft size={16} />}
              onClick={onNavigate}
              data-testid="back-to-dashboard"
            >
              Back to Dashboard
            </Button>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}

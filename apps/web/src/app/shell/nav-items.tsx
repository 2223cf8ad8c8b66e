import {
  IconBuildingStore,
  IconChartBar,
  IconGauge,
  IconHeart,
  IconInbox,
  IconListDetails,
  IconPackage,
  IconReceipt,
  IconSpeakerphone,
  IconWallet,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '@cryptads/contract/paths';
import { AccountType } from '@cryptads/contract/account-types';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  badge?: string;
  /** Words a screen reader reads after the badge, when its text alone is not enough (a bare count). */
  badgeLabel?: string;
  /** Paths that count as this item being active (the item's own path by default). */
  match?: string[];
  children?: { label: string; to: string }[];
};

const ICON = 20;

/** Sidebar, normal mode (docs/product/account.md#shell). Advertisers see Campaigns, publishers Websites. */
export function normalNav(userType: number): NavItem[] {
  const inventory: NavItem =
    userType === AccountType.Publisher
      ? {
          label: 'Websites',
          to: paths.websites.all,
          icon: <IconWorldWww size={ICON} />,
          match: ['/websites/'],
          children: [
            { label: 'My Websites', to: paths.websites.all },
            { label: 'Add Website', to: paths.websites.add },
          ],
        }
      : {
          label: 'Campaigns',
          to: paths.campaigns.all,
          icon: <IconSpeakerphone size={ICON} />,
          match: ['/campaigns/'],
          children: [
            { label: 'My Campaigns', to: paths.campaigns.all },
            { label: 'Create a Campaign', to: paths.campaigns.create },
            { label: 'Global Blacklist', to: paths.campaigns.blacklist },
            { label: 'Archived Campaigns', to: paths.campaigns.archive },
          ],
        };
  const billingChildren = [
    { label: 'Billing Details', to: paths.billing.details },
    ...(userType === AccountType.Publisher ? [] : [{ label: 'Deposit', to: paths.billing.deposit }]),
    { label: 'Billing History', to: paths.billing.history },
  ];
  return [
    { label: 'Dashboard', to: paths.home, icon: <IconGauge size={ICON} />, match: [] },
    inventory,
    { label: 'Reports', to: paths.reports, icon: <IconChartBar size={ICON} /> },
    {
      label: 'Billing Center',
      to: paths.billing.details,
      icon: <IconWallet size={ICON} />,
      match: ['/billing/'],
      children: billingChildren,
    },
  ];
}

/**
 * Sidebar on marketplace paths (docs/product/account.md#shell). Publishers also see what they sell: My Listings
 * and Incoming Orders, the latter with the number of items waiting for them.
 */
export function marketplaceNav(userType: number, waiting = 0): NavItem[] {
  const selling: NavItem[] =
    userType === AccountType.Publisher
      ? [
          { label: 'My Listings', to: paths.marketplace.myListings, icon: <IconListDetails size={ICON} /> },
          {
            label: 'Incoming Orders',
            to: paths.marketplace.incomingOrders,
            icon: <IconInbox size={ICON} />,
            ...(waiting > 0 ? { badge: String(waiting), badgeLabel: ' waiting for you' } : {}),
          },
        ]
      : [];
  return [
    {
      label: 'Marketplace',
      to: paths.marketplace.browse,
      icon: <IconBuildingStore size={ICON} />,
      match: [paths.marketplace.browse],
    },
    { label: 'Packages', to: paths.marketplace.packages, icon: <IconPackage size={ICON} />, badge: 'New' },
    { label: 'My Orders', to: paths.marketplace.orders, icon: <IconReceipt size={ICON} /> },
    { label: 'Wishlist', to: paths.marketplace.wishlist, icon: <IconHeart size={ICON} /> },
    ...selling,
  ];
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

export function isActive(item: NavItem, pathname: string): boolean {
  const path = withSlash(pathname);
  if (item.to === paths.home) return path === paths.home;
  const prefixes = item.match ?? [item.to];
  return prefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * The child of a menu that the page belongs to: the one with the longest path the page starts
 * with, so that /billing/deposit/card-payment lights Deposit, and /campaigns/all/archive/
 * lights Archived Campaigns rather than All Campaigns.
 */
export function isChildActive(to: string, pathname: string, siblings: readonly { to: string }[] = [{ to }]): boolean {
  const path = withSlash(pathname);
  const best = siblings.filter((child) => path.startsWith(child.to)).sort((a, b) => b.to.length - a.to.length)[0];
  return best?.to === to;
}

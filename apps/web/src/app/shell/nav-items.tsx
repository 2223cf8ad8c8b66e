import {
  IconBuildingStore,
  IconChartBar,
  IconGauge,
  IconHeart,
  IconPackage,
  IconReceipt,
  IconSpeakerphone,
  IconWallet,
  IconWorldWww,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AccountType } from '@cryptads/contract/account';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  badge?: string;
  /** Paths that count as this item being active (the item's own path by default). */
  match?: string[];
  children?: { label: string; to: string }[];
};

const ICON = 20;

/** Sidebar, normal mode (spec 000 §2.7). Advertisers see Campaigns, publishers Websites. */
export function normalNav(userType: number): NavItem[] {
  const inventory: NavItem =
    userType === AccountType.Publisher
      ? {
          label: 'Websites',
          to: '/websites/all/',
          icon: <IconWorldWww size={ICON} />,
          match: ['/websites/'],
          children: [
            { label: 'My Websites', to: '/websites/all/' },
            { label: 'Add Website', to: '/websites/add/' },
          ],
        }
      : {
          label: 'Campaigns',
          to: '/campaigns/all/',
          icon: <IconSpeakerphone size={ICON} />,
          match: ['/campaigns/'],
          children: [
            { label: 'My Campaigns', to: '/campaigns/all/' },
            { label: 'Create a Campaign', to: '/campaigns/create/' },
            { label: 'Global Blacklist', to: '/campaigns/blacklist/' },
            { label: 'Archived Campaigns', to: '/campaigns/all/archive/' },
          ],
        };
  const billingChildren = [
    { label: 'Billing Details', to: '/billing/details/' },
    ...(userType === AccountType.Publisher ? [] : [{ label: 'Deposit', to: '/billing/deposit/' }]),
    { label: 'Billing History', to: '/billing/history/' },
  ];
  return [
    { label: 'Dashboard', to: '/', icon: <IconGauge size={ICON} />, match: [] },
    inventory,
    { label: 'Reports', to: '/reports/', icon: <IconChartBar size={ICON} /> },
    {
      label: 'Billing Center',
      to: '/billing/details/',
      icon: <IconWallet size={ICON} />,
      match: ['/billing/'],
      children: billingChildren,
    },
  ];
}

/** Sidebar on marketplace paths. */
export const marketplaceNav: NavItem[] = [
  { label: 'Marketplace', to: '/marketplace/', icon: <IconBuildingStore size={ICON} />, match: ['/marketplace/'] },
  { label: 'Packages', to: '/packages/', icon: <IconPackage size={ICON} />, badge: 'New' },
  { label: 'My Orders', to: '/orders/', icon: <IconReceipt size={ICON} /> },
  { label: 'Wishlist', to: '/wishlist/', icon: <IconHeart size={ICON} /> },
];

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

export function isActive(item: NavItem, pathname: string): boolean {
  const path = withSlash(pathname);
  if (item.to === '/') return path === '/';
  const prefixes = item.match ?? [item.to];
  return prefixes.some((prefix) => path.startsWith(prefix));
}

export const isChildActive = (to: string, pathname: string) => withSlash(pathname) === to;

import { paths } from '@cryptads/contract/paths';

/**
 * Page names of docs/product/account.md#page-titles. Exact matches win over prefixes; the longest prefix wins.
 * Marketplace pages get the '{page} - {product} Marketplace' form.
 */
type PageName = { name: string; marketplace?: boolean };

const normalise = (path: string) => (path.endsWith('/') ? path : `${path}/`);

const EXACT: Record<string, PageName> = {
  '/': { name: 'Dashboard' },
  '/campaigns/create/': { name: 'Create a Campaign' },
  '/campaigns/all/archive/': { name: 'Archived Campaigns' },
  '/campaigns/blacklist/': { name: 'Global Blacklist' },
  '/billing/history/': { name: 'Billing History' },
  '/billing/history/statement/': { name: 'Statement of Account' },
  '/settings/security/': { name: 'Account Security' },
  '/settings/change-password/': { name: 'Change Password' },
  '/settings/email/': { name: 'Email Preferences' },
  '/settings/delete-account/': { name: 'Delete Account' },
  '/settings/api-keys/': { name: 'API Keys' },
  '/settings/webhooks/': { name: 'Webhooks' },
  '/settings/sellers/': { name: 'Sellers.json' },
  '/referral-program/': { name: 'Refer a Friend' },
  '/reports/': { name: 'Reports' },
  '/marketplace/': { name: 'Browse Listings', marketplace: true },
  '/marketplace/listings/': { name: 'Filter Listings', marketplace: true },
  '/new-listing/': { name: 'Request a Listing', marketplace: true },
  '/cart/': { name: 'My Shopping Cart', marketplace: true },
  '/selling/listings/': { name: 'My Listings', marketplace: true },
  '/selling/orders/': { name: 'Incoming Orders', marketplace: true },
  '/websites/add/': { name: 'Add Website' },
  // Auth screens and the section roots the product does not name.
  '/login/': { name: 'Login' },
  '/login2fa/': { name: 'Two-Factor Authentication' },
  '/signup/': { name: 'Sign Up' },
  '/forgot/': { name: 'Forgot Password' },
  '/banned/': { name: 'Account Disabled' },
  '/settings/': { name: 'Settings' },
  '/billing/': { name: 'Billing Center' },
  '/campaigns/': { name: 'Campaigns' },
  '/websites/': { name: 'Websites' },
  '/terms/': { name: 'Terms and Conditions' },
  '/privacy-policy/': { name: 'Privacy Policy' },
  '/notifications/': { name: 'Notifications' },
  // The back office (features/admin).
  '/admin/': { name: 'Back Office' },
  '/admin/queues/campaigns/': { name: 'Campaign Review' },
  '/admin/queues/websites/': { name: 'Website Review' },
  '/admin/queues/zones/': { name: 'Zone Review' },
  '/admin/queues/listings/': { name: 'Listing Requests' },
  '/admin/queues/documents/': { name: 'Identity Documents' },
  '/admin/queues/transfers/': { name: 'Bank Transfers' },
  '/admin/queues/payouts/': { name: 'Payouts' },
  '/admin/queues/marketplace/': { name: 'Marketplace Deliveries' },
  '/admin/queues/traffic/': { name: 'Invalid Traffic' },
  '/admin/queues/deadletters/': { name: 'Dead Letters' },
  '/admin/accounts/': { name: 'Accounts' },
  '/admin/content/': { name: 'Content' },
  '/admin/audit/': { name: 'Audit Trail' },
  '/admin/approvals/': { name: 'Approvals' },
  '/admin/bank-statements/': { name: 'Bank Statements' },
  '/admin/setup-2fa/': { name: 'Set Up Two-Factor Authentication' },
};

const PREFIXES: [string, PageName][] = [
  ['/campaigns/all/', { name: 'My Campaigns' }],
  ['/campaigns/create/', { name: 'Create a Campaign' }],
  ['/campaigns/preview/', { name: 'Campaign Preview' }],
  ['/billing/details/', { name: 'Billing Details' }],
  ['/billing/deposit/', { name: 'Cryptocurrency Deposit' }],
  ['/orders/', { name: 'My Orders', marketplace: true }],
  ['/marketplace/listing/', { name: 'Product Description', marketplace: true }],
  ['/wishlist/', { name: 'Wishlist', marketplace: true }],
  ['/packages/', { name: 'Packages', marketplace: true }],
  ['/faq/', { name: 'FAQ' }],
  ['/websites/all/', { name: 'My Websites' }],
  ['/password-recovery/', { name: 'Reset Password' }],
  ['/guide/', { name: 'Component Guide' }],
  ['/marketplace/', { name: 'Marketplace', marketplace: true }],
  ['/settings/', { name: 'Settings' }],
  ['/billing/', { name: 'Billing Center' }],
  ['/campaigns/', { name: 'Campaigns' }],
  ['/websites/', { name: 'Websites' }],
  ['/reports/', { name: 'Reports' }],
  ['/referral-program/', { name: 'Refer a Friend' }],
  ['/admin/accounts/', { name: 'Account' }],
  ['/admin/queues/', { name: 'Queues' }],
  ['/admin/', { name: 'Back Office' }],
];
const PREFIX = [...PREFIXES].sort((a, b) => b[0].length - a[0].length);

/**
 * Paths whose sidebar shows the marketplace menu (docs/product/account.md#shell): the marketplace's sections.
 * The builders of one listing, package or order lie under a section already listed.
 */
const MARKETPLACE_ROOTS = Object.values(paths.marketplace as Record<string, string | ((id: string) => string)>).filter(
  (root): root is string => typeof root === 'string',
);

export const isMarketplacePath = (pathname: string) => {
  const path = normalise(pathname);
  return MARKETPLACE_ROOTS.some((root) => path.startsWith(root));
};

export function pageNameOf(pathname: string): PageName | null {
  const path = normalise(pathname);
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, page] of PREFIX) if (path.startsWith(prefix)) return page;
  return null;
}

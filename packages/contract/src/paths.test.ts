import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TAB_SEGMENTS,
  PREVIEW_DEVICES,
  paths,
  routePatterns,
  WEBSITE_TAB_SEGMENTS,
  WIZARD_KINDS,
} from './paths';

/**
 * React Router's matching, reduced to what the patterns use: static segments, `:param`,
 * optional `:param?`, a trailing `*` for the rest; trailing slashes do not count.
 */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return params;
    const value = have[i];
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      params[segment.slice(1).replace(/\?$/, '')] = value;
    } else if (value !== segment) return null;
  }
  return have.length <= want.length ? params : null;
}

type Patterns = Record<string, Record<string, string>>;
const groups = routePatterns as Patterns;
const shell = routePatterns.shell as Record<string, string>;

/** Groups mounted below a section's own pattern (a feature's routes inside billing/*). */
const NESTED_SECTIONS: Record<string, string> = {
  billingDetails: `${shell.billing?.replace(/\/\*$/, '')}/${routePatterns.billing.details}`,
};

/** A pattern as the browser sees it: the patterns of a section sit under the section. */
function fullPattern(group: string, key: string): string {
  const pattern = groups[group]?.[key];
  if (pattern === undefined) throw new Error(`no pattern ${group}.${key}`);
  const section = shell[group] ?? NESTED_SECTIONS[group];
  return section ? `${section.replace(/\/\*$/, '')}/${pattern}` : pattern;
}

/** Every entry of `paths`: what it builds, the product's form, and the pattern of its screen. */
const cases: Record<string, { path: string; is: string; route: [group: string, key: string] | 'dashboard' }> = {
  home: { path: paths.home, is: '/', route: 'dashboard' },
  login: { path: paths.login, is: '/login/', route: ['public', 'login'] },
  login2fa: { path: paths.login2fa, is: '/login2fa/', route: ['public', 'login2fa'] },
  signup: { path: paths.signup, is: '/signup/', route: ['public', 'signup'] },
  forgot: { path: paths.forgot, is: '/forgot/', route: ['public', 'forgot'] },
  passwordRecovery: {
    path: paths.passwordRecovery('Zq3_x-9'),
    is: '/password-recovery/Zq3_x-9',
    route: ['public', 'passwordRecovery'],
  },
  banned: { path: paths.banned, is: '/banned/', route: ['public', 'banned'] },
  guide: { path: paths.guide('dev'), is: '/guide/dev', route: ['public', 'guide'] },
  terms: { path: paths.terms, is: '/terms/', route: ['public', 'terms'] },
  privacyPolicy: { path: paths.privacyPolicy, is: '/privacy-policy/', route: ['public', 'privacyPolicy'] },
  'campaigns.all': { path: paths.campaigns.all, is: '/campaigns/all/', route: ['campaigns', 'all'] },
  'campaigns.archive': {
    path: paths.campaigns.archive,
    is: '/campaigns/all/archive/',
    route: ['campaigns', 'archive'],
  },
  'campaigns.create': { path: paths.campaigns.create, is: '/campaigns/create/', route: ['campaigns', 'create'] },
  'campaigns.wizard': {
    path: paths.campaigns.wizard('native'),
    is: '/campaigns/create/native/',
    route: ['campaigns', 'wizard'],
  },
  'campaigns.blacklist': {
    path: paths.campaigns.blacklist,
    is: '/campaigns/blacklist/',
    route: ['campaigns', 'blacklist'],
  },
  'campaign.tab': {
    path: paths.campaign.tab('performance', 12),
    is: '/campaigns/all/performance/12/',
    route: ['campaigns', 'tab'],
  },
  'campaign.setup': { path: paths.campaign.setup(12), is: '/campaigns/all/setup/12/', route: ['campaigns', 'tab'] },
  'campaign.optimization': {
    path: paths.campaign.optimization(12),
    is: '/campaigns/all/optimization/12/',
    route: ['campaigns', 'tab'],
  },
  'campaign.performance': {
    path: paths.campaign.performance(12),
    is: '/campaigns/all/performance/12/',
    route: ['campaigns', 'tab'],
  },
  'campaign.reports': {
    path: paths.campaign.reports(12),
    is: '/campaigns/all/reports/12/',
    route: ['campaigns', 'tab'],
  },
  'campaign.preview': {
    path: paths.campaign.preview('12,aB3_-x', 'share'),
    is: '/campaigns/preview/12,aB3_-x/share/',
    route: ['public', 'campaignPreview'],
  },
  'websites.all': { path: paths.websites.all, is: '/websites/all/', route: ['websites', 'all'] },
  'websites.add': { path: paths.websites.add, is: '/websites/add/', route: ['websites', 'add'] },
  'website.tab': {
    path: paths.website.tab('preferences', 4),
    is: '/websites/all/preferences/4/',
    route: ['websites', 'tab'],
  },
  'website.adCodes': { path: paths.website.adCodes(4), is: '/websites/all/ad-codes/4/', route: ['websites', 'tab'] },
  'website.preferences': {
    path: paths.website.preferences(4),
    is: '/websites/all/preferences/4/',
    route: ['websites', 'tab'],
  },
  'website.reports': { path: paths.website.reports(4), is: '/websites/all/reports/4/', route: ['websites', 'tab'] },
  reports: { path: paths.reports, is: '/reports/', route: ['shell', 'reports'] },
  notifications: { path: paths.notifications, is: '/notifications/', route: ['shell', 'notifications'] },
  referralProgram: { path: paths.referralProgram, is: '/referral-program/', route: ['shell', 'referralProgram'] },
  'faq.general': { path: paths.faq.general, is: '/faq/', route: ['shell', 'faq'] },
  'faq.advertisers': { path: paths.faq.advertisers, is: '/faq/advertisers-faq/', route: ['shell', 'faq'] },
  'faq.publishers': { path: paths.faq.publishers, is: '/faq/publishers-faq/', route: ['shell', 'faq'] },
  'settings.root': { path: paths.settings.root, is: '/settings/', route: ['shell', 'settings'] },
  'settings.security': { path: paths.settings.security, is: '/settings/security/', route: ['settings', 'security'] },
  'settings.changePassword': {
    path: paths.settings.changePassword,
    is: '/settings/change-password/',
    route: ['settings', 'changePassword'],
  },
  'settings.email': { path: paths.settings.email, is: '/settings/email/', route: ['settings', 'email'] },
  'settings.deleteAccount': {
    path: paths.settings.deleteAccount,
    is: '/settings/delete-account/',
    route: ['settings', 'deleteAccount'],
  },
  'settings.apiKeys': { path: paths.settings.apiKeys, is: '/settings/api-keys/', route: ['settings', 'apiKeys'] },
  'settings.webhooks': { path: paths.settings.webhooks, is: '/settings/webhooks/', route: ['settings', 'webhooks'] },
  'settings.sellers': { path: paths.settings.sellers, is: '/settings/sellers/', route: ['settings', 'sellers'] },
  'billing.details': { path: paths.billing.details, is: '/billing/details/', route: ['shell', 'billing'] },
  'billing.identification': {
    path: paths.billing.identification,
    is: '/billing/details/identification/',
    route: ['billingDetails', 'identification'],
  },
  'billing.uploadDocuments': {
    path: paths.billing.uploadDocuments,
    is: '/billing/details/upload-documents/',
    route: ['billingDetails', 'uploadDocuments'],
  },
  'billing.withdrawOptions': {
    path: paths.billing.withdrawOptions,
    is: '/billing/details/withdraw-options/',
    route: ['billingDetails', 'withdrawOptions'],
  },
  'billing.deposit': { path: paths.billing.deposit, is: '/billing/deposit/', route: ['shell', 'billing'] },
  'billing.depositCrypto': {
    path: paths.billing.depositCrypto,
    is: '/billing/deposit/crypto/',
    route: ['shell', 'billing'],
  },
  'billing.depositCard': {
    path: paths.billing.depositCard,
    is: '/billing/deposit/card-payment',
    route: ['shell', 'billing'],
  },
  'billing.depositBankTransfer': {
    path: paths.billing.depositBankTransfer,
    is: '/billing/deposit/bank-transfer',
    route: ['shell', 'billing'],
  },
  'billing.depositInstant': {
    path: paths.billing.depositInstant,
    is: '/billing/deposit/instant/',
    route: ['shell', 'billing'],
  },
  'billing.history': { path: paths.billing.history, is: '/billing/history/', route: ['shell', 'billing'] },
  'billing.statement': {
    path: paths.billing.statement,
    is: '/billing/history/statement/',
    route: ['shell', 'billing'],
  },
  'marketplace.browse': { path: paths.marketplace.browse, is: '/marketplace/', route: ['shell', 'marketplace'] },
  'marketplace.listings': {
    path: paths.marketplace.listings,
    is: '/marketplace/listings/',
    route: ['marketplace', 'listings'],
  },
  'marketplace.listing': {
    path: paths.marketplace.listing('Zq3_x-9'),
    is: '/marketplace/listing/Zq3_x-9/',
    route: ['marketplace', 'listing'],
  },
  'marketplace.packages': { path: paths.marketplace.packages, is: '/packages/', route: ['shell', 'packages'] },
  'marketplace.packagesKol': {
    path: paths.marketplace.packagesKol,
    is: '/packages/kol-spotlight/',
    route: ['packages', 'kol'],
  },
  'marketplace.packagesVisibility': {
    path: paths.marketplace.packagesVisibility,
    is: '/packages/visibility-boost/',
    route: ['packages', 'visibility'],
  },
  'marketplace.package': {
    path: paths.marketplace.package('pK7_x-2'),
    is: '/packages/pK7_x-2/',
    route: ['packages', 'detail'],
  },
  'marketplace.orders': { path: paths.marketplace.orders, is: '/orders/', route: ['shell', 'orders'] },
  'marketplace.order': {
    path: paths.marketplace.order('oR9-x_1'),
    is: '/orders/oR9-x_1/',
    route: ['orders', 'detail'],
  },
  'marketplace.wishlist': { path: paths.marketplace.wishlist, is: '/wishlist/', route: ['shell', 'wishlist'] },
  'marketplace.cart': { path: paths.marketplace.cart, is: '/cart/', route: ['shell', 'cart'] },
  'marketplace.newListing': { path: paths.marketplace.newListing, is: '/new-listing/', route: ['shell', 'newListing'] },
  'marketplace.myListings': {
    path: paths.marketplace.myListings,
    is: '/selling/listings/',
    route: ['selling', 'listings'],
  },
  'marketplace.incomingOrders': {
    path: paths.marketplace.incomingOrders,
    is: '/selling/orders/',
    route: ['selling', 'orders'],
  },
  'admin.overview': { path: paths.admin.overview, is: '/admin/', route: ['shell', 'admin'] },
  'admin.queue': { path: paths.admin.queue('payouts'), is: '/admin/queues/payouts/', route: ['admin', 'queue'] },
  'admin.accounts': { path: paths.admin.accounts, is: '/admin/accounts/', route: ['admin', 'accounts'] },
  'admin.account': { path: paths.admin.account(7), is: '/admin/accounts/7/', route: ['admin', 'account'] },
  'admin.content': { path: paths.admin.content, is: '/admin/content/', route: ['admin', 'content'] },
  'admin.audit': { path: paths.admin.audit, is: '/admin/audit/', route: ['admin', 'audit'] },
  'admin.approvals': { path: paths.admin.approvals, is: '/admin/approvals/', route: ['admin', 'approvals'] },
  'admin.bankStatements': {
    path: paths.admin.bankStatements,
    is: '/admin/bank-statements/',
    route: ['admin', 'bankStatements'],
  },
  'admin.setup2fa': { path: paths.admin.setup2fa, is: '/admin/setup-2fa/', route: ['admin', 'setup2fa'] },
};

/** The dotted names of the leaves of a nested object. */
function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const allPatterns = () =>
  Object.entries(groups).flatMap(([group, patterns]) =>
    Object.keys(patterns).map((key) => ({ name: `${group}.${key}`, pattern: fullPattern(group, key) })),
  );

describe('paths of the web app', () => {
  it('has a case below for every path it builds', () => {
    expect(leaves(paths).sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.entries(cases))('builds %s in the form the spec writes', (_name, { path, is }) => {
    expect(path).toBe(is);
  });

  it.each(Object.entries(cases))('routes %s to the screen it names', (_name, { path, route }) => {
    if (route === 'dashboard') {
      // The index route of the shell: no section and no public screen claims it.
      expect(allPatterns().filter(({ pattern }) => match(pattern, path))).toEqual([]);
      return;
    }
    expect(match(fullPattern(...route), path)).not.toBeNull();
  });

  it('gives every route pattern at least one path that opens it', () => {
    const built = Object.values(cases).map((c) => c.path);
    const unreachable = allPatterns()
      .filter(({ pattern }) => !built.some((path) => match(pattern, path)))
      .map(({ name }) => name);
    expect(unreachable).toEqual([]);
  });

  it('puts every campaign tab and id where the campaign screen reads them', () => {
    for (const tab of CAMPAIGN_TAB_SEGMENTS)
      expect(match(fullPattern('campaigns', 'tab'), paths.campaign.tab(tab, 31))).toEqual({ tab, id: '31' });
  });

  it('puts every website tab and id where the website screen reads them', () => {
    for (const tab of WEBSITE_TAB_SEGMENTS)
      expect(match(fullPattern('websites', 'tab'), paths.website.tab(tab, 8))).toEqual({ tab, id: '8' });
  });

  it('opens the wizard of each campaign kind the picker offers', () => {
    for (const kind of WIZARD_KINDS)
      expect(match(fullPattern('campaigns', 'wizard'), paths.campaigns.wizard(kind))).toEqual({ kind });
  });

  it('opens a preview on the desktop frame by default and on any device when asked', () => {
    const pattern = fullPattern('public', 'campaignPreview');
    expect(paths.campaign.preview(5)).toBe('/campaigns/preview/5/');
    expect(match(pattern, paths.campaign.preview(5))).toEqual({ id: '5' });
    for (const device of PREVIEW_DEVICES)
      expect(match(pattern, paths.campaign.preview('5,abc', device))).toEqual({ id: '5,abc', device });
  });

  it('keeps the secret of a mailed recovery link as the last segment', () => {
    expect(match(fullPattern('public', 'passwordRecovery'), paths.passwordRecovery('s3cr3t'))).toEqual({
      code: 's3cr3t',
    });
  });

  it('puts a listing’s id where the listing screen reads it, and keeps the results apart', () => {
    expect(match(fullPattern('marketplace', 'listing'), paths.marketplace.listing('aB3_-x'))).toEqual({
      unique: 'aB3_-x',
    });
    expect(match(fullPattern('marketplace', 'listing'), paths.marketplace.listings)).toBeNull();
  });

  it('puts a package’s and an order’s id where their screens read them', () => {
    expect(match(fullPattern('packages', 'detail'), paths.marketplace.package('pK7'))).toEqual({ unique: 'pK7' });
    expect(match(fullPattern('orders', 'detail'), paths.marketplace.order('oR9'))).toEqual({ unique: 'oR9' });
    expect(match(fullPattern('packages', 'kol'), paths.marketplace.packagesKol)).toEqual({});
    expect(match(fullPattern('packages', 'visibility'), paths.marketplace.packagesVisibility)).toEqual({});
  });

  it('does not take the archive for a campaign tab', () => {
    expect(match(fullPattern('campaigns', 'tab'), paths.campaigns.archive)).toBeNull();
    expect(match(fullPattern('campaigns', 'archive'), paths.campaigns.archive)).toEqual({});
  });
});

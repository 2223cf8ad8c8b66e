/**
 * The routes of the web app (docs/product/account.md#screens-and-routes; docs/product/campaigns.md#screens), in the contract because the server
 * writes links into notifications and mails, and so that a renamed route breaks the build
 * instead of a link. Imports nothing (no zod): the web's first load reads it.
 *
 * `paths` builds the links; `routePatterns` holds what the web's <Route path> declarations
 * read. paths.test.ts checks that every path lands on the pattern of its screen.
 *
 * Paths end with a slash, the form the product writes and the page titles match on. The two
 * routes whose last segment is a secret (password recovery, guide) end with the secret,
 * the form mailed recovery links have always had.
 */

/** The tabs of one campaign: /campaigns/all/{tab}/{id}/. */
export const CAMPAIGN_TAB_SEGMENTS = ['setup', 'optimization', 'performance', 'reports'] as const;
export type CampaignTab = (typeof CAMPAIGN_TAB_SEGMENTS)[number];

/** The tabs of one website: /websites/all/{tab}/{id}/. */
export const WEBSITE_TAB_SEGMENTS = ['ad-codes', 'preferences', 'reports'] as const;
export type WebsiteTab = (typeof WEBSITE_TAB_SEGMENTS)[number];

/** The frames of a campaign preview: /campaigns/preview/{id}/[{device}/]; desktop by default. */
export const PREVIEW_DEVICES = ['desktop', 'mobile', 'share'] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number];

/** The creation wizards behind the picker; the application kind is chosen inside the native one. */
export const WIZARD_KINDS = ['display', 'native', 'popunder'] as const;
export type WizardKind = (typeof WIZARD_KINDS)[number];

/** The review queues of the back office: /admin/queues/{queue}/ (docs/decisions/032). */
export const ADMIN_QUEUES = [
  'campaigns',
  'websites',
  'zones',
  'listings',
  'documents',
  'transfers',
  'payouts',
  'marketplace',
  'traffic',
  'deadletters',
] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];

const campaignTab = (tab: CampaignTab, id: number) => `/campaigns/all/${tab}/${id}/`;
const websiteTab = (tab: WebsiteTab, id: number) => `/websites/all/${tab}/${id}/`;

export const paths = {
  /** The dashboard; the public screens send a logged-in visitor here. */
  home: '/',
  login: '/login/',
  login2fa: '/login2fa/',
  signup: '/signup/',
  forgot: '/forgot/',
  /** The link of the recovery mail; `code` is the URL-safe secret. */
  passwordRecovery: (code: string) => `/password-recovery/${code}`,
  banned: '/banned/',
  guide: (secret: string) => `/guide/${secret}`,
  terms: '/terms/',
  privacyPolicy: '/privacy-policy/',

  campaigns: {
    all: '/campaigns/all/',
    archive: '/campaigns/all/archive/',
    create: '/campaigns/create/',
    wizard: (kind: WizardKind) => `/campaigns/create/${kind}/`,
    blacklist: '/campaigns/blacklist/',
  },
  campaign: {
    tab: campaignTab,
    setup: (id: number) => campaignTab('setup', id),
    optimization: (id: number) => campaignTab('optimization', id),
    performance: (id: number) => campaignTab('performance', id),
    reports: (id: number) => campaignTab('reports', id),
    /** Public when `idOrPermalink` is a permalink ('<id>,<random>'), the owner's otherwise. */
    preview: (idOrPermalink: number | string, device?: PreviewDevice) =>
      `/campaigns/preview/${idOrPermalink}/${device ? `${device}/` : ''}`,
  },

  websites: {
    all: '/websites/all/',
    add: '/websites/add/',
  },
  website: {
    tab: websiteTab,
    adCodes: (id: number) => websiteTab('ad-codes', id),
    preferences: (id: number) => websiteTab('preferences', id),
    reports: (id: number) => websiteTab('reports', id),
  },

  reports: '/reports/',
  notifications: '/notifications/',
  referralProgram: '/referral-program/',
  faq: {
    general: '/faq/',
    advertisers: '/faq/advertisers-faq/',
    publishers: '/faq/publishers-faq/',
  },
  settings: {
    /** Opens Account Security. */
    root: '/settings/',
    security: '/settings/security/',
    changePassword: '/settings/change-password/',
    email: '/settings/email/',
    deleteAccount: '/settings/delete-account/',
    apiKeys: '/settings/api-keys/',
    webhooks: '/settings/webhooks/',
    /** Publishers: how our sellers.json lists them (docs/product/programmatic.md#sellersjson). */
    sellers: '/settings/sellers/',
  },

  // The billing centre (docs/product/billing.md#screens Billing).
  billing: {
    details: '/billing/details/',
    identification: '/billing/details/identification/',
    uploadDocuments: '/billing/details/upload-documents/',
    withdrawOptions: '/billing/details/withdraw-options/',
    deposit: '/billing/deposit/',
    /** The deposit tabs (docs/product/billing.md#deposits: card-payment and bank-transfer are written without a slash). */
    depositCrypto: '/billing/deposit/crypto/',
    depositCard: '/billing/deposit/card-payment',
    depositBankTransfer: '/billing/deposit/bank-transfer',
    depositInstant: '/billing/deposit/instant/',
    history: '/billing/history/',
    /** The statement of account, a tab of Billing History (docs/product/billing.md#statement). */
    statement: '/billing/history/statement/',
  },
  /** The sections of the marketplace mode of the shell (docs/product/account.md#shell; docs/product/marketplace.md#screens). */
  marketplace: {
    browse: '/marketplace/',
    /** Filter Listings; the search state travels in the query (web: features/marketplace/lib/marketplace-search-params.ts). */
    listings: '/marketplace/listings/',
    listing: (unique: string) => `/marketplace/listing/${encodeURIComponent(unique)}/`,
    packages: '/packages/',
    /** The package tabs: Press Release is /packages/ itself. */
    packagesKol: '/packages/kol-spotlight/',
    packagesVisibility: '/packages/visibility-boost/',
    package: (unique: string) => `/packages/${encodeURIComponent(unique)}/`,
    orders: '/orders/',
    order: (unique: string) => `/orders/${encodeURIComponent(unique)}/`,
    wishlist: '/wishlist/',
    cart: '/cart/',
    newListing: '/new-listing/',
    /** Publishers' selling screens (ours): My Listings and Incoming Orders. */
    myListings: '/selling/listings/',
    incomingOrders: '/selling/orders/',
  },
  /** The back office of operators (account type 3), outside the customers' shell. */
  admin: {
    overview: '/admin/',
    queue: (queue: AdminQueue) => `/admin/queues/${queue}/`,
    accounts: '/admin/accounts/',
    account: (id: number) => `/admin/accounts/${id}/`,
    content: '/admin/content/',
    audit: '/admin/audit/',
    approvals: '/admin/approvals/',
    bankStatements: '/admin/bank-statements/',
    /** The only screen of an operator whose two-factor authentication is still off. */
    setup2fa: '/admin/setup-2fa/',
  },
} as const;

/**
 * The <Route path> patterns, grouped by the <Routes> that declares them. The authenticated
 * sections are mounted lazily as `section/*`, each with a <Routes> of its own whose
 * patterns are relative to the section (React Router's descendant routes).
 */
export const routePatterns = {
  /** apps/web/src/app/router.tsx: the screens outside the authenticated shell. */
  public: {
    login: 'login',
    login2fa: 'login2fa',
    signup: 'signup',
    forgot: 'forgot',
    passwordRecovery: 'password-recovery/:code',
    banned: 'banned',
    guide: 'guide/:secret',
    terms: 'terms',
    privacyPolicy: 'privacy-policy',
    campaignPreview: 'campaigns/preview/:id/:device?',
  },
  /** apps/web/src/app/authenticated-app.tsx: the sections of the shell (the dashboard is its index). */
  shell: {
    campaigns: 'campaigns/*',
    websites: 'websites/*',
    settings: 'settings/*',
    faq: 'faq/*',
    referralProgram: 'referral-program',
    notifications: 'notifications',
    reports: 'reports',
    billing: 'billing/*',
    marketplace: 'marketplace/*',
    packages: 'packages/*',
    orders: 'orders/*',
    wishlist: 'wishlist/*',
    cart: 'cart/*',
    newListing: 'new-listing/*',
    selling: 'selling/*',
    /** The back office (features/admin): its own shell; the overview is its index. */
    admin: 'admin/*',
  },
  /** Inside marketplace/* (features/marketplace): Browse Listings is the section's index. */
  marketplace: {
    listings: 'listings',
    listing: 'listing/:unique',
  },
  /** Inside packages/* (features/marketplace-orders): the Press Release tab is the section's index. */
  packages: {
    kol: 'kol-spotlight',
    visibility: 'visibility-boost',
    detail: ':unique',
  },
  /** Inside orders/*: the index opens the newest order. */
  orders: {
    detail: ':unique',
  },
  /** Inside selling/*: the publishers' screens. */
  selling: {
    listings: 'listings',
    orders: 'orders',
  },
  /** Inside admin/* (features/admin; the account screens come from features/admin-accounts). */
  admin: {
    queue: 'queues/:queue',
    accounts: 'accounts',
    account: 'accounts/:id',
    content: 'content',
    audit: 'audit',
    approvals: 'approvals',
    bankStatements: 'bank-statements',
    setup2fa: 'setup-2fa',
  },
  /** Inside campaigns/* (the section index redirects to the list). */
  campaigns: {
    create: 'create',
    wizard: 'create/:kind',
    all: 'all',
    archive: 'all/archive',
    tab: 'all/:tab/:id',
    blacklist: 'blacklist',
  },
  /** Inside websites/* (the section index redirects to the list). */
  websites: {
    add: 'add',
    all: 'all',
    tab: 'all/:tab/:id',
  },
  /** Inside billing/* (apps/web/src/app/billing-routes.tsx): each area mounts its own routes. */
  billing: {
    details: 'details/*',
    deposit: 'deposit/*',
    history: 'history/*',
  },
  /** Inside billing/details/* (features/billing-details): the three tabs of docs/product/billing.md#screens. */
  billingDetails: {
    identification: 'identification',
    uploadDocuments: 'upload-documents',
    withdrawOptions: 'withdraw-options',
  },
  /** Inside settings/* (the section index and unknown paths redirect to security). */
  settings: {
    security: 'security',
    changePassword: 'change-password',
    email: 'email',
    deleteAccount: 'delete-account',
    apiKeys: 'api-keys',
    webhooks: 'webhooks',
    sellers: 'sellers',
  },
} as const;

import type { PublicConfig } from '@cryptads/contract/system';

/** GET /api/config as a default deployment answers it; tests override what they look at. */
export const publicConfigFixture = (over: Partial<PublicConfig> = {}): PublicConfig => ({
  productName: 'Cryptads',
  captcha: { provider: 'none', siteKey: null },
  devMailbox: false,
  supportEmail: 's@x.io',
  rules: {
    minimumBids: { DISPLAY_TYPE_REGULAR: 0.2, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
    minimumBidsClick: { NATIVE: 0.05 },
    maxPrice: 20,
    revenueShare: 0.7,
    deletionGraceDays: 14,
  },
  ...over,
});

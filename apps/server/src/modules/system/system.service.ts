import type { PublicConfig } from '@cryptads/contract/system';
import type { AppContext } from '../../context';

/**
 * GET /api/config: what the web app needs before anyone logs in, and the configured rules
 * its help texts state (the FAQ reads the minimum bids from here, not from a copy).
 */
export function publicConfig(ctx: AppContext): PublicConfig {
  const { config } = ctx;
  return {
    productName: config.productName,
    captcha: { provider: ctx.captcha.provider, siteKey: config.captcha.siteKey },
    devMailbox: ctx.mailer.kind === 'outbox',
    supportEmail: config.supportEmail,
    rules: {
      minimumBids: { ...config.campaigns.minimumBids },
      minimumBidsClick: { ...config.campaigns.minimumBidsClick },
      maxPrice: config.campaigns.maxPrice,
      revenueShare: config.delivery.revenueShare,
      deletionGraceDays: config.deletionGraceDays,
    },
  };
}

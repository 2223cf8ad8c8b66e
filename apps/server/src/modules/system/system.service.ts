import type { PublicConfig } from '@cryptads/contract/system';
import type { AppContext } from '../../context';

/**
 * The dev mailbox (/api/dev/mailbox and /dev/mailbox) shows every mail the outbox holds,
 * reset links included: it exists only while the outbox is the mail transport, and never in
 * production, whatever ALLOW_SANDBOX says (docs/decisions/021).
 */
export const devMailboxOpen = (ctx: Pick<AppContext, 'config' | 'mailer'>) =>
  ctx.mailer.kind === 'outbox' && !ctx.config.isProduction;

/**
 * GET /api/config: what the web app needs before anyone logs in, and the configured rules
 * its help texts state (the FAQ reads the minimum bids from here, not from a copy).
 */
export function publicConfig(ctx: AppContext): PublicConfig {
  const { config } = ctx;
  return {
    productName: config.productName,
    captcha: { provider: ctx.captcha.provider, siteKey: config.captcha.siteKey },
    devMailbox: devMailboxOpen(ctx),
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

import type { AppContext } from '../../context';
import { type EventHandler, on } from '../events/worker';
import { maybePayReferralReward, notifyReferralReward } from './referral.service';

/**
 * The referrer's reward once the referred advertiser's spend reaches the threshold (a ledger
 * transfer of its own, paid once by its idempotency key), and the notice when it arrives.
 */
export function referralEventHandlers(ctx: Pick<AppContext, 'db'>): EventHandler[] {
  return [
    on('balance.credited', 'referral-notice', async (e) => {
      if (e.reason === 'referral_reward') await notifyReferralReward(ctx.db, e.userId);
    }),
    on('spend.recorded', 'referral-reward', async (e) => {
      await ctx.db.transaction((tx) => maybePayReferralReward(tx, e.userId));
    }),
  ];
}

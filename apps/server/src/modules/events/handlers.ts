import type { AppContext } from '../../context';
import { billingProfileEventHandlers } from '../billing-profile/billing-profile.service';
import { deliveryIndexHandlers } from '../delivery/index-events';
import { reactivateFundedCampaigns } from '../ledger/ledger.service';
import { invoiceEventHandlers } from '../invoices/invoices.service';
import { fulfilmentEventHandlers } from '../marketplace-fulfilment/fulfilment-events';
import { listingReviewEventHandlers } from '../marketplace/review.service';
import { orderEventHandlers } from '../marketplace-orders/order-events';
import { notifyIfBalanceLow } from '../notifications/notifications.service';
import { depositEventHandlers } from '../payments/deposit-events';
import { payoutEventHandlers } from '../payouts/payouts.service';
import { maybePayReferralReward, notifyReferralReward } from '../referral/referral.service';
import { type EventHandler, on } from './worker';

/**
 * What happens after a change commits, in one place (docs/decisions/010-domain-events.md).
 * Each handler opens its own transaction, so one failing never undoes another's work nor the
 * change that caused it; the worker retries the failed ones.
 */
export function eventHandlers(
  ctx: Pick<AppContext, 'db' | 'config' | 'delivery' | 'mailer'> & { bus?: AppContext['bus'] },
): EventHandler[] {
  const { db } = ctx;
  const balanceLow = (userId: number) =>
    db.transaction(async (tx) => {
      await notifyIfBalanceLow(tx, userId, ctx.config.balanceLowEuros);
    });
  return [
    // Money in: campaigns stopped for lack of funds deliver again; the low-balance pin clears.
    on('balance.credited', 'reactivate-campaigns', async (e) => {
      await db.transaction((tx) => reactivateFundedCampaigns(tx, e.userId));
    }),
    on('balance.credited', 'balance-low', (e) => balanceLow(e.userId)),
    on('balance.credited', 'referral-notice', async (e) => {
      if (e.reason === 'referral_reward') await notifyReferralReward(db, e.userId);
    }),
    // Money out: the low-balance pin, and the referrer's reward once the threshold is reached
    // (a ledger transfer of its own, paid once by its idempotency key).
    on('spend.recorded', 'balance-low', (e) => balanceLow(e.userId)),
    on('spend.recorded', 'referral-reward', async (e) => {
      await db.transaction((tx) => maybePayReferralReward(tx, e.userId));
    }),
    // A paid deposit: the user is told (issue 10 §3).
    ...depositEventHandlers(ctx),
    // Invoices of paid deposits and requested payouts (issue 10 §6).
    ...invoiceEventHandlers(ctx),
    // Identity reviews, payout changes, VAT answers: the customer (or support) is told (issue 10 §4, §5).
    ...billingProfileEventHandlers(ctx),
    // Each step of a payout: the publisher is told (issue 10 §5).
    ...payoutEventHandlers(ctx),
    // Each step of a paid marketplace item: buyer and seller are told (docs/decisions/018).
    ...fulfilmentEventHandlers(ctx),
    // An operator's decision on a listing request: the publisher is told (issue 11).
    ...listingReviewEventHandlers(ctx),
    // A paid marketplace order: its sellers are told, trending counts it (issue 11).
    ...orderEventHandlers(ctx),
    ...(ctx.delivery ? deliveryIndexHandlers(ctx.delivery.engine, ctx.bus) : []),
  ];
}

import type { Config } from './config';
import type { AppContext } from './context';
import { billingProfileEventHandlers } from './modules/billing-profile/billing-profile.service';
import type { Delivery } from './modules/delivery/delivery';
import { deliveryIndexHandlers } from './modules/delivery/index-events';
import type { CommitListener } from './modules/events/events';
import type { EventHandler } from './modules/events/worker';
import { invoiceEventHandlers } from './modules/invoices/invoices.service';
import { ledgerEventHandlers } from './modules/ledger/ledger-events';
import { fulfilmentEventHandlers } from './modules/marketplace-fulfilment/fulfilment-events';
import { listingReviewEventHandlers } from './modules/marketplace/review.service';
import { orderEventHandlers } from './modules/marketplace-orders/order-events';
import { orderPurpose } from './modules/marketplace-orders/order-purpose';
import { outgoingWebhookHandlers } from './modules/outgoing-webhooks/webhook-events';
import { notificationEventHandlers } from './modules/notifications/notification-events';
import { depositEventHandlers } from './modules/payments/deposit-events';
import { depositPurpose } from './modules/payments/deposits.service';
import { PaidPurposes } from './modules/payments/paid-purposes';
import { payoutEventHandlers } from './modules/payouts/payouts.service';
import { referralEventHandlers } from './modules/referral/referral-events';
import { usersChanged } from './modules/sessions/cache';

/*
 * Where the modules are wired to each other (the composition root, with app.ts): each module
 * exports its own reactions and hooks, and only this file knows them all, so that the modules
 * they serve (events, payments, sessions) import none of the modules that use them.
 */

/**
 * What happens after a change commits (docs/decisions/010-domain-events.md): every module's
 * event handlers. Each handler opens its own transaction, so one failing never undoes
 * another's work nor the change that caused it; the worker retries the failed ones. The names
 * are stored in the outbox: they never change. Handlers of one event run in this order.
 */
export function eventHandlers(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'> & {
    bus?: AppContext['bus'];
    delivery?: Delivery | undefined;
    webhooks?: { wake: () => void } | undefined;
  },
): EventHandler[] {
  return [
    // Money in: campaigns stopped for lack of funds deliver again.
    ...ledgerEventHandlers(ctx),
    // The low-balance pin, pinned by spend and cleared by money in.
    ...notificationEventHandlers(ctx),
    // The referrer's reward once the threshold is reached, and its notice.
    ...referralEventHandlers(ctx),
    // A paid deposit: the user is told.
    ...depositEventHandlers(ctx),
    // Invoices of paid deposits and requested payouts.
    ...invoiceEventHandlers(ctx),
    // Identity reviews, payout changes, VAT answers: the customer (or support) is told.
    ...billingProfileEventHandlers(ctx),
    // Each step of a payout: the publisher is told.
    ...payoutEventHandlers(ctx),
    // Each step of a paid marketplace item: buyer and seller are told (docs/decisions/018).
    ...fulfilmentEventHandlers(ctx),
    // An operator's decision on a listing request: the publisher is told.
    ...listingReviewEventHandlers(ctx),
    // A paid marketplace order: its sellers are told, trending counts it.
    ...orderEventHandlers(ctx),
    // The customer's outgoing webhooks: their events and deliveries (docs/decisions/042).
    ...outgoingWebhookHandlers({ db: ctx.db, wakeWebhooks: () => ctx.webhooks?.wake() }),
    // The delivery index is patched, not rebuilt.
    ...(ctx.delivery ? deliveryIndexHandlers(ctx.delivery.engine, ctx.bus) : []),
  ];
}

/** What a paid payment does, by its purpose: payments collects the money for these modules. */
export const paidPurposes = (config: Pick<Config, 'marketplace'>) =>
  new PaidPurposes().register('deposit', depositPurpose).register('order', orderPurpose(config.marketplace));

/**
 * What the commit of a transaction that wrote events does before its caller goes on (the
 * database's commit listener, events.ts `onCommit`): the session caches of every process forget
 * the users it changed (docs/decisions/026), then this process's event worker, if any, wakes.
 * `ctx` is read at commit time: the database is made before the context that holds it.
 */
export const afterCommit =
  (ctx: () => Pick<AppContext, 'bus' | 'sessionCache'>, wake?: () => void): CommitListener =>
  async (events) => {
    await usersChanged(ctx(), events);
    wake?.();
  };

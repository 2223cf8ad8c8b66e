import { eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@cryptads/contract/webhooks';
import { statusLive } from '@cryptads/contract/campaign-enums';
import { CURRENCY, microsToDecimal } from '@cryptads/contract/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import { webhookStatusSeen } from '../../db/schema/outgoing-webhooks';
import { websites, zones } from '../../db/schema/websites';
import { type EventHandler, on } from '../events/worker';
import { hasEndpoints, publishWebhookEvent } from './outgoing-webhooks.service';
import { type StatusKind, transitionEvents } from './rules';

/**
 * Money in a payload: an exact decimal string of euros, like the public API's
 * (docs/decisions/057-exact-money-on-the-wire.md): '2499.95725', '25.00'.
 */
const euros = (micros: string) => microsToDecimal(BigInt(micros));

/**
 * Domain events → outgoing webhook events (docs/decisions/042-outgoing-webhooks.md): each
 * handler writes the customer's event and its deliveries in one transaction, then wakes the
 * sender. At least once: the event id comes from a key of the change (a retry writes nothing
 * new), and status changes are compared with the status last seen (webhook_status_seen),
 * updated in the same transaction.
 */
export function outgoingWebhookHandlers(ctx: Pick<AppContext, 'db'> & { wakeWebhooks?: () => void }): EventHandler[] {
  const run = async (work: (tx: Tx) => Promise<number>) => {
    const written = await ctx.db.transaction(work);
    if (written > 0) ctx.wakeWebhooks?.();
  };

  /** The current status of a campaign, website or zone, with its owner and what the event tells. */
  const current = async (tx: Tx, kind: StatusKind, id: number) => {
    if (kind === 'campaign') {
      const [c] = await tx
        .select({ ownerId: campaigns.ownerId, status: campaigns.status, name: campaigns.name })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      return (
        c && {
          ownerId: c.ownerId,
          status: c.status,
          data: { campaignId: id, name: c.name, status: statusLive(c.status).text },
        }
      );
    }
    if (kind === 'website') {
      const [w] = await tx
        .select({ ownerId: websites.ownerId, status: websites.status, url: websites.url })
        .from(websites)
        .where(eq(websites.id, id));
      return w && { ownerId: w.ownerId, status: w.status, data: { websiteId: id, url: w.url } };
    }
    const [z] = await tx
      .select({ ownerId: websites.ownerId, status: zones.status, alias: zones.alias, websiteId: zones.websiteId })
      .from(zones)
      .innerJoin(websites, eq(websites.id, zones.websiteId))
      .where(eq(zones.id, id));
    return z && { ownerId: z.ownerId, status: z.status, data: { zoneId: id, websiteId: z.websiteId, name: z.alias } };
  };

  const statusChanged = (kind: StatusKind, id: number) =>
    run(async (tx) => {
      const now = await current(tx, kind, id);
      if (!now || !(await hasEndpoints(tx, now.ownerId))) return 0;
      // One handler at a time per object: the status read and the one remembered agree.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-status:${kind}:${id}`}, 0))`);
      const [seen] = await tx
        .select({ status: webhookStatusSeen.status })
        .from(webhookStatusSeen)
        .where(sql`${webhookStatusSeen.kind} = ${kind} and ${webhookStatusSeen.objectId} = ${id}`);
      await tx
        .insert(webhookStatusSeen)
        .values({ kind, objectId: id, status: now.status })
        .onConflictDoUpdate({
          target: [webhookStatusSeen.kind, webhookStatusSeen.objectId],
          set: { status: now.status },
        });
      // First seen (created after the endpoint): nothing to compare with, nothing sent.
      if (!seen) return 0;
      let written = 0;
      for (const type of transitionEvents(kind, seen.status, now.status))
        written += await publishWebhookEvent(tx, now.ownerId, type, now.data);
      return written;
    });

  const publish = (userId: number, type: WebhookEventType, data: Record<string, unknown>, key?: string) =>
    run((tx) => publishWebhookEvent(tx, userId, type, data, key));

  return [
    on('campaign.changed', 'outgoing-webhooks', (e) => statusChanged('campaign', e.campaignId)),
    on('website.changed', 'outgoing-webhooks', (e) => statusChanged('website', e.websiteId)),
    on('zone.changed', 'outgoing-webhooks', (e) => statusChanged('zone', e.zoneId)),
    on('balance.low', 'outgoing-webhooks', (e) =>
      // The domain event is written once per pin: only a crash between commit and bookkeeping repeats it.
      publish(e.userId, 'balance.low', { balance: euros(e.balanceMicros), currency: CURRENCY }),
    ),
    on('balance.runout', 'outgoing-webhooks', (e) =>
      publish(
        e.userId,
        'balance.runout',
        { balance: euros(e.balanceMicros), currency: CURRENCY, runOutAt: e.runOutAt },
        `runout:${e.userId}:${e.runOutAt}`,
      ),
    ),
    on('deposit.paid', 'outgoing-webhooks', (e) =>
      publish(
        e.userId,
        'deposit.completed',
        {
          paymentId: e.paymentId,
          amount: euros(e.amountMicros),
          total: euros(e.totalMicros),
          currency: CURRENCY,
          method: e.method,
        },
        `deposit:${e.paymentId}`,
      ),
    ),
    on('payout.changed', 'outgoing-webhooks', async (e) => {
      if (e.status !== 'sent') return;
      await publish(e.userId, 'payout.sent', { payoutId: e.payoutId }, `payout.sent:${e.payoutId}`);
    }),
    on('marketplace.order.paid', 'outgoing-webhooks', (e) =>
      publish(
        e.buyerId,
        'marketplace.order.changed',
        { orderId: e.orderId, itemId: null, step: 'paid', role: 'buyer' },
        `order:${e.orderId}:paid`,
      ),
    ),
    on('marketplace.item.changed', 'outgoing-webhooks', async (e) => {
      const [item] = await ctx.db
        .select({
          orderId: marketplaceOrderItems.orderId,
          sellerId: marketplaceOrderItems.sellerId,
          buyerId: marketplaceOrders.buyerId,
        })
        .from(marketplaceOrderItems)
        .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderItems.orderId))
        .where(eq(marketplaceOrderItems.id, e.itemId));
      if (!item) return;
      // A proof can break again on another day; every other step happens once.
      const step = e.step === 'proof-broken' ? `${e.step}:${new Date().toISOString().slice(0, 10)}` : e.step;
      const data = (role: string) => ({ orderId: item.orderId, itemId: e.itemId, step: e.step, by: e.by, role });
      await publish(item.buyerId, 'marketplace.order.changed', data('buyer'), `item:${e.itemId}:${step}:buyer`);
      if (item.sellerId !== null)
        await publish(item.sellerId, 'marketplace.order.changed', data('seller'), `item:${e.itemId}:${step}:seller`);
    }),
  ];
}

import { and, eq, sql } from 'drizzle-orm';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { listings, marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import { notifications } from '../../db/schema/notifications';
import { type EventHandler, on } from '../events/worker';
import { recordListingActivity } from '../marketplace/marketplace.service';
import { NotificationType, notify } from '../notifications/notify';

export const ORDER_TO_ACCEPT_TITLE = 'New marketplace order';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The seller's notice for one paid order (its text names the order: the same text twice is the same notice). */
export function sellerNotice(order: string, items: { title: string; acceptBy: Date | null }[]) {
  const first = items[0];
  const what = items.length === 1 ? `"${first?.title}"` : `${items.length} of your listings`;
  const by = first?.acceptBy ? ` Accept or deny by ${day(first.acceptBy)} (UTC).` : '';
  return {
    type: NotificationType.Success,
    title: ORDER_TO_ACCEPT_TITLE,
    message: `Order ${order} bought ${what}: the payment is held until you deliver.${by}`,
    link: paths.marketplace.incomingOrders,
  };
}

/**
 * Each seller of a paid order is told once, whatever the retries: the notice is written under
 * an advisory lock on (order, seller) only if the same notice is not there yet.
 */
async function tellSeller(tx: Tx, orderId: number, sellerId: number, notice: ReturnType<typeof sellerNotice>) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-notice:${orderId}:${sellerId}`}, 0))`);
  const [already] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sellerId),
        eq(notifications.title, notice.title),
        eq(notifications.message, notice.message),
      ),
    )
    .limit(1);
  if (!already) await notify(tx, sellerId, notice);
}

/**
 * After an order is paid (decision 010): each publisher whose listing it bought is told an item
 * waits for acceptance, and each listing counts an order for trending. The network's own
 * listings have no seller to tell; operators fulfil them from the command line.
 */
export function orderEventHandlers(ctx: Pick<AppContext, 'db'>): EventHandler[] {
  const itemsOf = (tx: Tx, orderId: number) =>
    tx
      .select({
        listingId: marketplaceOrderItems.listingId,
        sellerId: marketplaceOrderItems.sellerId,
        acceptBy: marketplaceOrderItems.acceptBy,
        title: listings.title,
        order: marketplaceOrders.unique,
      })
      .from(marketplaceOrderItems)
      .innerJoin(listings, eq(listings.id, marketplaceOrderItems.listingId))
      .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderItems.orderId))
      .where(eq(marketplaceOrderItems.orderId, orderId))
      .orderBy(marketplaceOrderItems.id);
  return [
    on('marketplace.order.paid', 'marketplace-seller-notice', async (e) => {
      await ctx.db.transaction(async (tx) => {
        const items = await itemsOf(tx, e.orderId);
        const bySeller = new Map<number, typeof items>();
        for (const item of items) {
          if (item.sellerId === null) continue;
          bySeller.set(item.sellerId, [...(bySeller.get(item.sellerId) ?? []), item]);
        }
        for (const [sellerId, sold] of bySeller)
          await tellSeller(tx, e.orderId, sellerId, sellerNotice(sold[0]?.order ?? '', sold));
      });
    }),
    // At least once: a retry after a crash may count an order twice, which trending tolerates.
    on('marketplace.order.paid', 'marketplace-trending-orders', async (e) => {
      await ctx.db.transaction(async (tx) => {
        // In listing order, so that two handlers never lock the same listings in opposite orders.
        const listingIds = (await itemsOf(tx, e.orderId)).map((i) => i.listingId).sort((a, b) => a - b);
        for (const listingId of listingIds) await recordListingActivity(tx, listingId, { orders: 1 });
      });
    }),
  ];
}

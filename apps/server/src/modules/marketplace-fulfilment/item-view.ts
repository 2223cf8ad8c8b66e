import { eq, type SQL, sql } from 'drizzle-orm';
import type { IncomingItem, OrderItem } from '@cryptads/contract/marketplace';
import { microsToEuros } from '@cryptads/contract/money';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { listings, marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import { toOrderItem } from '../marketplace-orders/orders.service';
import { commissionPercentFor, splitSale } from './commission';

/**
 * Order items as the seller sees them (IncomingItemSchema: the buyer's view of the item plus
 * the buyer's contact and the payout), in the incoming list and in each transition's answer.
 */

export type ItemRow = typeof marketplaceOrderItems.$inferSelect;
export type OrderRow = typeof marketplaceOrders.$inferSelect;

/** The listing columns an item shows and the fulfilment rules need. */
export const itemListingColumns = {
  id: listings.id,
  unique: listings.unique,
  title: listings.title,
  category: listings.category,
  niches: listings.niches,
  image: listings.image,
  attributes: listings.attributes,
  ownerId: listings.ownerId,
};
export type ItemListing = {
  id: number;
  unique: string;
  title: string;
  category: number;
  niches: string[];
  image: string;
  attributes: Record<string, string>;
  ownerId: number | null;
};

export type LoadedItem = { item: ItemRow; order: OrderRow; listing: ItemListing };

/** One item as OrderItemSchema: the same presenter as the buyer's order detail (modules/marketplace-orders). */
export function presentOrderItem(item: ItemRow, listing: ItemListing): OrderItem {
  const { unique, title, category, niches, image } = listing;
  return toOrderItem({ item, listing: { unique, title, category, niches, image } });
}

/** Micro-euros the seller receives when the item completes (0 for the network's own listings). */
export function payoutMicros(item: ItemRow, config: Pick<Config, 'marketplace'>): bigint {
  if (item.sellerId === null) return 0n;
  return splitSale(item.priceMicros, commissionPercentFor(item, config.marketplace.commissionPercent)).sellerMicros;
}

/** One item as the seller sees it: with the buyer's contact, the target URL and the payout. */
export function presentIncomingItem(loaded: LoadedItem, config: Pick<Config, 'marketplace'>): IncomingItem {
  const { item, order, listing } = loaded;
  return {
    ...presentOrderItem(item, listing),
    order: order.unique,
    orderDate: order.createdAt.toISOString(),
    buyerEmail: order.email,
    buyerLivechat: order.livechat,
    targetUrl: order.targetUrl,
    payout: microsToEuros(payoutMicros(item, config)),
  };
}

/** Items with their order and listing, narrowed by `where` (no lock), in the order asked for. */
export async function loadItems(
  db: DbOrTx,
  where: SQL | undefined,
  opts: { orderBy?: SQL[]; limit?: number } = {},
): Promise<LoadedItem[]> {
  const query = db
    .select({ item: marketplaceOrderItems, order: marketplaceOrders, listing: itemListingColumns })
    .from(marketplaceOrderItems)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderItems.orderId))
    .innerJoin(listings, eq(listings.id, marketplaceOrderItems.listingId))
    .where(where)
    .orderBy(...(opts.orderBy ?? [sql`${marketplaceOrderItems.id}`]))
    .$dynamic();
  return opts.limit === undefined ? query : query.limit(opts.limit);
}

export async function loadItem(db: DbOrTx, itemId: number): Promise<LoadedItem | null> {
  const [found] = await loadItems(db, eq(marketplaceOrderItems.id, itemId));
  return found ?? null;
}

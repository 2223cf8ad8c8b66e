import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ItemState, OrderDetail, OrderItem, OrderList, OrderSummary } from '@cryptads/contract/marketplace';
import { OrderStatus } from '@cryptads/contract/marketplace-messages';
import { chargedAmountOf, microsToEuros } from '@cryptads/contract/money';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { listings, marketplaceOrderItems, marketplaceOrders, marketplacePackages } from '../../db/schema/marketplace';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { mediaUrl } from '../marketplace/marketplace.service';
import { breakdownFor, depositCustomer } from '../payments/deposits.service';
import type { OrderRow } from './order-fulfilment.service';

/** Reading orders: the list, one order with its items, its pay options and billing state. */

const iso = (d: Date | null) => d?.toISOString() ?? null;
const euros = (micros: bigint) => microsToEuros(micros);

/** Card and crypto charge whole cents: an order total that is not (a package split in micro-euros) is charged up to the next cent. */
export const chargedAmount = chargedAmountOf;

/** A payment that ended without money: the order it was opened for may be paid again. */
export const CLOSED_PAYMENT_STATUSES: readonly string[] = ['failed', 'expired', 'canceled'];

/**
 * Orders left 'processing' by a card or crypto payment that ended without money (failed,
 * expired, given up on the provider's page) wait for payment again, so that Pay Now shows.
 * Run before reading or paying a buyer's orders; a final payment status never changes, so
 * this can never undo a payment that succeeds later.
 */
export async function reopenAbandoned(db: DbOrTx, buyerId: number, orderId?: number) {
  await db
    .update(marketplaceOrders)
    .set({ status: OrderStatus.Pending, paymentMethod: null, updatedAt: new Date() })
    .where(
      and(
        eq(marketplaceOrders.buyerId, buyerId),
        orderId === undefined ? undefined : eq(marketplaceOrders.id, orderId),
        eq(marketplaceOrders.status, OrderStatus.Processing),
        sql`exists (select 1 from ${payments} p where p.id = ${marketplaceOrders.paymentId}
          and p.status = any(${`{${CLOSED_PAYMENT_STATUSES.join(',')}}`}::text[]))`,
      ),
    );
}

const summaryColumns = {
  order: marketplaceOrders,
  packageUnique: marketplacePackages.unique,
  packageTitle: marketplacePackages.title,
  items:
    sql<number>`(select count(*) from ${marketplaceOrderItems} i where i.order_id = ${marketplaceOrders.id})`.mapWith(
      Number,
    ),
  firstTitle: sql<
    string | null
  >`(select l.title from ${marketplaceOrderItems} i join ${listings} l on l.id = i.listing_id
    where i.order_id = ${marketplaceOrders.id} order by i.id limit 1)`,
};

type SummaryRow = {
  order: OrderRow;
  packageUnique: string | null;
  packageTitle: string | null;
  items: number;
  firstTitle: string | null;
};

function toSummary(row: SummaryRow): OrderSummary {
  const { order } = row;
  return {
    unique: order.unique,
    date: order.createdAt.toISOString(),
    price: euros(order.totalMicros),
    status: order.status as OrderSummary['status'],
    items: row.items,
    title: row.packageTitle ?? row.firstTitle ?? '',
  };
}

const summaries = (db: DbOrTx) =>
  db
    .select(summaryColumns)
    .from(marketplaceOrders)
    .leftJoin(marketplacePackages, eq(marketplacePackages.id, marketplaceOrders.packageId));

/** GET /marketplace/orders: a map keyed by unique and the keys newest first. */
export async function listOrders(db: DbOrTx, buyerId: number): Promise<OrderList> {
  await reopenAbandoned(db, buyerId);
  const rows = await summaries(db)
    .where(eq(marketplaceOrders.buyerId, buyerId))
    .orderBy(desc(marketplaceOrders.createdAt), desc(marketplaceOrders.id));
  const orders: OrderList['orders'] = {};
  for (const row of rows) orders[row.order.unique] = toSummary(row);
  return { orders, order: rows.map((r) => r.order.unique) };
}

type ItemWithListing = {
  item: typeof marketplaceOrderItems.$inferSelect;
  listing: { unique: string; title: string; category: number; niches: string[]; image: string };
};

/** One item as the buyer's order and the seller's incoming list show it. */
export function toOrderItem({ item, listing }: ItemWithListing): OrderItem {
  return {
    id: item.id,
    listing: { ...listing, image: mediaUrl(listing.image) },
    price: euros(item.priceMicros),
    state: item.state as ItemState,
    seller: item.sellerId === null ? 'platform' : 'publisher',
    acceptBy: iso(item.acceptBy),
    acceptedAt: iso(item.acceptedAt),
    deliveredAt: iso(item.deliveredAt),
    completeBy: iso(item.completeBy),
    completedAt: iso(item.completedAt),
    deniedAt: iso(item.deniedAt),
    denyReason: item.denyReason,
    proofUrl: item.proofUrl,
    deliveryDate: item.deliveryDate,
    proofCheck: item.proofCheck,
    refunded: item.refundedMicros === null ? null : euros(item.refundedMicros),
  };
}

export async function orderItems(db: DbOrTx, orderIds: readonly number[]): Promise<ItemWithListing[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      item: marketplaceOrderItems,
      listing: {
        unique: listings.unique,
        title: listings.title,
        category: listings.category,
        niches: listings.niches,
        image: listings.image,
      },
    })
    .from(marketplaceOrderItems)
    .innerJoin(listings, eq(listings.id, marketplaceOrderItems.listingId))
    .where(inArray(marketplaceOrderItems.orderId, [...orderIds]))
    .orderBy(asc(marketplaceOrderItems.id));
}

/**
 * GET /marketplace/orders/{unique}: the order, its items, what it costs by each way to pay
 * (the deposit breakdown: processing fee and VAT as a deposit of that amount would carry)
 * and whether billing details are complete (the deposit screen's rule).
 */
export async function presentOrder(
  db: DbOrTx,
  config: Pick<Config, 'payments' | 'invoiceIssuer'>,
  order: OrderRow,
): Promise<OrderDetail> {
  const [[summary], items, customer, [buyer]] = await Promise.all([
    summaries(db).where(eq(marketplaceOrders.id, order.id)),
    orderItems(db, [order.id]),
    depositCustomer(db, config, order.buyerId),
    db.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, order.buyerId)),
  ]);
  if (!summary) throw new Error(`order ${order.id} vanished`);
  const amount = chargedAmount(summary.order.totalMicros);
  const crypto = breakdownFor(config, customer, 'crypto', amount);
  const card = breakdownFor(config, customer, 'card', amount);
  const current = summary.order;
  return {
    ...toSummary(summary),
    email: current.email,
    livechat: current.livechat,
    targetUrl: current.targetUrl,
    package:
      summary.packageUnique && summary.packageTitle
        ? { unique: summary.packageUnique, title: summary.packageTitle }
        : null,
    paymentMethod: current.paymentMethod as OrderDetail['paymentMethod'],
    paidAt: iso(current.paidAt),
    payOptions: {
      wallet: { total: euros(current.totalMicros), enabled: (buyer?.balance ?? 0n) >= current.totalMicros },
      crypto: { total: euros(crypto.totalMicros), fee: euros(crypto.feeMicros), vat: euros(crypto.vatMicros) },
      card: { total: euros(card.totalMicros), fee: euros(card.feeMicros), vat: euros(card.vatMicros) },
    },
    billingComplete: customer.hasBillingDetails,
    listings: items.map(toOrderItem),
  };
}

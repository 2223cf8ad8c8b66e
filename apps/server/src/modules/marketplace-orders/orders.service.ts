import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreateOrderSchema, OrderCreated, OrderDetail } from '@cryptads/contract/marketplace';
import {
  finalPriceMicros,
  ListingStatus,
  MARKETPLACE_MESSAGES as M,
  OrderStatus,
} from '@cryptads/contract/marketplace-messages';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  cartItems,
  listings,
  marketplaceOrderItems,
  marketplaceOrders,
  marketplacePackageListings,
  marketplacePackages,
} from '../../db/schema/marketplace';
import { payments } from '../../db/schema/payments';
import { AppError, conflict, notFound } from '../../lib/errors';
import { cancelPayment } from '../payments/payments.service';
import { paymentsOf } from '../payments/deposits.service';
import type { UserRow } from '../sessions/sessions.service';
import type { OrderRow } from './order-fulfilment.service';
import { presentOrder, reopenAbandoned } from './order-view';
import { splitPrice } from './price-split';

/**
 * Orders (docs/product/marketplace.md#orders, #api; docs/decisions/018-marketplace.md): created waiting for payment
 * from listings or a package, read by their buyer only, canceled while not paid. Paying is
 * in order-payment.service.ts; the money goes into escrow in order-fulfilment.service.ts.
 */

export { listOrders, toOrderItem } from './order-view';

type Ctx = Pick<AppContext, 'db' | 'config' | 'payments' | 'paidPurposes'>;
type CreateOrderInput = z.output<typeof CreateOrderSchema>;

/** 12 URL-safe random characters (72 bits): an order's public id. */
export const newUnique = () => randomBytes(9).toString('base64url');

/** One of the buyer's orders; another account's (or no) order answers 404. */
export async function ownedOrder(
  db: DbOrTx,
  buyerId: number,
  unique: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderRow> {
  const query = db
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.unique, unique), eq(marketplaceOrders.buyerId, buyerId)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(M.orderNotFound);
  return row;
}

/** GET /marketplace/orders/{unique}. */
export async function orderDetail(ctx: Pick<Ctx, 'db' | 'config'>, user: Pick<UserRow, 'id'>, unique: string) {
  const order = await ownedOrder(ctx.db, user.id, unique);
  await reopenAbandoned(ctx.db, user.id, order.id);
  return presentOrder(ctx.db, ctx.config, await ownedOrder(ctx.db, user.id, unique));
}

type NewItem = { listingId: number; sellerId: number | null; priceMicros: bigint };

async function insertOrder(
  tx: Tx,
  order: Omit<typeof marketplaceOrders.$inferInsert, 'unique' | 'status' | 'totalMicros'>,
  items: readonly NewItem[],
): Promise<OrderRow> {
  const totalMicros = items.reduce((sum, i) => sum + i.priceMicros, 0n);
  const [row] = await tx
    .insert(marketplaceOrders)
    .values({ ...order, unique: newUnique(), status: OrderStatus.Pending, totalMicros })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  await tx.insert(marketplaceOrderItems).values(items.map((i) => ({ ...i, orderId: row.id })));
  return row;
}

/**
 * POST /marketplace/orders: an order waiting for payment, each item at the listing's price
 * after discount as it is now. Every listing must be active and not the buyer's own (409);
 * the listings read are share-locked so none changes status before the commit. The ordered
 * listings leave the cart in the same transaction.
 */
export async function createOrder(ctx: Pick<Ctx, 'db'>, user: Pick<UserRow, 'id'>, input: CreateOrderInput) {
  const uniques = [...new Set(input.listings)];
  const order = await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: listings.id,
        unique: listings.unique,
        ownerId: listings.ownerId,
        status: listings.status,
        priceMicros: listings.priceMicros,
        discount: listings.discount,
      })
      .from(listings)
      .where(inArray(listings.unique, uniques))
      // Locked in id order, the order this module's trending counters update listings in.
      .orderBy(asc(listings.id))
      .for('share');
    if (found.length !== uniques.length || found.some((l) => l.status !== ListingStatus.Active))
      throw conflict(M.listingUnavailable);
    if (found.some((l) => l.ownerId === user.id)) throw conflict(M.ownListing);
    const byUnique = new Map(found.map((l) => [l.unique, l]));
    const items = uniques.map((u) => {
      const l = byUnique.get(u);
      if (!l) throw conflict(M.listingUnavailable);
      return { listingId: l.id, sellerId: l.ownerId, priceMicros: finalPriceMicros(l.priceMicros, l.discount) };
    });
    const created = await insertOrder(
      tx,
      { buyerId: user.id, email: input.email, livechat: input.livechat, targetUrl: input.targetUrl || null },
      items,
    );
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.userId, user.id),
        inArray(
          cartItems.listingId,
          items.map((i) => i.listingId),
        ),
      ),
    );
    return created;
  });
  return { unique: order.unique } satisfies OrderCreated;
}

/**
 * POST /marketplace/buckets/order: a package as one order waiting for payment, one item per
 * active listing of the package, the package's price split over them in proportion to their
 * own prices so that the items add up to it exactly (price-split.ts). The email is the
 * account's; 404 for a package that is not offered (or has no active listing left).
 */
export async function orderPackage(ctx: Pick<Ctx, 'db'>, user: Pick<UserRow, 'id' | 'email'>, unique: string) {
  const order = await ctx.db.transaction(async (tx) => {
    const [pkg] = await tx
      .select()
      .from(marketplacePackages)
      .where(and(eq(marketplacePackages.unique, unique), eq(marketplacePackages.active, true)))
      .limit(1)
      .for('share');
    if (!pkg) throw notFound(M.packageNotFound);
    const locked = await tx
      .select({
        id: listings.id,
        ownerId: listings.ownerId,
        priceMicros: listings.priceMicros,
        discount: listings.discount,
        position: marketplacePackageListings.position,
      })
      .from(marketplacePackageListings)
      .innerJoin(listings, eq(listings.id, marketplacePackageListings.listingId))
      .where(and(eq(marketplacePackageListings.packageId, pkg.id), eq(listings.status, ListingStatus.Active)))
      .orderBy(asc(listings.id))
      .for('share', { of: listings });
    // Locked in id order (as in createOrder), listed in the package's order.
    const members = locked.sort((a, b) => a.position - b.position || a.id - b.id);
    if (members.length === 0) throw notFound(M.packageNotFound);
    if (members.some((l) => l.ownerId === user.id)) throw conflict(M.ownListing);
    const prices = splitPrice(
      pkg.priceMicros,
      members.map((l) => finalPriceMicros(l.priceMicros, l.discount) || l.priceMicros),
    );
    return insertOrder(
      tx,
      { buyerId: user.id, email: user.email.slice(0, 255), livechat: '', targetUrl: null, packageId: pkg.id },
      members.map((l, i) => ({ listingId: l.id, sellerId: l.ownerId, priceMicros: prices[i] ?? 0n })),
    );
  });
  return { unique: order.unique } satisfies OrderCreated;
}

/**
 * Gives up the card or crypto payment an order waits for, if it is still open: the provider
 * is asked first (payments.service cancelPayment), so a payment that did go through is
 * fulfilled rather than lost. A provider that cannot be reached leaves the payment open: if
 * its money arrives later it is credited (and the order, no longer waiting, is left as is).
 */
export async function giveUpOpenPayment(ctx: Ctx, order: OrderRow, log?: { warn: (o: object, m: string) => void }) {
  if (order.status !== OrderStatus.Processing || !order.paymentId) return null;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, order.paymentId)).limit(1);
  if (payment?.status !== 'created') return payment ?? null;
  try {
    return await cancelPayment(ctx.db, paymentsOf(ctx), payment, ctx.paidPurposes, log);
  } catch (error) {
    if (error instanceof AppError && error.status === 502) return payment;
    throw error;
  }
}

/**
 * DELETE /marketplace/orders/{unique}: an order waiting for payment, or with a card or crypto
 * payment open, is canceled; the open payment is given up first. A paid or canceled order
 * answers 409.
 */
export async function cancelOrder(
  ctx: Ctx,
  user: Pick<UserRow, 'id'>,
  unique: string,
  log?: { warn: (o: object, m: string) => void },
): Promise<OrderDetail> {
  const order = await ownedOrder(ctx.db, user.id, unique);
  if (order.status !== OrderStatus.Pending && order.status !== OrderStatus.Processing)
    throw conflict(M.orderNotPending);
  await giveUpOpenPayment(ctx, order, log);
  await ctx.db.transaction(async (tx) => {
    const locked = await ownedOrder(tx, user.id, unique, { forUpdate: true });
    if (locked.status !== OrderStatus.Pending && locked.status !== OrderStatus.Processing)
      throw conflict(M.orderNotPending);
    const now = new Date();
    await tx
      .update(marketplaceOrders)
      .set({ status: OrderStatus.Denied, canceledAt: now, updatedAt: now })
      .where(eq(marketplaceOrders.id, locked.id));
  });
  return presentOrder(ctx.db, ctx.config, await ownedOrder(ctx.db, user.id, unique));
}

/** The order a card or crypto payment was opened for (the sandbox page sends the browser back to it). */
export async function orderOfPayment(db: DbOrTx, paymentId: string): Promise<{ unique: string } | null> {
  const [row] = await db
    .select({ unique: marketplaceOrders.unique })
    .from(marketplaceOrders)
    .where(eq(marketplaceOrders.paymentId, paymentId))
    .limit(1);
  return row ?? null;
}

import { asc, eq } from 'drizzle-orm';
import { DAY_MS } from '@cryptads/contract/dates';
import { OrderStatus } from '@cryptads/contract/marketplace-messages';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import type { payments } from '../../db/schema/payments';
import { emitEvent } from '../events/events';
import { hold, platform } from '../ledger/ledger.service';
import { addWorkingDays } from './working-days';

/**
 * Paying an order (docs/decisions/018-marketplace.md): the one place its money goes into
 * escrow, shared by the wallet path and by a paid card or crypto payment. Each item gets its
 * own ledger hold (buyer available -> held, destined for platform('marketplace_escrow')), so
 * each is later posted to its seller or voided back to the buyer on its own.
 */

export type OrderRow = typeof marketplaceOrders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export type Marketplace = Pick<
  Config['marketplace'],
  'acceptWorkingDays' | 'deliverDays' | 'reviewDays' | 'commissionPercent'
>;

/**
 * An item's hold expires a day after the latest moment the marketplace's own timers could still
 * settle it (docs/decisions/041): accepted at the last minute, delivered on the last day, then
 * the whole review window. The marketplace's timers (every few minutes) refund or complete it
 * long before; the day between lets them act first, so the hold-expiry job only catches an
 * item they never settle.
 */
export const orderHoldDeadline = (acceptBy: Date, marketplace: Pick<Marketplace, 'deliverDays' | 'reviewDays'>) =>
  new Date(acceptBy.getTime() + (marketplace.deliverDays + marketplace.reviewDays + 1) * DAY_MS);

/** The network's share an item carries, fixed when it is paid: all of it on the network's own listings. */
export const commissionAtPayment = (sellerId: number | null, configured: number) =>
  sellerId === null ? 100 : configured;

/**
 * Holds each item's price and marks the order paid, in the caller's transaction, which holds
 * the order's row lock and has checked that it may be paid. Throws the ledger's 402 when the
 * available balance is short (the caller's transaction then rolls back: no hold stays). The
 * idempotency key `order-item:<id>` makes a repeated call place nothing twice.
 */
export async function placeOrderHolds(
  tx: Tx,
  order: OrderRow,
  method: 'wallet' | 'crypto' | 'card',
  marketplace: Marketplace,
  now = new Date(),
): Promise<void> {
  const items = await tx
    .select()
    .from(marketplaceOrderItems)
    .where(eq(marketplaceOrderItems.orderId, order.id))
    .orderBy(asc(marketplaceOrderItems.id));
  const acceptBy = addWorkingDays(now, marketplace.acceptWorkingDays);
  for (const item of items) {
    const placed = await hold(tx, {
      userId: order.buyerId,
      to: platform('marketplace_escrow'),
      amountMicros: item.priceMicros,
      kind: 'marketplace_order',
      description: `Marketplace order ${order.unique}, item ${item.id}`,
      reference: `order:${order.unique}`,
      idempotencyKey: `order-item:${item.id}`,
      expiresAt: orderHoldDeadline(acceptBy, marketplace),
    });
    await tx
      .update(marketplaceOrderItems)
      .set({
        state: 'pending',
        holdId: placed.hold.id,
        acceptBy,
        commissionPercent: commissionAtPayment(item.sellerId, marketplace.commissionPercent),
        updatedAt: now,
      })
      .where(eq(marketplaceOrderItems.id, item.id));
  }
  await tx
    .update(marketplaceOrders)
    .set({ status: OrderStatus.Completed, paymentMethod: method, paidAt: now, updatedAt: now })
    .where(eq(marketplaceOrders.id, order.id));
  await emitEvent(tx, { type: 'marketplace.order.paid', orderId: order.id, buyerId: order.buyerId });
}

/**
 * A card or crypto payment of an order is paid (order-purpose.ts, the payment row locked, its amount already credited to the buyer like a deposit). If the order still waits
 * for this very payment, the same holds as a wallet payment are placed and it is paid; if it
 * was canceled, paid another way or moved to another payment meanwhile, or less arrived than
 * it costs (an underpaid crypto payment), the money stays on the buyer's balance (nothing is
 * lost) and an order left waiting for this payment waits for payment again.
 */
export async function fulfilOrderPayment(
  tx: Tx,
  payment: PaymentRow,
  creditedMicros: bigint,
  marketplace: Marketplace,
): Promise<'paid' | 'kept-on-balance'> {
  const [order] = await tx
    .select()
    .from(marketplaceOrders)
    .where(eq(marketplaceOrders.paymentId, payment.id))
    .limit(1)
    .for('update');
  if (!order || order.status !== OrderStatus.Processing || order.buyerId !== payment.userId) return 'kept-on-balance';
  if (creditedMicros < order.totalMicros) {
    await tx
      .update(marketplaceOrders)
      .set({ status: OrderStatus.Pending, paymentMethod: null, updatedAt: new Date() })
      .where(eq(marketplaceOrders.id, order.id));
    return 'kept-on-balance';
  }
  await placeOrderHolds(tx, order, payment.method === 'crypto' ? 'crypto' : 'card', marketplace);
  return 'paid';
}

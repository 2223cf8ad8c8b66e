import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import type { OrderDetail, PayRedirect } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { marketplaceOrders } from '../../db/schema/marketplace';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { INSUFFICIENT_BALANCE } from '../ledger/ledger.service';
import { breakdownFor, type DepositCustomer, depositCustomer, paymentsOf } from '../payments/deposits.service';
import { openPayment } from '../payments/payments.service';
import type { UserRow } from '../sessions/sessions.service';
import { type OrderRow, placeOrderHolds } from './order-fulfilment.service';
import { CLOSED_PAYMENT_STATUSES, chargedAmount, presentOrder } from './order-view';
import { giveUpOpenPayment, ownedOrder } from './orders.service';

/**
 * Paying an order (docs/product/marketplace.md#roles, #api; docs/decisions/018-marketplace.md). Only advertisers pay
 * (the endpoint table answers a publisher 403 with the text of docs/product/marketplace.md#roles), and only with complete
 * billing details. From the balance, the total is held in escrow at once; by card or crypto,
 * a payment is opened at the provider and its 'paid' credits the balance and holds the same
 * way (order-fulfilment.service.ts).
 *
 * An order 'processing' (a card or crypto payment open) may be paid again, by any method:
 * the open payment is given up first (asked at the provider, so one that went through is
 * fulfilled instead), because a customer who closed the provider's page must not be stuck.
 * A payment still being confirmed (crypto on the chain) answers 409 until it ends.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'payments' | 'paidPurposes'>;
type Log = { warn: (o: object, m: string) => void };

async function payingCustomer(ctx: Ctx, userId: number, method: 'wallet' | 'card' | 'crypto') {
  const customer = await depositCustomer(ctx.db, ctx.config, userId);
  if (method !== 'wallet') assertMayPayBy(customer, method);
  if (!customer.hasBillingDetails) throw conflict(M.completeBilling);
  return customer;
}

/** Blocked deposits block paying through a provider too: the money arrives as a deposit. */
function assertMayPayBy(customer: DepositCustomer, method: 'card' | 'crypto') {
  if (customer.blocked.all) throw forbidden(BILLING_MESSAGES.depositBlocked);
  if ((method === 'card' && customer.blocked.card) || (method === 'crypto' && customer.blocked.crypto))
    throw forbidden(BILLING_MESSAGES.depositMethodBlocked);
}

/**
 * Under the order's row lock: may it be paid now? Paid already: 'paid' (the caller answers
 * the paid order, or 409). Waiting for payment, or its card or crypto payment ended without
 * money: yes. A payment still open or being confirmed: 409.
 */
async function payable(tx: Tx, order: OrderRow): Promise<'yes' | 'paid'> {
  if (order.status === OrderStatus.Completed) return 'paid';
  if (order.status === OrderStatus.Pending) return 'yes';
  if (order.status !== OrderStatus.Processing) throw conflict(M.orderNotPending);
  if (!order.paymentId) return 'yes';
  const [payment] = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, order.paymentId))
    .limit(1);
  if (payment && CLOSED_PAYMENT_STATUSES.includes(payment.status)) return 'yes';
  throw conflict(M.paymentInProgress);
}

/**
 * GET /marketplace/orders/{unique}/pay, the press on Pay Now: the order and its pay options as
 * they stand now (the balance may have changed since the order was read). A publisher never
 * gets here: the endpoint table answers 403 with the text of docs/product/marketplace.md#roles,
 * so the refusal comes before any way to pay is shown. Billing details missing, or an order
 * that is no longer waiting payment: 409, as the pay calls would answer.
 */
export async function payNow(ctx: Ctx, user: Pick<UserRow, 'id'>, unique: string): Promise<OrderDetail> {
  const order = await ownedOrder(ctx.db, user.id, unique);
  if (order.status !== OrderStatus.Pending && order.status !== OrderStatus.Processing)
    throw conflict(M.orderNotPending);
  await payingCustomer(ctx, user.id, 'wallet');
  return presentOrder(ctx.db, ctx.config, order);
}

/**
 * POST /marketplace/orders/{unique}/pay/wallet: in one transaction holding the order's row
 * lock, each item's price is held in escrow and the order is paid. Paying twice at once
 * (two tabs) charges once: the second call waits for the lock, finds the order paid and
 * answers it. 402 when the balance is short (nothing is held).
 */
export async function payWallet(ctx: Ctx, user: Pick<UserRow, 'id'>, unique: string, log?: Log): Promise<OrderDetail> {
  const order = await ownedOrder(ctx.db, user.id, unique);
  await payingCustomer(ctx, user.id, 'wallet');
  await giveUpOpenPayment(ctx, order, log);
  await ctx.db.transaction(async (tx) => {
    const locked = await ownedOrder(tx, user.id, unique, { forUpdate: true });
    if ((await payable(tx, locked)) === 'paid') return;
    const [buyer] = await tx.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, user.id));
    if ((buyer?.balance ?? 0n) < locked.totalMicros) throw new AppError(402, M.walletShort);
    try {
      await placeOrderHolds(tx, locked, 'wallet', ctx.config.marketplace);
    } catch (error) {
      // Spent meanwhile by ad delivery: the ledger's CHECK refused; the transaction rolls back.
      if (error instanceof AppError && error.reason === INSUFFICIENT_BALANCE) throw new AppError(402, M.walletShort);
      throw error;
    }
  });
  return presentOrder(ctx.db, ctx.config, await ownedOrder(ctx.db, user.id, unique));
}

/**
 * POST /marketplace/orders/{unique}/pay/crypto and /pay/card: a payment of the order's total
 * plus the deposit's processing fee and VAT, opened at the method's provider, coming back to
 * the order's page. The payment row and the order's 'processing' state commit together
 * before the provider is called, so a fast webhook finds the order waiting for it.
 */
export async function payByProvider(
  ctx: Ctx,
  user: Pick<UserRow, 'id' | 'email'>,
  unique: string,
  method: 'crypto' | 'card',
  log?: Log,
  baseUrl: string = ctx.config.publicUrl,
): Promise<PayRedirect> {
  const order = await ownedOrder(ctx.db, user.id, unique);
  if (order.status === OrderStatus.Completed || order.status === OrderStatus.Denied) throw conflict(M.orderNotPending);
  const customer = await payingCustomer(ctx, user.id, method);
  await giveUpOpenPayment(ctx, order, log);
  const { config } = ctx;
  const { url } = await openPayment(
    ctx.db,
    paymentsOf(ctx),
    baseUrl,
    {
      userId: user.id,
      purpose: 'order',
      method,
      breakdown: breakdownFor(config, customer, method, chargedAmount(order.totalMicros)),
      vat: customer.vat,
      evidence: { billingCountry: customer.billingCountry, ipCountry: null, cardCountry: null, agrees: null },
      description: `${config.productName} marketplace order ${order.unique}`,
      customerEmail: user.email,
      returnPath: paths.marketplace.order(order.unique),
    },
    async (tx) => {
      const locked = await ownedOrder(tx, user.id, unique, { forUpdate: true });
      if ((await payable(tx, locked)) === 'paid') throw conflict(M.orderNotPending);
      if (locked.totalMicros !== order.totalMicros) throw new Error(`order ${order.id} changed its total`);
    },
    async (tx, payment) => {
      await tx
        .update(marketplaceOrders)
        .set({ status: OrderStatus.Processing, paymentMethod: method, paymentId: payment.id, updatedAt: new Date() })
        .where(eq(marketplaceOrders.id, order.id));
    },
  );
  return { url };
}

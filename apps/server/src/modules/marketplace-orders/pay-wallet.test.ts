import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailSchema } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { listingActivity } from '../../db/schema/marketplace';
import { notifications } from '../../db/schema/notifications';
import { drainEvents, loginAs } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkLedger } from '../ledger/check';
import { accountBalance, held, platform } from '../ledger/ledger.service';
import { balanceOf, giveBillingDetails } from '../payments/test-helpers';
import { ORDER_TO_ACCEPT_TITLE, orderEventHandlers } from './order-events';
import { call, fund, holdsOf, insertListing, itemRows, orderRow, payWallet, placeOrder } from './test-helpers';
import { addWorkingDays } from './working-days';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

async function buyer(euros: number) {
  const session = await loginAs(app, 'advertiser');
  await giveBillingDetails(app, session.user.id);
  if (euros > 0) await fund(app, session.user.id, euros);
  return session;
}

describe('paying an order from the balance', () => {
  it('holds each item in escrow to the micro-euro, marks the order paid and starts the accept timers', async () => {
    const seller = await loginAs(app, 'publisher');
    const { headers, user } = await buyer(500);
    const escrowBefore = await accountBalance(app.ctx.db, platform('marketplace_escrow'));
    const a = await insertListing(app, { title: 'Network placement', price: 99.99, discount: 15 });
    const b = await insertListing(app, { title: 'Publisher placement', price: 120, ownerId: seller.user.id });
    const unique = await placeOrder(app, headers, [a.unique, b.unique]);

    const res = await payWallet(app, headers, unique);
    expect([res.status, res.reason]).toEqual([200, null]);
    const order = OrderDetailSchema.parse(res.response);
    expect(order).toMatchObject({ status: OrderStatus.Completed, paymentMethod: 'wallet', price: 204.99 });
    expect(order.paidAt).not.toBeNull();

    // 500 - 84.99 - 120 = 295.01 stays available; 204.99 is held; escrow receives it only on completion.
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(295.01));
    expect(await accountBalance(app.ctx.db, held(user.id))).toBe(eurosToMicros(204.99));
    expect(await accountBalance(app.ctx.db, platform('marketplace_escrow'))).toBe(escrowBefore);

    const holds = await holdsOf(app, user.id);
    const items = await itemRows(app, unique);
    expect(holds.map((h) => [h.amountMicros, h.status, h.kind, h.idempotencyKey])).toEqual(
      items.map((i) => [i.priceMicros, 'pending', 'marketplace_order', `order-item:${i.id}`]),
    );
    const paidAt = (await orderRow(app, unique)).paidAt as Date;
    expect(items.map((i) => [i.state, i.holdId, i.acceptBy?.toISOString(), i.commissionPercent])).toEqual([
      ['pending', holds[0]?.id, addWorkingDays(paidAt, 3).toISOString(), 100],
      ['pending', holds[1]?.id, addWorkingDays(paidAt, 3).toISOString(), 20],
    ]);
    expect(order.listings.map((i) => i.acceptBy)).toEqual([
      addWorkingDays(paidAt, 3).toISOString(),
      addWorkingDays(paidAt, 3).toISOString(),
    ]);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('answers the paid order when paid again, and holds nothing more', async () => {
    const { headers, user } = await buyer(300);
    const listing = await insertListing(app, { price: 100 });
    const unique = await placeOrder(app, headers, [listing.unique]);
    expect((await payWallet(app, headers, unique)).status).toBe(200);
    const again = await payWallet(app, headers, unique);
    expect([again.status, again.response.status]).toEqual([200, OrderStatus.Completed]);
    expect(await holdsOf(app, user.id)).toHaveLength(1);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(200));
  });

  it('answers 402 when the balance is short, and holds nothing', async () => {
    const { headers, user } = await buyer(99.99);
    const a = await insertListing(app, { price: 50 });
    const b = await insertListing(app, { price: 50 });
    const unique = await placeOrder(app, headers, [a.unique, b.unique]);
    const res = await payWallet(app, headers, unique);
    expect([res.status, res.reason]).toEqual([402, M.walletShort]);
    expect(await holdsOf(app, user.id)).toEqual([]);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(99.99));
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Pending);
    expect((await itemRows(app, unique)).map((i) => i.holdId)).toEqual([null, null]);
  });

  it('needs complete billing details (409)', async () => {
    const { headers, user } = await loginAs(app, 'advertiser');
    await fund(app, user.id, 500);
    const listing = await insertListing(app);
    const unique = await placeOrder(app, headers, [listing.unique]);
    const res = await payWallet(app, headers, unique);
    expect([res.status, res.reason]).toEqual([409, M.completeBilling]);
    expect((await getDetail(headers, unique)).billingComplete).toBe(false);
    expect(await holdsOf(app, user.id)).toEqual([]);
  });

  it('refuses a publisher with the exact words at Pay Now, and on every way to pay', async () => {
    const { headers, user } = await loginAs(app, 'publisher');
    await giveBillingDetails(app, user.id);
    await fund(app, user.id, 500);
    const listing = await insertListing(app);
    const unique = await placeOrder(app, headers, [listing.unique]);
    const payNow = await call(app, headers, 'GET', `/marketplace/orders/${unique}/pay`);
    expect([payNow.status, payNow.reason, payNow.response]).toEqual([403, M.publisherCannotBuy, null]);
    for (const method of ['wallet', 'crypto', 'card']) {
      const res = await call(app, headers, 'POST', `/marketplace/orders/${unique}/pay/${method}`);
      expect([method, res.status, res.reason]).toEqual([method, 403, M.publisherCannotBuy]);
    }
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Pending);
  });

  it('Pay Now answers the order with its pay options as they stand now', async () => {
    const { headers, user } = await buyer(50);
    const listing = await insertListing(app, { price: 100 });
    const unique = await placeOrder(app, headers, [listing.unique]);
    const before = await call(app, headers, 'GET', `/marketplace/orders/${unique}/pay`);
    expect(before.status).toBe(200);
    expect(OrderDetailSchema.parse(before.response).payOptions.wallet).toEqual({ total: 100, enabled: false });
    // Funded meanwhile (another tab): the balance now covers the order.
    await fund(app, user.id, 50);
    const after = OrderDetailSchema.parse(
      (await call(app, headers, 'GET', `/marketplace/orders/${unique}/pay`)).response,
    );
    expect(after).toMatchObject({ unique, status: OrderStatus.Pending, payOptions: { wallet: { enabled: true } } });
    // Nothing was paid or opened by looking.
    expect(await holdsOf(app, user.id)).toEqual([]);
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Pending);
  });

  it('Pay Now needs complete billing details and an order waiting payment (409), and the owner (404)', async () => {
    const { headers, user } = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    const unique = await placeOrder(app, headers, [listing.unique]);
    const noBilling = await call(app, headers, 'GET', `/marketplace/orders/${unique}/pay`);
    expect([noBilling.status, noBilling.reason]).toEqual([409, M.completeBilling]);
    await giveBillingDetails(app, user.id);
    const other = await buyer(0);
    const notYours = await call(app, other.headers, 'GET', `/marketplace/orders/${unique}/pay`);
    expect([notYours.status, notYours.reason]).toEqual([404, M.orderNotFound]);
    await call(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    const canceled = await call(app, headers, 'GET', `/marketplace/orders/${unique}/pay`);
    expect([canceled.status, canceled.reason]).toEqual([409, M.orderNotPending]);
  });

  it('refuses a canceled order (409)', async () => {
    const { headers } = await buyer(500);
    const listing = await insertListing(app);
    const unique = await placeOrder(app, headers, [listing.unique]);
    await call(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    const res = await payWallet(app, headers, unique);
    expect([res.status, res.reason]).toEqual([409, M.orderNotPending]);
  });

  it('tells each seller once after the commit and counts an order for trending', async () => {
    const seller = await loginAs(app, 'publisher');
    const { headers } = await buyer(1000);
    const one = await insertListing(app, { title: 'Crypto Daily article', ownerId: seller.user.id });
    const two = await insertListing(app, { title: 'Crypto Daily banner', ownerId: seller.user.id });
    const network = await insertListing(app, { title: 'Network banner' });
    const unique = await placeOrder(app, headers, [one.unique, two.unique, network.unique]);
    await payWallet(app, headers, unique);
    await drainEvents(app);
    const notices = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.user.id), eq(notifications.title, ORDER_TO_ACCEPT_TITLE)));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain(`Order ${unique} bought 2 of your listings`);
    // Delivered again (at least once): the seller is not told twice.
    const order = await orderRow(app, unique);
    const notice = orderEventHandlers(app.ctx).find((h) => h.name === 'marketplace-seller-notice');
    await notice?.handle({ type: 'marketplace.order.paid', orderId: order.id, buyerId: order.buyerId } as never);
    const after = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(after.filter((n) => n.title === ORDER_TO_ACCEPT_TITLE)).toHaveLength(1);
    expect(notices[0]?.link).toBe('/selling/orders/');
    for (const l of [one, two, network]) {
      const [activity] = await app.ctx.db.select().from(listingActivity).where(eq(listingActivity.listingId, l.id));
      expect(activity?.orders).toBe(1);
    }
  });

  // Paying at the same moment: real concurrent transactions, so PostgreSQL only (postgres-only.ts).
  itOnPostgres('charges once when the same order is paid from several tabs at once', async () => {
    const seller = await loginAs(app, 'publisher');
    const { headers, user } = await buyer(1000);
    const listingsBought = [
      await insertListing(app, { price: 99.99, discount: 15 }),
      await insertListing(app, { price: 120, ownerId: seller.user.id }),
      await insertListing(app, { price: 0.01 }),
    ];
    const unique = await placeOrder(
      app,
      headers,
      listingsBought.map((l) => l.unique),
    );
    const answers = await Promise.all(Array.from({ length: 8 }, () => payWallet(app, headers, unique)));
    expect(answers.map((a) => [a.status, a.response.status])).toEqual(Array(8).fill([200, OrderStatus.Completed]));
    const holds = await holdsOf(app, user.id);
    expect(holds.map((h) => h.amountMicros)).toEqual([eurosToMicros(84.99), eurosToMicros(120), eurosToMicros(0.01)]);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(1000 - 205));
    expect(await accountBalance(app.ctx.db, held(user.id))).toBe(eurosToMicros(205));
    expect((await itemRows(app, unique)).map((i) => i.holdId)).toEqual(holds.map((h) => h.id));
    const check = await checkLedger(app.ctx.db);
    expect(check.items.filter((i) => i.violations > 0)).toEqual([]);
  });

  itOnPostgres('pays only the orders the balance covers when several are paid at once', async () => {
    const { headers, user } = await buyer(250);
    const orders: string[] = [];
    for (let i = 0; i < 5; i++)
      orders.push(await placeOrder(app, headers, [(await insertListing(app, { price: 100 })).unique]));
    const answers = await Promise.all(orders.map((u) => payWallet(app, headers, u)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 402, 402, 402]);
    expect(answers.filter((a) => a.status === 402).map((a) => a.reason)).toEqual(Array(3).fill(M.walletShort));
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(50));
    expect(await accountBalance(app.ctx.db, held(user.id))).toBe(eurosToMicros(200));
    expect(await holdsOf(app, user.id)).toHaveLength(2);
    const statuses = await Promise.all(orders.map(async (u) => (await orderRow(app, u)).status));
    expect(statuses.filter((s) => s === OrderStatus.Completed)).toHaveLength(2);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  itOnPostgres('either pays or cancels an order paid and canceled at once, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const { headers, user } = await buyer(100);
      const unique = await placeOrder(app, headers, [(await insertListing(app, { price: 100 })).unique]);
      const [paid, canceled] = await Promise.all([
        payWallet(app, headers, unique),
        call(app, headers, 'DELETE', `/marketplace/orders/${unique}`),
      ]);
      const status = (await orderRow(app, unique)).status;
      const holds = await holdsOf(app, user.id);
      if (status === OrderStatus.Completed) {
        expect([paid.status, canceled.status, canceled.reason, holds.length]).toEqual([200, 409, M.orderNotPending, 1]);
        expect(await balanceOf(app, user.id)).toBe(0n);
      } else {
        expect(status).toBe(OrderStatus.Denied);
        expect([paid.status, paid.reason, canceled.status, holds.length]).toEqual([409, M.orderNotPending, 200, 0]);
        expect(await balanceOf(app, user.id)).toBe(eurosToMicros(100));
      }
    }
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });
});

const getDetail = async (headers: Record<string, string>, unique: string) =>
  OrderDetailSchema.parse((await call(app, headers, 'GET', `/marketplace/orders/${unique}`)).response);

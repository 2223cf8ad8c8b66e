import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import { OrderDetailSchema } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { createPayments } from '../../adapters/payments/payments';
import type { PaymentStatus } from '../../adapters/payments/port';
import { invoices } from '../../db/schema/invoices';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkLedger } from '../ledger/check';
import { accountBalance, held } from '../ledger/ledger.service';
import { applyProviderEvent } from '../payments/payments.service';
import { balanceOf, eventsOf, giveBillingDetails, paymentRow, pressSandboxButton } from '../payments/test-helpers';
import {
  call,
  fund,
  getOrder,
  holdsOf,
  insertListing,
  itemRows,
  orderRow,
  payWallet,
  placeOrder,
} from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

type H = Record<string, string>;

async function buyerWithOrder(prices: number[]) {
  const session = await loginAs(app, 'advertiser');
  await giveBillingDetails(app, session.user.id);
  const uniques = [];
  for (const price of prices) uniques.push((await insertListing(app, { price })).unique);
  const unique = await placeOrder(app, session.headers, uniques);
  return { ...session, unique };
}

async function pay(headers: H, unique: string, method: 'card' | 'crypto') {
  const res = await call<{ url: string }>(app, headers, 'POST', `/marketplace/orders/${unique}/pay/${method}`);
  const order = await orderRow(app, unique);
  return { ...res, paymentId: order.paymentId ?? '' };
}

/** The sandbox page's button: it signs the provider's event and delivers it to our webhook, as a provider would. */
const press = (paymentId: string, action: 'pay' | 'fail' | 'underpay') => pressSandboxButton(app, paymentId, action);

/** What the provider reports later, applied as the webhook applies it (the sandbox page acts only on open payments). */
async function providerSays(paymentId: string, status: PaymentStatus, eventId = `test:${paymentId}:${status}`) {
  const payment = await paymentRow(app, paymentId);
  return applyProviderEvent(
    app.ctx.db,
    {
      provider: 'sandbox',
      providerEventId: eventId,
      providerRef: payment.providerRef ?? '',
      paymentId,
      status,
      ...(status === 'paid' ? { paidMicros: payment.totalMicros } : {}),
      providerStatus: `test.${status}`,
    },
    app.ctx.paidPurposes,
  );
}

/** The browser back on the order page: the web app asks the payments endpoint to check (decision 014). */
const browserReturn = (headers: H, paymentId: string, action?: 'cancel') =>
  app.inject({
    method: 'POST',
    url: '/api/billing/payment',
    headers,
    payload: { paymentId, ...(action ? { action } : {}) },
  });

describe('paying an order by card or cryptocurrency', () => {
  it('opens a card payment of the total plus VAT that comes back to the order, and holds the items once paid', async () => {
    const { headers, user, unique } = await buyerWithOrder([60, 40]);
    const opened = await pay(headers, unique, 'card');
    expect(opened.status).toBe(200);
    // Without PUBLIC_URL the page is on the origin the request came to (inject's Host: localhost).
    expect(opened.response.url).toBe(`http://localhost/sandbox/pay/${opened.paymentId}`);
    expect(await paymentRow(app, opened.paymentId)).toMatchObject({
      userId: user.id,
      purpose: 'order',
      method: 'card',
      status: 'created',
      amountMicros: eurosToMicros(100),
      feeMicros: 0n,
      vatMicros: eurosToMicros(23),
      totalMicros: eurosToMicros(123),
    });
    const processing = OrderDetailSchema.parse((await getOrder(app, headers, unique)).response);
    expect([processing.status, processing.paymentMethod]).toEqual([OrderStatus.Processing, 'card']);

    const page = await app.inject({ method: 'GET', url: `/sandbox/pay/${opened.paymentId}` });
    expect(page.body).toContain('marketplace order');
    const pressed = await pressSandboxButton(app, opened.paymentId, 'pay');
    expect(pressed.location).toBe(`/orders/${unique}/?payment=success&paymentId=${opened.paymentId}`);

    const paid = OrderDetailSchema.parse((await getOrder(app, headers, unique)).response);
    expect([paid.status, paid.paymentMethod, paid.listings.map((i) => i.state)]).toEqual([
      OrderStatus.Completed,
      'card',
      ['pending', 'pending'],
    ]);
    // Credited like a deposit of 100 (VAT to the tax account), then all of it held for the items.
    expect(await balanceOf(app, user.id)).toBe(0n);
    expect(await accountBalance(app.ctx.db, held(user.id))).toBe(eurosToMicros(100));
    expect((await holdsOf(app, user.id)).map((h) => h.amountMicros)).toEqual([eurosToMicros(60), eurosToMicros(40)]);
    await drainEvents(app);
    const [invoice] = await app.ctx.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(invoice).toMatchObject({ sourceType: 'deposit', sourceId: opened.paymentId });
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('fulfils once when webhooks and browser returns arrive at once', async () => {
    const { headers, user, unique } = await buyerWithOrder([84.99, 120]);
    const opened = await pay(headers, unique, 'crypto');
    // 204.99 + 1 % fee (2.05) + 23 % VAT on both (47.62).
    expect((await paymentRow(app, opened.paymentId)).totalMicros).toBe(eurosToMicros(254.66));
    // At once: Pay pressed twice on the provider's page (each press that finds the payment open
    // delivers its own signed webhook), the provider's own 'paid' events delivered three times
    // (distinct event ids, as retries of a provider are), and the browser coming back three times.
    const answers = await Promise.all([
      press(opened.paymentId, 'pay'),
      browserReturn(headers, opened.paymentId),
      providerSays(opened.paymentId, 'paid', 'evt-1'),
      press(opened.paymentId, 'pay'),
      browserReturn(headers, opened.paymentId),
      providerSays(opened.paymentId, 'paid', 'evt-2'),
      browserReturn(headers, opened.paymentId),
      providerSays(opened.paymentId, 'paid', 'evt-3'),
    ]);
    expect(
      answers.map((a) => ('statusCode' in a ? a.statusCode : 'status' in a ? a.status : a.outcome === 'mismatch')),
    ).toEqual([303, 200, false, 303, 200, false, 200, false]);
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Completed);
    expect(await holdsOf(app, user.id)).toHaveLength(2);
    expect(await balanceOf(app, user.id)).toBe(0n);
    expect(await accountBalance(app.ctx.db, held(user.id))).toBe(eurosToMicros(204.99));
    expect((await paymentRow(app, opened.paymentId)).creditedMicros).toBe(eurosToMicros(204.99));
    expect((await eventsOf(app, opened.paymentId)).filter((e) => e.outcome === 'moved')).toHaveLength(1);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('leaves the money on the balance when the order was canceled while the payment was confirming', async () => {
    const { headers, user, unique } = await buyerWithOrder([100]);
    const opened = await pay(headers, unique, 'crypto');
    const payment = await paymentRow(app, opened.paymentId);
    await providerSays(payment.id, 'pending');
    // Still being confirmed: another way to pay waits for it.
    await fund(app, user.id, 500);
    const wallet = await payWallet(app, headers, unique);
    expect([wallet.status, wallet.reason]).toEqual([409, M.paymentInProgress]);
    const canceled = await call(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    expect(canceled.status).toBe(200);
    expect((await paymentRow(app, payment.id)).status).toBe('pending');

    expect((await providerSays(payment.id, 'paid')).fulfilled).toBe(true);
    expect((await paymentRow(app, payment.id)).status).toBe('paid');
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(600));
    expect(await holdsOf(app, user.id)).toEqual([]);
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Denied);
    expect((await checkLedger(app.ctx.db)).ok).toBe(true);
  });

  it('puts an underpaid order back to waiting payment, with what arrived on the balance', async () => {
    const { headers, user, unique } = await buyerWithOrder([100]);
    const opened = await pay(headers, unique, 'crypto');
    await press(opened.paymentId, 'underpay');
    const payment = await paymentRow(app, opened.paymentId);
    expect(payment.creditedMicros).toBeLessThan(eurosToMicros(100));
    expect(await balanceOf(app, user.id)).toBe(payment.creditedMicros);
    expect(await holdsOf(app, user.id)).toEqual([]);
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Pending);
  });

  it('lets a failed or abandoned payment be replaced: the order waits for payment again', async () => {
    const { headers, user, unique } = await buyerWithOrder([100]);
    const first = await pay(headers, unique, 'card');
    const failed = await pressSandboxButton(app, first.paymentId, 'fail');
    expect(failed.location).toBe(`/orders/${unique}/?payment=canceled&paymentId=${first.paymentId}`);
    expect((await getOrder(app, headers, unique)).response).toMatchObject({
      status: OrderStatus.Pending,
      paymentMethod: null,
    });

    // A second page opened, then left without paying: paying again gives it up first.
    const second = await pay(headers, unique, 'card');
    const third = await pay(headers, unique, 'crypto');
    expect(third.status).toBe(200);
    expect((await paymentRow(app, second.paymentId)).status).toBe('canceled');
    expect(await orderRow(app, unique)).toMatchObject({ status: OrderStatus.Processing, paymentId: third.paymentId });

    // The browser came back through the cancel link: the order may be paid from the balance.
    expect((await browserReturn(headers, third.paymentId, 'cancel')).statusCode).toBe(200);
    await fund(app, user.id, 100);
    const wallet = await payWallet(app, headers, unique);
    expect([wallet.status, wallet.response.paymentMethod]).toEqual([200, 'wallet']);
    // A late 'paid' of a payment given up is for an operator to look at, not credited.
    await providerSays(third.paymentId, 'paid');
    expect(await paymentRow(app, third.paymentId)).toMatchObject({ status: 'canceled', needsReview: true });
    expect(await balanceOf(app, user.id)).toBe(0n);
    expect(await holdsOf(app, user.id)).toHaveLength(1);
  });

  it('cancels an order with its open card payment, and then refuses to pay it', async () => {
    const { headers, unique } = await buyerWithOrder([100]);
    const opened = await pay(headers, unique, 'card');
    const res = await call(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    expect([res.status, (res.response as { status: number }).status]).toEqual([200, OrderStatus.Denied]);
    expect((await paymentRow(app, opened.paymentId)).status).toBe('canceled');
    const again = await pay(headers, unique, 'card');
    expect([again.status, again.reason]).toEqual([409, M.orderNotPending]);
  });

  it('refuses a paid order, missing billing details and blocked methods', async () => {
    const { headers, user, unique } = await buyerWithOrder([100]);
    await fund(app, user.id, 100);
    await payWallet(app, headers, unique);
    const paid = await pay(headers, unique, 'crypto');
    expect([paid.status, paid.reason]).toEqual([409, M.orderNotPending]);

    const other = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    const order = await placeOrder(app, other.headers, [listing.unique]);
    const noDetails = await pay(other.headers, order, 'card');
    expect([noDetails.status, noDetails.reason]).toEqual([409, M.completeBilling]);
    await giveBillingDetails(app, other.user.id, { blockedDepositCard: true });
    const blocked = await pay(other.headers, order, 'card');
    expect([blocked.status, blocked.reason]).toEqual([403, BILLING_MESSAGES.depositMethodBlocked]);
    expect((await pay(other.headers, order, 'crypto')).status).toBe(200);
    expect((await itemRows(app, order)).map((i) => i.holdId)).toEqual([null]);
  });

  it('answers 502 when the provider cannot be reached, and the order can be paid again', async () => {
    const { headers, unique } = await buyerWithOrder([100]);
    const previous = app.ctx.payments;
    app.ctx.payments = createPayments({
      card: 'sandbox',
      crypto: 'coingate',
      sandbox: { secret: 's'.repeat(32), publicUrl: app.ctx.config.publicUrl },
      coingate: {
        apiToken: 't',
        apiUrl: 'http://127.0.0.1:9/api/v2',
        callbackUrl: 'http://127.0.0.1:9/cb',
        callbackSecret: 'c'.repeat(32),
      },
    });
    try {
      const res = await pay(headers, unique, 'crypto');
      expect(res.status).toBe(502);
      expect((await paymentRow(app, res.paymentId)).status).toBe('failed');
    } finally {
      app.ctx.payments = previous;
    }
    expect(
      body(await app.inject({ method: 'GET', url: `/api/marketplace/orders/${unique}`, headers })).response,
    ).toMatchObject({
      status: OrderStatus.Pending,
    });
    expect((await pay(headers, unique, 'card')).status).toBe(200);
  });
});

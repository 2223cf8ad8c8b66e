import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositRow } from '@cryptads/contract/deposits';
import { eurosToMicros } from '@cryptads/contract/money';
import type { FakeCoinGate } from '../../adapters/payments/fakes/fake-coingate';
import type { FakeStripe } from '../../adapters/payments/fakes/fake-stripe';
import { createPayments } from '../../adapters/payments/payments';
import { buildSandboxWebhook, SANDBOX_SIGNATURE_HEADER } from '../../adapters/payments/sandbox';
import { paymentEvents } from '../../db/schema/payments';
import { body } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { paymentsSettings, sandboxSecret } from './providers';
import {
  balanceOf,
  deposit,
  depositor,
  eventsOf,
  paymentRow,
  stripeApp,
  coinGateApp,
  postStripe,
  openCardDeposit,
  openCryptoDeposit,
} from './test-helpers';

const returnCall = async (app: TestApp, headers: Record<string, string>, paymentId: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/billing/payment', headers, payload: { paymentId } });
  return { status: res.statusCode, row: body<DepositRow>(res).response };
};

describe('sandbox webhooks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const post = (webhook: { body: string; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: webhook.headers,
      payload: webhook.body,
    });
  const signed = async (paymentId: string, action: 'pay' | 'fail' | 'expire' | 'underpay', secret?: string) => {
    const payment = await paymentRow(app, paymentId);
    return buildSandboxWebhook(
      secret ?? sandboxSecret(app.ctx.config),
      { paymentId, amountMicros: payment.totalMicros },
      action,
    );
  };

  it('refuses a bad signature and changes nothing', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    const forged = await signed(paymentId, 'pay', 'x'.repeat(40));
    const res = await post(forged);
    expect([res.statusCode, body(res).reason]).toEqual([400, 'The notification could not be verified.']);
    const unsigned = await signed(paymentId, 'pay');
    const stripped = { ...unsigned, headers: { 'content-type': 'application/json' } };
    expect((await post(stripped)).statusCode).toBe(400);
    const tampered = {
      ...unsigned,
      body: unsigned.body.replace('"paidMicros":"184500000"', '"paidMicros":"999500000"'),
    };
    expect(tampered.body).not.toBe(unsigned.body);
    expect((await post(tampered)).statusCode).toBe(400);
    expect((await paymentRow(app, paymentId)).status).toBe('created');
    expect(await eventsOf(app, paymentId)).toEqual([]);
    expect(await balanceOf(app, user.id)).toBe(0n);
    expect(unsigned.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('stores a repeated event once and credits once', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    const webhook = await signed(paymentId, 'pay');
    for (let i = 0; i < 3; i++) {
      const res = await post(webhook);
      expect([res.statusCode, body(res).response]).toEqual([200, { received: true }]);
    }
    expect((await eventsOf(app, paymentId)).map((e) => [e.providerEventId, e.outcome])).toEqual([
      [webhook.event.id, 'moved'],
    ]);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  });

  it('keeps a paid payment paid when a late expired arrives', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    await post(await signed(paymentId, 'pay'));
    expect((await post(await signed(paymentId, 'expire'))).statusCode).toBe(200);
    expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'paid', needsReview: false });
    expect((await eventsOf(app, paymentId)).map((e) => e.outcome).sort()).toEqual(['conflict', 'moved']);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  });

  it('flags a paid that arrives after expired for an operator instead of crediting', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    await post(await signed(paymentId, 'expire'));
    await post(await signed(paymentId, 'pay'));
    expect(await paymentRow(app, paymentId)).toMatchObject({
      status: 'expired',
      needsReview: true,
      creditedMicros: null,
    });
    expect(await balanceOf(app, user.id)).toBe(0n);
  });

  it('credits what arrived of an underpaid crypto payment', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'crypto', 100);
    // 100 + 1 fee + 23.23 VAT = 124.23; 90 % arrives: 111.80, which is 89.99 of the amount.
    await post(await signed(paymentId, 'underpay'));
    expect(await paymentRow(app, paymentId)).toMatchObject({
      totalMicros: eurosToMicros(124.23),
      paidMicros: eurosToMicros(111.8),
      creditedMicros: eurosToMicros(89.99),
    });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(89.99));
  });

  it('keeps an event that names no payment of ours, and answers 200 so that it is not sent again', async () => {
    const webhook = buildSandboxWebhook(
      sandboxSecret(app.ctx.config),
      { paymentId: 'pay_AAAAAAAAAAAAAAAAAAAA', amountMicros: eurosToMicros(150) },
      'pay',
    );
    expect((await post(webhook)).statusCode).toBe(200);
    const [stored] = await app.ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, webhook.event.id));
    expect(stored).toMatchObject({ paymentId: null, outcome: 'unknown_payment', status: 'paid' });
  });

  it('credits once when the same event and the browser return arrive at once, many times', async () => {
    const { headers, user } = await depositor(app);
    const { paymentId } = await deposit(app, headers, 'card', 150);
    const first = await signed(paymentId, 'pay');
    const second = await signed(paymentId, 'pay');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => post(first)),
      ...Array.from({ length: 4 }, () => post(second)),
      ...Array.from({ length: 4 }, () => returnCall(app, headers, paymentId)),
    ]);
    expect(answers.map((a) => ('statusCode' in a ? a.statusCode : a.status))).toEqual(Array(12).fill(200));
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
    expect((await eventsOf(app, paymentId)).map((e) => e.outcome).sort()).toEqual(['ignored', 'moved']);
  });
});

describe('stripe card payments', () => {
  let app: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    ({ app, fake } = await stripeApp());
  });
  afterAll(async () => {
    await Promise.all([app.closeAll(), fake.close()]);
  });

  it('opens a Checkout Session for amount + VAT that comes back to the card tab', async () => {
    const { url, paymentId, sessionId } = await openCardDeposit(app);
    expect(url).toBe(`${fake.origin}/c/pay/${sessionId}`);
    expect(fake.sessions.get(sessionId)).toMatchObject({
      amount_total: 18450,
      currency: 'eur',
      client_reference_id: paymentId,
      success_url: `http://localhost/billing/deposit/card-payment?payment=success&paymentId=${paymentId}`,
      cancel_url: `http://localhost/billing/deposit/card-payment?payment=canceled&paymentId=${paymentId}`,
    });
    expect(await paymentRow(app, paymentId)).toMatchObject({ provider: 'stripe', redirectUrl: url });
  });

  it('credits from checkout.session.completed, once however often it is delivered', async () => {
    const { user, paymentId, sessionId } = await openCardDeposit(app);
    fake.complete(sessionId);
    const webhook = fake.webhook('checkout.session.completed', sessionId);
    expect((await postStripe(app, webhook)).statusCode).toBe(200);
    expect((await postStripe(app, webhook)).statusCode).toBe(200);
    expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'paid', creditedMicros: eurosToMicros(150) });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  });

  it('credits from the browser return when the webhook is late, and not again when it comes', async () => {
    const { user, headers, paymentId, sessionId } = await openCardDeposit(app);
    expect((await returnCall(app, headers, paymentId)).row.state).toBe('created');
    fake.complete(sessionId);
    expect((await returnCall(app, headers, paymentId)).row).toMatchObject({ state: 'paid', valid: 1, credited: 150 });
    expect((await postStripe(app, fake.webhook('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
    expect((await eventsOf(app, paymentId)).map((e) => [e.providerEventId.startsWith('return:'), e.outcome])).toEqual(
      expect.arrayContaining([
        [true, 'moved'],
        [false, 'ignored'],
      ]),
    );
  });

  it('credits once when the webhook and the return arrive at once', async () => {
    const { user, headers, paymentId, sessionId } = await openCardDeposit(app);
    fake.complete(sessionId);
    const webhook = fake.webhook('checkout.session.completed', sessionId);
    await Promise.all([
      postStripe(app, webhook),
      returnCall(app, headers, paymentId),
      postStripe(app, webhook),
      returnCall(app, headers, paymentId),
    ]);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
    expect((await paymentRow(app, paymentId)).creditedMicros).toBe(eurosToMicros(150));
  });

  it('waits for a delayed method, and keeps a paid payment paid when the session expires later', async () => {
    const { user, paymentId, sessionId } = await openCardDeposit(app);
    fake.complete(sessionId, { delayed: true });
    await postStripe(app, fake.webhook('checkout.session.completed', sessionId));
    expect((await paymentRow(app, paymentId)).status).toBe('pending');
    expect(await balanceOf(app, user.id)).toBe(0n);
    fake.settle(sessionId, true);
    await postStripe(app, fake.webhook('checkout.session.async_payment_succeeded', sessionId));
    fake.expire(sessionId);
    await postStripe(app, fake.webhook('checkout.session.expired', sessionId));
    expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'paid', needsReview: false });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  });

  it('refuses a webhook signed with another secret or too old', async () => {
    const { paymentId, sessionId } = await openCardDeposit(app);
    fake.complete(sessionId);
    expect(
      (await postStripe(app, fake.webhook('checkout.session.completed', sessionId, { secret: 'whsec_attacker' })))
        .statusCode,
    ).toBe(400);
    const stale = fake.webhook('checkout.session.completed', sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await postStripe(app, stale)).statusCode).toBe(400);
    expect((await paymentRow(app, paymentId)).status).toBe('created');
  });

  it('answers 404 to the sandbox webhook while Stripe and CoinGate take every method', async () => {
    const previous = app.ctx.payments;
    app.ctx.payments = createPayments({
      ...paymentsSettings(app.ctx.config),
      card: 'stripe',
      crypto: 'coingate',
      stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret },
      coingate: {
        apiToken: 't',
        apiUrl: 'http://127.0.0.1:9/api/v2',
        callbackUrl: 'http://x/cb',
        callbackSecret: 'c'.repeat(32),
      },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/billing/webhooks/sandbox',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      app.ctx.payments = previous;
    }
  });
});

describe('coingate crypto payments', () => {
  let app: TestApp;
  let fake: FakeCoinGate;
  beforeAll(async () => {
    // CoinGate calls us over HTTP: the app listens on loopback for this suite.
    ({ app, fake } = await coinGateApp());
  });
  afterAll(async () => {
    await Promise.all([app.closeAll(), fake.close()]);
  });

  it('creates an order for amount + fee + VAT and credits the paid order CoinGate calls back about', async () => {
    const { user, paymentId, orderId, url } = await openCryptoDeposit(app);
    expect(fake.orders.get(orderId)).toMatchObject({
      order_id: paymentId,
      price_amount: '1242.3',
      price_currency: 'EUR',
    });
    expect(url).toBe(fake.orders.get(orderId)?.payment_url);
    fake.setStatus(orderId, 'confirming', { amount: '0.02', currency: 'BTC' });
    expect(await fake.deliverCallback(orderId)).toBe(200);
    expect((await paymentRow(app, paymentId)).status).toBe('pending');
    fake.setStatus(orderId, 'paid', { amount: '0.02', currency: 'BTC' });
    expect(await fake.deliverCallback(orderId)).toBe(200);
    expect(await fake.deliverCallback(orderId)).toBe(200);
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(1000));
    expect((await eventsOf(app, paymentId)).map((e) => e.providerEventId).sort()).toEqual([
      `${orderId}:confirming`,
      `${orderId}:paid`,
    ]);
  });

  it('credits what arrived of an underpaid order', async () => {
    const { user, paymentId, orderId } = await openCryptoDeposit(app);
    fake.setStatus(orderId, 'paid', { amount: '0.02000000', currency: 'BTC', underpaid: '0.00200000' });
    expect(await fake.deliverCallback(orderId, 'json')).toBe(200);
    expect(await paymentRow(app, paymentId)).toMatchObject({
      paidMicros: eurosToMicros(1118.07),
      creditedMicros: eurosToMicros(900),
    });
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(900));
  });

  it('refuses a callback without its token', async () => {
    const { paymentId, orderId } = await openCryptoDeposit(app);
    fake.setStatus(orderId, 'paid', { amount: '0.02', currency: 'BTC' });
    const callback = fake.callback(orderId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/coingate?token=forged',
      headers: callback.headers,
      payload: callback.body,
    });
    expect(res.statusCode).toBe(400);
    expect((await paymentRow(app, paymentId)).status).toBe('created');
  });

  it('credits from the return when the callback never came, and a late expired changes nothing', async () => {
    const { user, headers, paymentId, orderId } = await openCryptoDeposit(app, 150);
    fake.setStatus(orderId, 'paid', { amount: '0.003', currency: 'BTC' });
    expect((await returnCall(app, headers, paymentId)).row).toMatchObject({ state: 'paid', credited: 150 });
    fake.setStatus(orderId, 'expired');
    expect(await fake.deliverCallback(orderId)).toBe(200);
    expect((await paymentRow(app, paymentId)).status).toBe('paid');
    expect(await balanceOf(app, user.id)).toBe(eurosToMicros(150));
  });
});

import { eurosToMicros } from '@cryptads/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoinGateProvider, paidMicrosOfOrder } from './coingate';
import { type FakeCoinGate, startFakeCoinGate } from './fakes/fake-coingate';
import { type LoopbackServer, listenOnLoopback } from '../../testing/loopback';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  WebhookVerificationError,
} from './port';

let fake: FakeCoinGate;
let receiver: LoopbackServer;
let coingate: PaymentProvider;
const received: ProviderEvent[] = [];

beforeAll(async () => {
  fake = await startFakeCoinGate();
  // Our webhook endpoint, as the billing route will be: it hands the raw callback to the adapter.
  receiver = await listenOnLoopback(async (request) => {
    try {
      received.push(
        ...(await coingate.parseWebhook({
          rawBody: request.body,
          headers: request.headers,
          query: Object.fromEntries(request.query),
        })),
      );
      return { status: 200, body: { ok: true } };
    } catch (error) {
      return { status: error instanceof WebhookVerificationError ? 400 : 502, body: String(error) };
    }
  });
  coingate = createCoinGateProvider({
    apiToken: fake.apiToken,
    apiUrl: fake.apiUrl,
    callbackUrl: `${receiver.origin}/api/billing/webhooks/coingate`,
    callbackSecret: 'coingate-callback-secret-0123456789abcdef',
  });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

let counter = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: `pay_crypto_${++counter}`,
  userId: 42,
  purpose: 'deposit',
  amountMicros: eurosToMicros(181.5),
  method: 'crypto',
  description: 'Cryptads deposit',
  returnUrl: 'https://ads.example.com/billing/deposit/crypto/?payment=success',
  cancelUrl: 'https://ads.example.com/billing/deposit/crypto/',
  ...overrides,
});

const parse = (orderId: number, format: 'form' | 'json' = 'form', query?: Record<string, string>) => {
  const order = fake.orders.get(orderId);
  const callback = fake.callback(orderId, format);
  const token = order?.callback_url ? new URL(order.callback_url).searchParams.get('token') : null;
  return coingate.parseWebhook({
    rawBody: Buffer.from(callback.body),
    headers: callback.headers,
    query: query ?? (token ? { token } : {}),
  });
};

async function newOrder(overrides: Partial<CreatePaymentInput> = {}) {
  const payment = input(overrides);
  const created = await coingate.createPayment(payment);
  return { payment, created, id: Number(created.providerRef) };
}

describe('coingate orders', () => {
  it('creates an order in EUR whose callback URL and token are tied to our payment', async () => {
    const { payment, created, id } = await newOrder();
    const order = fake.orders.get(id);
    expect(created.redirectUrl).toBe(order?.payment_url);
    expect(order).toMatchObject({
      order_id: payment.paymentId,
      price_amount: '181.5',
      price_currency: 'EUR',
      receive_currency: 'EUR',
      status: 'new',
    });
    const callback = new URL(order?.callback_url ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${receiver.origin}/api/billing/webhooks/coingate`);
    expect(callback.searchParams.get('token')).toBe(order?.token);
    expect(order?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const request = fake.requests.find((r) => r.method === 'POST');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(request?.body).get('price_amount')).toBe('181.50');
  });

  it('gives each payment its own token', async () => {
    const a = await newOrder();
    const b = await newOrder();
    expect(fake.orders.get(a.id)?.token).not.toBe(fake.orders.get(b.id)?.token);
  });

  it('credits a paid order after reading it again from the API', async () => {
    const { payment, id } = await newOrder();
    fake.setStatus(id, 'paid', { amount: '0.00302', currency: 'BTC' });
    const reads = fake.requests.filter((r) => r.method === 'GET').length;
    expect(await parse(id)).toEqual<ProviderEvent[]>([
      {
        provider: 'coingate',
        providerEventId: `${id}:paid`,
        providerRef: String(id),
        paymentId: payment.paymentId,
        status: 'paid',
        paidMicros: eurosToMicros(181.5),
        providerStatus: 'paid',
      },
    ]);
    expect(fake.requests.filter((r) => r.method === 'GET').length).toBe(reads + 1);
    expect(fake.requests.at(-1)?.path).toBe(`/api/v2/orders/${id}`);
  });

  it('reads JSON callbacks too', async () => {
    const { id } = await newOrder();
    fake.setStatus(id, 'confirming', { amount: '0.00302', currency: 'BTC' });
    expect((await parse(id, 'json')).map((e) => e.status)).toEqual(['pending']);
  });

  it('believes the API, not the callback body', async () => {
    const { id } = await newOrder();
    fake.setStatus(id, 'paid', { amount: '0.00302', currency: 'BTC' });
    const claimsPaid = fake.callback(id);
    fake.setStatus(id, 'confirming');
    const token = new URL(fake.orders.get(id)?.callback_url ?? '').searchParams.get('token') ?? '';
    const events = await coingate.parseWebhook({
      rawBody: claimsPaid.body,
      headers: claimsPaid.headers,
      query: { token },
    });
    expect(events.map((e) => [e.status, e.paidMicros])).toEqual([['pending', undefined]]);
  });

  it('credits what arrived when the shopper underpaid', async () => {
    const { id } = await newOrder();
    fake.setStatus(id, 'paid', { amount: '0.00500000', currency: 'BTC', underpaid: '0.00050000' });
    const [event] = await parse(id);
    // 90 % of 181.50 arrived.
    expect([event?.status, event?.paidMicros]).toEqual(['paid', eurosToMicros(163.35)]);
  });

  it.each([
    ['new', ['created']],
    ['pending', ['pending']],
    ['confirming', ['pending']],
    ['invalid', ['failed']],
    ['expired', ['expired']],
    ['canceled', ['canceled']],
    ['refunded', []],
    ['partially_refunded', []],
  ])('maps CoinGate status %s to %j', async (status, expected) => {
    const { id } = await newOrder();
    fake.setStatus(id, status);
    expect((await parse(id)).map((e) => e.status)).toEqual(expected);
  });

  it('refuses a callback without the token, with another token, or with a token of another payment', async () => {
    const { id } = await newOrder();
    const other = await newOrder();
    fake.setStatus(id, 'paid', { amount: '0.003', currency: 'BTC' });
    const reads = fake.requests.length;
    await expect(parse(id, 'form', {})).rejects.toThrow(WebhookVerificationError);
    await expect(parse(id, 'form', { token: 'x'.repeat(43) })).rejects.toThrow('token does not match');
    const otherToken = new URL(fake.orders.get(other.id)?.callback_url ?? '').searchParams.get('token') ?? '';
    await expect(parse(id, 'form', { token: otherToken })).rejects.toThrow(WebhookVerificationError);
    expect(fake.requests.length).toBe(reads);

    // A callback that names our other payment (with its genuine token) but points at this order.
    const callback = fake.callback(id);
    const body = new URLSearchParams(callback.body);
    body.set('order_id', other.payment.paymentId);
    body.set('token', otherToken);
    await expect(
      coingate.parseWebhook({ rawBody: body.toString(), headers: callback.headers, query: { token: otherToken } }),
    ).rejects.toThrow('does not belong to payment');
  });

  it('answers a callback delivered over HTTP exactly as CoinGate sends it', async () => {
    const { payment, id } = await newOrder();
    fake.setStatus(id, 'paid', { amount: '0.00302', currency: 'BTC' });
    received.length = 0;
    expect(await fake.deliverCallback(id)).toBe(200);
    expect(received.map((e) => [e.paymentId, e.status])).toEqual([[payment.paymentId, 'paid']]);
    expect(receiver.requests.at(-1)?.headers['user-agent']).toBe('CoinGate Payment Callback');
  });

  it('names one event per order status, so a repeated callback is recognised', async () => {
    const { id } = await newOrder();
    fake.setStatus(id, 'paid', { amount: '0.003', currency: 'BTC' });
    const [a] = await parse(id);
    const [b] = await parse(id);
    expect(a?.providerEventId).toBe(`${id}:paid`);
    expect(b?.providerEventId).toBe(a?.providerEventId);
  });

  it('reads an order again for the browser return', async () => {
    const { id, payment } = await newOrder();
    expect(await coingate.fetchStatus(String(id))).toMatchObject({ status: 'created', paymentId: payment.paymentId });
    fake.setStatus(id, 'paid', { amount: '0.003', currency: 'BTC' });
    expect(await coingate.fetchStatus(String(id))).toMatchObject({ status: 'paid', paidMicros: eurosToMicros(181.5) });
  });

  it('reports API refusals as provider errors', async () => {
    const wrongToken = createCoinGateProvider({
      apiToken: 'wrong',
      apiUrl: fake.apiUrl,
      callbackUrl: `${receiver.origin}/cb`,
      callbackSecret: 'c'.repeat(32),
    });
    const error = await wrongToken.createPayment(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(401);
    expect((error as Error).message).toContain('BadAuthToken');
    await expect(coingate.fetchStatus('999999999')).rejects.toThrow('OrderNotFound');
  });

  it('reports an unreachable API as a provider error', async () => {
    const closed = await listenOnLoopback(() => null);
    await closed.close();
    const down = createCoinGateProvider({
      apiToken: 't',
      apiUrl: `${closed.origin}/api/v2`,
      callbackUrl: `${receiver.origin}/cb`,
      callbackSecret: 'c'.repeat(32),
    });
    await expect(down.createPayment(input())).rejects.toThrow('cannot reach the API');
  });
});

describe('paid amount of a CoinGate order', () => {
  const order = { id: 1, status: 'paid', price_amount: '1000.0', price_currency: 'EUR' };

  it('is the price when nothing is missing', () => {
    expect(paidMicrosOfOrder({ ...order, underpaid_amount: '0' })).toBe(eurosToMicros(1000));
    expect(paidMicrosOfOrder({ ...order, underpaid_amount: null })).toBe(eurosToMicros(1000));
  });

  it('is the share that arrived, in whole cents rounded down', () => {
    // 1/3 of 0.3 ETH missing: 666.666... -> 666.66
    expect(paidMicrosOfOrder({ ...order, pay_amount: '0.3', underpaid_amount: '0.1' })).toBe(eurosToMicros(666.66));
    expect(paidMicrosOfOrder({ ...order, pay_amount: '0.3', underpaid_amount: '0.3' })).toBe(0n);
  });

  it('cannot say when an underpaid order has no pay amount', () => {
    expect(() => paidMicrosOfOrder({ ...order, underpaid_amount: '0.1' })).toThrow(PaymentProviderError);
  });
});

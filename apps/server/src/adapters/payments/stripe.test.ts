import { eurosToMicros } from '@cryptads/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './fakes/fake-stripe';
import { parseBracketForm } from '../../testing/loopback';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  WebhookVerificationError,
} from './port';
import { createStripeProvider } from './stripe';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    api: { host: fake.host, port: fake.port, protocol: fake.protocol },
    maxNetworkRetries: 0,
  });
});
afterAll(() => fake.close());

let counter = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: `pay_card_${++counter}`,
  userId: 42,
  purpose: 'deposit',
  amountMicros: eurosToMicros(181.5),
  method: 'card',
  description: 'Cryptads deposit',
  returnUrl: 'https://ads.example.com/billing/deposit/card-payment?payment=success',
  cancelUrl: 'https://ads.example.com/billing/deposit/card-payment',
  customerEmail: 'łukasz@example.com',
  ...overrides,
});

const deliver = (webhook: { payload: string; headers: Record<string, string> }) =>
  stripe.parseWebhook({ rawBody: Buffer.from(webhook.payload), headers: webhook.headers });

describe('stripe checkout', () => {
  it('opens a Checkout Session in euro cents that names our payment', async () => {
    const payment = input();
    const created = await stripe.createPayment(payment);
    const session = fake.sessions.get(created.providerRef);
    expect(created.redirectUrl).toBe(`${fake.origin}/c/pay/${created.providerRef}`);
    expect(session).toMatchObject({
      amount_total: 18150,
      currency: 'eur',
      client_reference_id: payment.paymentId,
      customer_email: 'łukasz@example.com',
      metadata: { paymentId: payment.paymentId, userId: '42', purpose: 'deposit' },
      success_url: payment.returnUrl,
      cancel_url: payment.cancelUrl,
    });
    const request = fake.requests.at(-1);
    expect(request?.headers['idempotency-key']).toBe(`checkout-session-${payment.paymentId}`);
    expect(parseBracketForm(request?.body ?? '')).toMatchObject({
      allowed_payment_method_types: { '0': 'card' },
      line_items: { '0': { quantity: '1', price_data: { product_data: { name: 'Cryptads deposit' } } } },
    });
  });

  it('opens one session per payment, however often it is asked', async () => {
    const payment = input();
    const first = await stripe.createPayment(payment);
    const again = await stripe.createPayment(payment);
    expect(again).toEqual(first);
    expect([...fake.sessions.values()].filter((s) => s.client_reference_id === payment.paymentId)).toHaveLength(1);
  });

  it('turns checkout.session.completed of a card payment into paid, with what arrived', async () => {
    const payment = input();
    const { providerRef } = await stripe.createPayment(payment);
    fake.complete(providerRef);
    const webhook = fake.webhook('checkout.session.completed', providerRef);
    expect(await deliver(webhook)).toEqual<ProviderEvent[]>([
      {
        provider: 'stripe',
        providerEventId: webhook.eventId,
        providerRef,
        paymentId: payment.paymentId,
        status: 'paid',
        paidMicros: eurosToMicros(181.5),
        // The card's country, VAT evidence beside the billing country (the fake's cards are Irish).
        cardCountry: 'IE',
        providerStatus: 'checkout.session.completed',
      },
    ]);
  });

  it('waits for delayed methods: completed unpaid is pending, then async succeeded or failed', async () => {
    const a = await stripe.createPayment(input());
    fake.complete(a.providerRef, { delayed: true });
    expect((await deliver(fake.webhook('checkout.session.completed', a.providerRef))).map((e) => e.status)).toEqual([
      'pending',
    ]);
    fake.settle(a.providerRef, true);
    const [succeeded] = await deliver(fake.webhook('checkout.session.async_payment_succeeded', a.providerRef));
    expect([succeeded?.status, succeeded?.paidMicros]).toEqual(['paid', eurosToMicros(181.5)]);

    const b = await stripe.createPayment(input());
    fake.complete(b.providerRef, { delayed: true });
    const [failed] = await deliver(fake.webhook('checkout.session.async_payment_failed', b.providerRef));
    expect([failed?.status, failed?.paidMicros]).toEqual(['failed', undefined]);
  });

  it('turns checkout.session.expired into expired', async () => {
    const { providerRef } = await stripe.createPayment(input());
    fake.expire(providerRef);
    expect((await deliver(fake.webhook('checkout.session.expired', providerRef))).map((e) => e.status)).toEqual([
      'expired',
    ]);
  });

  it('acknowledges other event types without events', async () => {
    const { providerRef } = await stripe.createPayment(input());
    expect(await deliver(fake.webhook('checkout.session.async_payment_pending', providerRef))).toEqual([]);
  });

  it('keeps the event id, so a repeated delivery can be recognised', async () => {
    const { providerRef } = await stripe.createPayment(input());
    fake.complete(providerRef);
    const [first] = await deliver(fake.webhook('checkout.session.completed', providerRef, { eventId: 'evt_same' }));
    const [second] = await deliver(fake.webhook('checkout.session.completed', providerRef, { eventId: 'evt_same' }));
    expect([first?.providerEventId, second?.providerEventId]).toEqual(['evt_same', 'evt_same']);
  });

  it('refuses a signature made with another secret, a changed body, no header, or older than 300 s', async () => {
    const { providerRef } = await stripe.createPayment(input());
    fake.complete(providerRef);
    const forged = fake.webhook('checkout.session.completed', providerRef, { secret: 'whsec_attacker' });
    await expect(deliver(forged)).rejects.toThrow(WebhookVerificationError);
    const genuine = fake.webhook('checkout.session.completed', providerRef);
    await expect(deliver({ ...genuine, payload: genuine.payload.replace('18150', '99950') })).rejects.toThrow(
      WebhookVerificationError,
    );
    await expect(deliver({ ...genuine, headers: {} })).rejects.toThrow('Missing Stripe-Signature');
    const nowSeconds = Math.floor(Date.now() / 1000);
    const stale = fake.webhook('checkout.session.completed', providerRef, { timestamp: nowSeconds - 301 });
    await expect(deliver(stale)).rejects.toThrow(WebhookVerificationError);
    const recent = fake.webhook('checkout.session.completed', providerRef, { timestamp: nowSeconds - 280 });
    expect((await deliver(recent)).map((e) => e.status)).toEqual(['paid']);
  });

  it('reads a session again for the browser return', async () => {
    const payment = input();
    const { providerRef } = await stripe.createPayment(payment);
    expect(await stripe.fetchStatus(providerRef)).toMatchObject({ status: 'created', paymentId: payment.paymentId });
    fake.complete(providerRef);
    expect(await stripe.fetchStatus(providerRef)).toMatchObject({
      status: 'paid',
      paidMicros: eurosToMicros(181.5),
      providerStatus: 'complete/paid',
    });
    await expect(stripe.fetchStatus('cs_test_missing')).rejects.toThrow("No such checkout.session: 'cs_test_missing'");
  });

  it('reports a refused API key as a provider error', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: fake.webhookSecret,
      api: { host: fake.host, port: fake.port, protocol: 'http' },
      maxNetworkRetries: 0,
    });
    const error = await wrongKey.createPayment(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(401);
  });

  it('refuses an amount that is not whole cents before calling Stripe', async () => {
    const before = fake.requests.length;
    await expect(stripe.createPayment(input({ amountMicros: 150_000_001n }))).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });
});

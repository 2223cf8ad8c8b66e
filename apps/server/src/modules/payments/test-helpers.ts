import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app';
import { type FakeCoinGate, startFakeCoinGate } from '../../adapters/payments/fakes/fake-coingate';
import { type FakeStripe, startFakeStripe } from '../../adapters/payments/fakes/fake-stripe';
import { createPayments } from '../../adapters/payments/payments';
import { billingProfiles } from '../../db/schema/billing-profile';
import { paymentEvents, payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { paymentsSettings } from './providers';

type Profile = Partial<typeof billingProfiles.$inferInsert>;

/** Billing details as the identification form saves them (an individual in Ireland unless told otherwise). */
export async function giveBillingDetails(app: App, userId: number, profile: Profile = {}) {
  await app.ctx.db
    .insert(billingProfiles)
    .values({
      userId,
      isCompany: false,
      firstName: 'Ada',
      lastName: 'Tester',
      address: '1 Quay Street, Galway',
      country: 'IE',
      ...profile,
    })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...profile, updatedAt: new Date() } });
}

/** An advertiser with billing details, ready to deposit. */
export async function depositor(app: App, profile: Profile = {}) {
  const session = await loginAs(app, 'advertiser');
  await giveBillingDetails(app, session.user.id, profile);
  return session;
}

export async function deposit(
  app: App,
  headers: Record<string, string>,
  method: 'card' | 'crypto',
  amount: unknown,
): Promise<{ status: number; url: string; paymentId: string; reason: string | null }> {
  const res = await app.inject({ method: 'POST', url: `/api/billing/deposit/${method}`, headers, payload: { amount } });
  const envelope = body<{ url: string; paymentId: string }>(res);
  return {
    status: res.statusCode,
    url: envelope.response?.url ?? '',
    paymentId: envelope.response?.paymentId ?? '',
    reason: envelope.reason,
  };
}

/** Presses a button of the sandbox page, as a browser submits its form; answers where it sends the browser. */
export async function pressSandboxButton(app: App, paymentId: string, action: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action }).toString(),
  });
  return { status: res.statusCode, location: String(res.headers.location ?? ''), body: res.body };
}

export async function balanceOf(app: App, userId: number) {
  const [row] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return row?.b ?? null;
}

export async function paymentRow(app: App, id: string) {
  const [row] = await app.ctx.db.select().from(payments).where(eq(payments.id, id));
  expect(row, `payment ${id}`).toBeDefined();
  return row as typeof payments.$inferSelect;
}

export const eventsOf = (app: App, paymentId: string) =>
  app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));

/** A test app whose card deposits go through the real Stripe adapter to the fake Stripe API. */
export async function stripeApp(): Promise<{ app: TestApp; fake: FakeStripe }> {
  const [app, fake] = await Promise.all([createTestApp(), startFakeStripe()]);
  app.ctx.payments = createPayments({
    ...paymentsSettings(app.ctx.config),
    card: 'stripe',
    stripe: {
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      api: { host: fake.host, port: fake.port, protocol: fake.protocol },
      maxNetworkRetries: 0,
    },
  });
  return { app, fake };
}

/** A test app whose crypto deposits go through the real CoinGate adapter to the fake CoinGate API, which calls back over loopback. */
export async function coinGateApp(): Promise<{ app: TestApp; fake: FakeCoinGate }> {
  const [app, fake] = await Promise.all([createTestApp(), startFakeCoinGate()]);
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  app.ctx.payments = createPayments({
    ...paymentsSettings(app.ctx.config),
    crypto: 'coingate',
    coingate: {
      apiToken: fake.apiToken,
      apiUrl: fake.apiUrl,
      callbackUrl: `${origin}/api/billing/webhooks/coingate`,
      callbackSecret: 'coingate-callback-secret-0123456789abcdef',
    },
  });
  return { app, fake };
}

/** Posts a signed Stripe event to our webhook, as Stripe does. */
export const postStripe = (app: App, webhook: { payload: string; headers: Record<string, string> }) =>
  app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    headers: webhook.headers,
    payload: webhook.payload,
  });

/** A depositor who started a 150 EUR card deposit: the Checkout Session is `sessionId`. */
export async function openCardDeposit(app: App) {
  const session = await depositor(app);
  const started = await deposit(app, session.headers, 'card', 150);
  expect(started.status).toBe(200);
  const payment = await paymentRow(app, started.paymentId);
  return { ...session, ...started, sessionId: payment.providerRef as string };
}

/** A depositor who started a crypto deposit: the CoinGate order is `orderId`. */
export async function openCryptoDeposit(app: App, amount = 1000) {
  const session = await depositor(app);
  const started = await deposit(app, session.headers, 'crypto', amount);
  expect(started.status).toBe(200);
  const payment = await paymentRow(app, started.paymentId);
  return { ...session, ...started, orderId: Number(payment.providerRef) };
}

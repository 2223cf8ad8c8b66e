import { eurosToMicros } from '@cryptads/contract/money';
import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackServer, listenOnLoopback } from '../../testing/loopback';
import { createPayments } from './payments';
import { type ProviderEvent, WebhookVerificationError } from './port';
import {
  buildSandboxWebhook,
  createSandboxProvider,
  deliverSandboxWebhook,
  SANDBOX_SIGNATURE_HEADER,
  sandboxSignatureHeader,
} from './sandbox';
import { renderSandboxPaymentPage } from './sandbox-page';

const SECRET = 'sandbox-secret-0123456789abcdef-0123456789';
const settings = { secret: SECRET, publicUrl: 'http://localhost:3000/' };
const sandbox = createSandboxProvider(settings);
const payment = { paymentId: 'pay_7Qm2xY', amountMicros: eurosToMicros(181.5) };

const parse = (webhook: { body: string; headers: Record<string, string> }) =>
  sandbox.parseWebhook({ rawBody: Buffer.from(webhook.body), headers: webhook.headers });

let servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe('sandbox payments', () => {
  it('sends the browser to our hosted page', async () => {
    const created = await sandbox.createPayment({
      ...payment,
      userId: 7,
      purpose: 'deposit',
      method: 'card',
      description: 'Cryptads deposit',
      returnUrl: 'http://localhost:3000/billing/deposit/?payment=success',
      cancelUrl: 'http://localhost:3000/billing/deposit/',
    });
    expect(created).toEqual({
      providerRef: 'sandbox_pay_7Qm2xY',
      redirectUrl: 'http://localhost:3000/sandbox/pay/pay_7Qm2xY',
    });
    expect(await sandbox.fetchStatus(created.providerRef)).toBeNull();
  });

  it.each([
    ['pay', 'paid', eurosToMicros(181.5)],
    ['underpay', 'paid', eurosToMicros(163.35)],
    ['fail', 'failed', undefined],
    ['expire', 'expired', undefined],
  ] as const)('turns a signed %s into a %s event', async (action, status, paidMicros) => {
    const webhook = buildSandboxWebhook(SECRET, payment, action);
    const events = await parse(webhook);
    expect(events).toEqual<ProviderEvent[]>([
      {
        provider: 'sandbox',
        providerEventId: webhook.event.id,
        providerRef: 'sandbox_pay_7Qm2xY',
        paymentId: 'pay_7Qm2xY',
        status,
        ...(paidMicros !== undefined ? { paidMicros } : {}),
        providerStatus: webhook.event.type,
      },
    ]);
  });

  it('gives every delivery its own event id, and the same id when the same delivery repeats', async () => {
    const first = buildSandboxWebhook(SECRET, payment, 'pay');
    const second = buildSandboxWebhook(SECRET, payment, 'pay');
    expect(first.event.id).not.toBe(second.event.id);
    const [a] = await parse(first);
    const [b] = await parse(first);
    expect(a?.providerEventId).toBe(b?.providerEventId);
  });

  it('refuses a tampered body, another secret, a missing header and a stale timestamp', async () => {
    const webhook = buildSandboxWebhook(SECRET, payment, 'pay');
    await expect(parse({ ...webhook, body: webhook.body.replace('181500000', '999500000') })).rejects.toThrow(
      WebhookVerificationError,
    );
    const forged = {
      ...webhook,
      headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignatureHeader('x'.repeat(40), webhook.body) },
    };
    await expect(parse(forged)).rejects.toThrow('does not match');
    await expect(parse({ ...webhook, headers: {} })).rejects.toThrow('Missing');
    const old = Math.floor(Date.now() / 1000) - 301;
    await expect(parse(buildSandboxWebhook(SECRET, payment, 'pay', old))).rejects.toThrow('tolerance');
    const recent = Math.floor(Date.now() / 1000) - 290;
    await expect(parse(buildSandboxWebhook(SECRET, payment, 'pay', recent))).resolves.toHaveLength(1);
  });

  it('delivers the signed event over HTTP to our webhook URL, as a provider would', async () => {
    const received: ProviderEvent[] = [];
    const receiver = await listenOnLoopback(async (request) => {
      received.push(...(await sandbox.parseWebhook({ rawBody: request.body, headers: request.headers })));
      return { status: 200, body: { ok: true } };
    });
    servers.push(receiver);
    const status = await deliverSandboxWebhook(
      `${receiver.origin}/api/billing/webhooks/sandbox`,
      buildSandboxWebhook(SECRET, payment, 'underpay'),
    );
    expect(status).toBe(200);
    expect(receiver.requests[0]?.path).toBe('/api/billing/webhooks/sandbox');
    expect(received.map((e) => [e.status, e.paidMicros])).toEqual([['paid', eurosToMicros(163.35)]]);
  });

  it('refuses a short secret', () => {
    expect(() => createSandboxProvider({ secret: 'short', publicUrl: 'http://x' })).toThrow('32 characters');
  });
});

describe('sandbox payment page', () => {
  const page = (method: 'card' | 'crypto', extra: Partial<Parameters<typeof renderSandboxPaymentPage>[0]> = {}) =>
    renderSandboxPaymentPage({
      productName: 'Cryptads',
      paymentId: 'pay_7Qm2xY',
      amountMicros: eurosToMicros(181.5),
      method,
      description: 'Deposit <script>alert(1)</script>',
      actionUrl: '/sandbox/pay/pay_7Qm2xY',
      hiddenFields: { csrf: 'tok"en' },
      ...extra,
    });
  const buttons = (html: string) => [...html.matchAll(/<button[^>]*value="(\w+)"[^>]*>([^<]+)</g)].map((m) => m[2]);

  it('shows the amount and the buttons Pay, Fail and Expire for a card', () => {
    const html = page('card');
    expect(html).toContain('€181.50');
    expect(html).toContain('<title>Sandbox payment - Cryptads</title>');
    expect(buttons(html)).toEqual(['Pay', 'Fail', 'Expire']);
    expect(html).toContain('<form method="post" action="/sandbox/pay/pay_7Qm2xY">');
    expect(html).toContain('<input type="hidden" name="csrf" value="tok&quot;en">');
  });

  it('adds Underpay for crypto', () => {
    expect(buttons(page('crypto'))).toEqual(['Pay', 'Fail', 'Expire', 'Underpay']);
  });

  it('escapes what it prints', () => {
    const html = page('card');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Deposit &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows a closed payment without buttons', () => {
    const html = page('card', { closedMessage: 'This payment is already paid.' });
    expect(buttons(html)).toEqual([]);
    expect(html).toContain('<p role="status" class="closed">This payment is already paid.</p>');
  });
});

describe('provider selection', () => {
  it('uses the sandbox for both methods by default', () => {
    const payments = createPayments({ card: 'sandbox', crypto: 'sandbox', sandbox: settings });
    expect(payments.forMethod('card').name).toBe('sandbox');
    expect(payments.forMethod('crypto').name).toBe('sandbox');
    expect(payments.byName('sandbox')?.name).toBe('sandbox');
    expect(payments.byName('stripe')).toBeNull();
  });

  it('accepts no sandbox webhooks once real providers take both methods', () => {
    const payments = createPayments({
      card: 'stripe',
      crypto: 'coingate',
      sandbox: settings,
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' },
      coingate: {
        apiToken: 't',
        apiUrl: 'https://api-sandbox.coingate.com/api/v2',
        callbackUrl: 'https://ads.example.com/api/billing/webhooks/coingate',
        callbackSecret: 'c'.repeat(32),
      },
    });
    expect(payments.forMethod('card').name).toBe('stripe');
    expect(payments.forMethod('crypto').name).toBe('coingate');
    expect(payments.byName('sandbox')).toBeNull();
    expect(payments.byName('coingate')?.name).toBe('coingate');
  });

  it('refuses a provider without its settings', () => {
    expect(() => createPayments({ card: 'stripe', crypto: 'sandbox', sandbox: settings })).toThrow('Stripe settings');
  });
});

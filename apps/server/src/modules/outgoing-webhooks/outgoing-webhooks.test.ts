import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '@cryptads/contract/webhooks';
import { notifications } from '../../db/schema/notifications';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/outgoing-webhooks';
import { websites } from '../../db/schema/websites';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { type FakeRequest, type FakeResponse, type LoopbackServer, listenOnLoopback } from '../../testing/loopback';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordBatch } from '../delivery/writer/record-batch';
import { EventKind } from '../delivery/types';
import { emitEvent } from '../events/events';
import { depositFor } from '../ledger/test-helpers';
import { pruneWebhookHistory } from './outgoing-webhooks.service';
import { WebhookSender } from './sender';
import { outgoingWebhookHandlers } from './webhook-events';
import { sealWebhookSecret, verifySignature } from './signing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let app: TestApp;
let receiver: LoopbackServer;
/** What the receiver answers next, per path; 200 when nothing is queued. */
const answers = new Map<string, number[]>();
let sender: WebhookSender;

beforeAll(async () => {
  app = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1' });
  // The test's own sender: a fixed jitter and a clock it sets.
  await app.ctx.webhooks?.stop();
  sender = new WebhookSender(app.ctx, { random: () => 1 });
  receiver = await listenOnLoopback((req): FakeResponse => {
    const status = answers.get(req.path)?.shift() ?? 200;
    return { status, body: { received: true, status } };
  });
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await app.closeAll();
});

type Created = { endpoint: { id: number; url: string; events: string[] }; secret: string };

async function register(headers: Record<string, string>, path: string, events: string[] = ['website.approved']) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/webhooks',
    headers,
    payload: { url: `${receiver.origin}${path}`, events },
  });
  expect(res.statusCode).toBe(200);
  return body<Created>(res).response;
}
const requestsTo = (path: string) => receiver.requests.filter((r) => r.path === path);

/**
 * What a receiver using the `standardwebhooks` library does: `new Webhook(secret).verify(body,
 * headers)`, with the library's clock at `atSeconds` (the library checks the timestamp against
 * Date.now(), and the tests' sender runs on a clock of their own). The parsed body, or the error.
 */
function standardVerify(
  secret: string,
  req: FakeRequest,
  body: string | Buffer = req.body,
  atSeconds?: number,
): unknown {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((atSeconds ?? Number(headers['webhook-timestamp'])) * 1000);
  try {
    return new Webhook(secret).verify(body, headers);
  } catch (err) {
    return err;
  } finally {
    vi.useRealTimers();
  }
}
const tsOf = (req: FakeRequest | undefined) => Number(req?.headers['webhook-timestamp']);

describe('outgoing webhooks', () => {
  it('signs a ping with the documented algorithm; the secret is shown once and sealed at rest', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint, secret } = await register(me.headers, '/ping');
    // Standard base64 of 32 random bytes, as Standard Webhooks libraries decode it.
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const [row] = await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secretSealed.startsWith('enc:v1:')).toBe(true);
    expect(row?.secretSealed).not.toContain(secret.slice(6));
    const list = await app.inject({ method: 'GET', url: '/api/user/webhooks', headers: me.headers });
    expect(list.body).not.toContain(secret);

    const sent = await app.inject({
      method: 'POST',
      url: `/api/user/webhooks/${endpoint.id}/test`,
      headers: me.headers,
    });
    expect(sent.statusCode).toBe(200);
    await sender.drain();
    const [req] = requestsTo('/ping');
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(req.body);
    expect(payload).toMatchObject({ type: 'ping', id: body<{ eventId: string }>(sent).response.eventId });
    expect(req.headers['cryptads-event-id']).toBe(payload.id);
    // The receiver's check, written out: t and v1 from the header, HMAC-SHA256 of "t.body".
    const header = String(req.headers['cryptads-signature']);
    const t = header.match(/t=(\d+)/)?.[1];
    const v1 = header.match(/v1=([0-9a-f]{64})/)?.[1];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${req.body}`).digest('hex'));
    expect(verifySignature(secret, header, req.body)).toBe(true);
    expect(verifySignature(`${secret}x`, header, req.body)).toBe(false);
    expect(verifySignature(secret, header, `${req.body} `)).toBe(false);

    const deliveries = await app.inject({
      method: 'GET',
      url: `/api/user/webhooks/${endpoint.id}/deliveries`,
      headers: me.headers,
    });
    const [attempt] = body<{ attempts: { statusCode: number; attempt: number; responseBody: string }[] }>(deliveries)
      .response.attempts;
    expect(attempt).toMatchObject({ statusCode: 200, attempt: 1, ok: true });
    expect(attempt?.responseBody).toContain('received');
  });

  it('a delivery verifies with the standardwebhooks library and with Cryptads-Signature; a changed body with neither', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint, secret } = await register(me.headers, '/standard');
    const sent = await app.inject({
      method: 'POST',
      url: `/api/user/webhooks/${endpoint.id}/test`,
      headers: me.headers,
    });
    await sender.drain();
    const [req] = requestsTo('/standard');
    if (!req) throw new Error('no request');
    const payload = JSON.parse(req.body);
    expect(payload.id).toBe(body<{ eventId: string }>(sent).response.eventId);
    expect(req.headers['webhook-id']).toBe(payload.id);
    expect(req.headers['webhook-id']).toBe(req.headers['cryptads-event-id']);
    expect(Math.abs(tsOf(req) - Date.now() / 1000)).toBeLessThan(60);
    expect(String(req.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // The library's verify answers the parsed body.
    expect(standardVerify(secret, req)).toEqual(payload);
    expect(standardVerify(secret, req, Buffer.from(req.body))).toEqual(payload);
    // Written out: base64 HMAC-SHA256 of "id.timestamp.body", keyed with the decoded secret.
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(req.headers['webhook-signature']).toBe(
      `v1,${createHmac('sha256', key)
        .update(`${payload.id}.${tsOf(req)}.${req.body}`)
        .digest('base64')}`,
    );
    const stripeStyle = String(req.headers['cryptads-signature']);
    expect(verifySignature(secret, stripeStyle, req.body)).toBe(true);
    expect(stripeStyle.match(/t=(\d+)/)?.[1]).toBe(String(tsOf(req)));

    const tampered = req.body.replace('"ping"', '"pong"');
    expect(tampered).not.toBe(req.body);
    expect(standardVerify(secret, req, tampered)).toMatchObject({ name: 'WebhookVerificationError' });
    expect(verifySignature(secret, stripeStyle, tampered)).toBe(false);
    // Another secret, another id or a stale timestamp fail too.
    expect(standardVerify(`whsec_${randomBytes(32).toString('base64')}`, req)).toBeInstanceOf(Error);
    const otherId = { ...req, headers: { ...req.headers, 'webhook-id': 'evt_other' } };
    expect(standardVerify(secret, otherId)).toBeInstanceOf(Error);
    expect(standardVerify(secret, req, req.body, tsOf(req) + 600)).toBeInstanceOf(Error);
  });

  it('a retry keeps webhook-id, with its own timestamp and signature, both verifying', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint, secret } = await register(me.headers, '/standard-retry');
    answers.set('/standard-retry', [500]);
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    const t0 = new Date(Date.now() + 1000);
    await sender.drain({ now: t0 });
    await sender.drain({ now: new Date(t0.getTime() + 31_000) });
    const [first, retry] = requestsTo('/standard-retry');
    if (!first || !retry) throw new Error('expected two attempts');
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(retry.body).toBe(first.body);
    expect(tsOf(first)).toBe(Math.floor(t0.getTime() / 1000));
    expect(tsOf(retry)).toBe(tsOf(first) + 31);
    expect(retry.headers['webhook-signature']).not.toBe(first.headers['webhook-signature']);
    expect(retry.headers['cryptads-signature']).not.toBe(first.headers['cryptads-signature']);
    const payload = JSON.parse(first.body);
    expect(standardVerify(secret, first)).toEqual(payload);
    expect(standardVerify(secret, retry)).toEqual(payload);
    // Each attempt's signature is bound to its own timestamp.
    const swapped = {
      ...retry,
      headers: { ...retry.headers, 'webhook-signature': first.headers['webhook-signature'] },
    };
    expect(standardVerify(secret, swapped)).toBeInstanceOf(Error);
    const atRetry = { nowSeconds: tsOf(retry) };
    expect(verifySignature(secret, String(retry.headers['cryptads-signature']), retry.body, atRetry)).toBe(true);
  });

  it('an endpoint whose secret predates base64 secrets keeps its Cryptads-Signature; its webhook-signature uses the same bytes', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint } = await register(me.headers, '/legacy');
    // The former form: base64url of 32 random bytes, without padding, with a '-' or '_' in it.
    let legacy = '';
    do legacy = `whsec_${randomBytes(32).toString('base64url')}`;
    while (!/[-_]/.test(legacy));
    await app.ctx.db
      .update(webhookEndpoints)
      .set({ secretSealed: sealWebhookSecret(app.ctx.config.totp.encryptionKey, me.user.id, legacy) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    await sender.drain();
    const [req] = requestsTo('/legacy');
    if (!req) throw new Error('no request');
    expect(verifySignature(legacy, String(req.headers['cryptads-signature']), req.body)).toBe(true);
    const asStandard = `whsec_${Buffer.from(legacy.slice(6), 'base64url').toString('base64')}`;
    expect(standardVerify(asStandard, req)).toEqual(JSON.parse(req.body));
  });

  it('retries a 500 with backoff (same event id), then succeeds; a resend carries the same event id', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint } = await register(me.headers, '/flaky');
    answers.set('/flaky', [500, 500]);
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    // The clock of this test starts just after the delivery was written.
    const t0 = new Date(Date.now() + 1000);
    await sender.drain({ now: t0 });
    expect(requestsTo('/flaky')).toHaveLength(1);
    // The first retry waits 30 s: not yet at 20 s.
    await sender.drain({ now: new Date(t0.getTime() + 20_000) });
    expect(requestsTo('/flaky')).toHaveLength(1);
    await sender.drain({ now: new Date(t0.getTime() + 31_000) });
    expect(requestsTo('/flaky')).toHaveLength(2);
    // The second waits 60 s more.
    await sender.drain({ now: new Date(t0.getTime() + 80_000) });
    expect(requestsTo('/flaky')).toHaveLength(2);
    await sender.drain({ now: new Date(t0.getTime() + 92_000) });
    const requests = requestsTo('/flaky');
    expect(requests).toHaveLength(3);
    const ids = new Set(requests.map((r) => r.headers['cryptads-event-id']));
    expect(ids.size).toBe(1);

    const res = await app.inject({
      method: 'GET',
      url: `/api/user/webhooks/${endpoint.id}/deliveries`,
      headers: me.headers,
    });
    const attempts = body<{ attempts: { deliveryId: number; statusCode: number; attempt: number }[] }>(res).response
      .attempts;
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    const resend = await app.inject({
      method: 'POST',
      url: `/api/user/webhooks/${endpoint.id}/deliveries/${attempts[0]?.deliveryId}/resend`,
      headers: me.headers,
    });
    expect(resend.statusCode).toBe(200);
    await sender.drain();
    const again = requestsTo('/flaky');
    expect(again).toHaveLength(4);
    expect(again[3]?.headers['cryptads-event-id']).toBe(requests[0]?.headers['cryptads-event-id']);
    expect(JSON.parse(again[3]?.body ?? '{}').id).toBe(JSON.parse(requests[0]?.body ?? '{}').id);
  });

  it('disables an endpoint that answers 410, and one that fails for three days, and tells the customer', async () => {
    const me = await loginAs(app, 'advertiser');
    const gone = await register(me.headers, '/gone');
    answers.set('/gone', [410]);
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${gone.endpoint.id}/test`, headers: me.headers });
    await sender.drain();
    const down = await register(me.headers, '/down');
    answers.set('/down', Array(50).fill(503));
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${down.endpoint.id}/test`, headers: me.headers });
    const t0 = new Date(Date.now() + 1000);
    await sender.drain({ now: t0 });
    await sender.drain({ now: new Date(t0.getTime() + DAY) });
    let [row] = await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, down.endpoint.id));
    expect(row?.enabled).toBe(true);
    await sender.drain({ now: new Date(t0.getTime() + 3 * DAY + 60_000) });
    [row] = await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, down.endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures });
    const [goneRow] = await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, gone.endpoint.id));
    expect(goneRow).toMatchObject({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledGone });
    const titles = await app.ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, me.user.id));
    expect(titles.filter((n) => n.title === WEBHOOK_MESSAGES.notifyTitle)).toHaveLength(2);
    // Nothing is sent to a disabled endpoint; test and resend say why.
    const test = await app.inject({
      method: 'POST',
      url: `/api/user/webhooks/${gone.endpoint.id}/test`,
      headers: me.headers,
    });
    expect(test.statusCode).toBe(409);
    expect(body<{ reason: string }>(test).reason).toBe(WEBHOOK_MESSAGES.disabled);
    const pending = await app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, down.endpoint.id));
    expect(pending.every((d) => d.status === 'failed')).toBe(true);
  });

  it('during a rotation both secrets sign for 24 hours, then only the new one', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint, secret: oldSecret } = await register(me.headers, '/rotate');
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/user/webhooks/${endpoint.id}/rotateSecret`,
      headers: me.headers,
    });
    const newSecret = body<Created>(rotated).response.secret;
    expect(newSecret).not.toBe(oldSecret);
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    await sender.drain();
    const [first] = requestsTo('/rotate');
    const header = String(first?.headers['cryptads-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(newSecret, header, first?.body ?? '')).toBe(true);
    expect(verifySignature(oldSecret, header, first?.body ?? '')).toBe(true);

    // Standard Webhooks: one v1 per secret, space-separated, the new secret's first.
    const standard = String(first?.headers['webhook-signature']).split(' ');
    expect(standard).toHaveLength(2);
    expect(standard.every((sig) => /^v1,[A-Za-z0-9+/]{43}=$/.test(sig))).toBe(true);
    expect(standard[0]).not.toBe(standard[1]);
    if (!first) throw new Error('no request');
    const payload = JSON.parse(first.body);
    expect(standardVerify(newSecret, first)).toEqual(payload);
    expect(standardVerify(oldSecret, first)).toEqual(payload);
    // Each signature alone verifies under its own secret only.
    const only = (sig: string | undefined) => ({ ...first, headers: { ...first.headers, 'webhook-signature': sig } });
    expect(standardVerify(newSecret, only(standard[0]))).toEqual(payload);
    expect(standardVerify(oldSecret, only(standard[1]))).toEqual(payload);
    expect(standardVerify(oldSecret, only(standard[0]))).toBeInstanceOf(Error);
    expect(standardVerify(newSecret, only(standard[1]))).toBeInstanceOf(Error);

    const later = new Date(Date.now() + 25 * HOUR);
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    await sender.drain({ now: later });
    const second = requestsTo('/rotate')[1];
    const header2 = String(second?.headers['cryptads-signature']);
    const opts = { nowSeconds: Math.floor(later.getTime() / 1000) };
    expect(header2.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(newSecret, header2, second?.body ?? '', opts)).toBe(true);
    expect(verifySignature(oldSecret, header2, second?.body ?? '', opts)).toBe(false);
    expect(String(second?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    if (!second) throw new Error('no request');
    expect(standardVerify(newSecret, second)).toEqual(JSON.parse(second.body));
    expect(standardVerify(oldSecret, second)).toBeInstanceOf(Error);
  });

  it('sends real events: a website approved, and the balance going low after spend (money as exact decimal strings)', async () => {
    const pub = await loginAs(app, 'publisher');
    const [site] = await app.ctx.db
      .insert(websites)
      .values({
        ownerId: pub.user.id,
        domain: 'hooks.example',
        url: 'https://hooks.example/',
        name: 'Hooks',
        verificationToken: 'x',
      })
      .returning();
    if (!site) throw new Error('no website');
    await register(pub.headers, '/site', ['website.approved']);
    // The operator approves it (status 0 → 1), with its event, as the websites module does.
    await app.ctx.db.transaction(async (tx) => {
      await tx.update(websites).set({ status: 1 }).where(eq(websites.id, site.id));
      await emitEvent(tx, { type: 'website.changed', websiteId: site.id, ownerId: pub.user.id });
    });
    await drainEvents(app);
    // An edit that keeps the status sends nothing more.
    await app.ctx.db.transaction((tx) =>
      emitEvent(tx, { type: 'website.changed', websiteId: site.id, ownerId: pub.user.id }),
    );
    await drainEvents(app);
    await sender.drain();
    const siteRequests = requestsTo('/site');
    expect(siteRequests).toHaveLength(1);
    expect(JSON.parse(siteRequests[0]?.body ?? '{}')).toMatchObject({
      type: 'website.approved',
      data: { websiteId: site.id, url: 'https://hooks.example/' },
    });

    const adv = await loginAs(app, 'advertiser');
    await register(adv.headers, '/low', ['balance.low', 'deposit.completed']);
    await depositFor(app, adv.user.id, eurosToMicros(25));
    await drainEvents(app);
    await recordBatch(app.ctx, [
      {
        kind: EventKind.Impression,
        at: new Date(),
        impressionId: `wh-${Date.now()}`,
        campaignId: 920_000 + adv.user.id,
        creativeId: 1,
        zoneId: 1,
        websiteId: 1,
        advertiserId: adv.user.id,
        publisherId: pub.user.id,
        country: 'DE',
        os: 'Windows',
        browser: 'Chrome',
        device: 1,
        // A sub-cent spend: the balance left is 15.004275 €, which no rounding may touch.
        costMicros: 9_995_725n,
      },
    ]);
    await drainEvents(app);
    await sender.drain();
    const low = requestsTo('/low').map((r) => JSON.parse(r.body));
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ type: 'balance.low', data: { balance: '15.004275', currency: 'EUR' } });
    expect(low[0].data).not.toHaveProperty('balanceMicros');

    // A paid deposit, as the deposits module announces it (its other handlers are not run here).
    const deposit = outgoingWebhookHandlers(app.ctx).find((h) => h.type === 'deposit.paid');
    await deposit?.handle({
      type: 'deposit.paid',
      paymentId: `pay-${adv.user.id}`,
      userId: adv.user.id,
      amountMicros: '25000000',
      feeMicros: '750000',
      vatMicros: '5407500',
      totalMicros: '31157500',
      method: 'card',
      provider: 'sandbox',
    });
    await sender.drain();
    const completed = requestsTo('/low')
      .map((r) => JSON.parse(r.body))
      .filter((e) => e.type === 'deposit.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0].data).toEqual({
      paymentId: `pay-${adv.user.id}`,
      amount: '25.00',
      total: '31.1575',
      currency: 'EUR',
      method: 'card',
    });
  });

  it("another account's endpoint and deliveries are not found", async () => {
    const owner = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'publisher');
    const { endpoint } = await register(owner.headers, '/mine');
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: owner.headers });
    await sender.drain();
    const [delivery] = await app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const base = `/api/user/webhooks/${endpoint.id}`;
    for (const [method, url, payload] of [
      ['GET', `${base}/deliveries`],
      ['PATCH', base, { enabled: false }],
      ['DELETE', base],
      ['POST', `${base}/rotateSecret`],
      ['POST', `${base}/test`],
      ['POST', `${base}/deliveries/${delivery?.id}/resend`],
    ] as const) {
      const res = await app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await app.inject({ method: 'GET', url: '/api/user/webhooks', headers: other.headers });
    expect(body<{ endpoints: unknown[] }>(list).response.endpoints).toEqual([]);
    // A delivery of another endpoint of the owner is not found under this one either.
    const second = await register(owner.headers, '/mine2');
    const cross = await app.inject({
      method: 'POST',
      url: `/api/user/webhooks/${second.endpoint.id}/deliveries/${delivery?.id}/resend`,
      headers: owner.headers,
    });
    expect(cross.statusCode).toBe(404);
  });

  it(`edits, caps at ${WEBHOOK_ENDPOINTS_MAX} endpoints, deletes`, async () => {
    const me = await loginAs(app, 'publisher');
    const created: number[] = [];
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) created.push((await register(me.headers, `/cap${i}`)).endpoint.id);
    const over = await app.inject({
      method: 'POST',
      url: '/api/user/webhooks',
      headers: me.headers,
      payload: { url: `${receiver.origin}/cap`, events: ['payout.sent'] },
    });
    expect(over.statusCode).toBe(409);
    expect(body<{ reason: string }>(over).reason).toBe(WEBHOOK_MESSAGES.tooMany);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/user/webhooks/${created[0]}`,
      headers: me.headers,
      payload: { events: ['payout.sent', 'zone.approved'], enabled: false },
    });
    expect(body<{ events: string[]; enabled: boolean }>(edited).response).toMatchObject({
      events: ['payout.sent', 'zone.approved'],
      enabled: false,
    });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/user/webhooks/${created[0]}`,
      headers: me.headers,
      payload: { events: [] },
    });
    expect(bad.statusCode).toBe(400);
    const del = await app.inject({ method: 'DELETE', url: `/api/user/webhooks/${created[0]}`, headers: me.headers });
    expect(del.statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/user/webhooks', headers: me.headers });
    expect(body<{ endpoints: unknown[] }>(list).response.endpoints).toHaveLength(WEBHOOK_ENDPOINTS_MAX - 1);
  });

  it('forgets attempts after 30 days', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint } = await register(me.headers, '/old');
    await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    await sender.drain();
    const of = () => app.ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpoint.id));
    await pruneWebhookHistory(app.ctx, new Date(Date.now() + 29 * DAY));
    expect(await of()).toHaveLength(1);
    await pruneWebhookHistory(app.ctx, new Date(Date.now() + 31 * DAY));
    expect(await of()).toHaveLength(0);
  });

  itOnPostgres('two senders on one database send each delivery once', async () => {
    const me = await loginAs(app, 'advertiser');
    const { endpoint } = await register(me.headers, '/pair');
    for (let i = 0; i < 30; i++)
      await app.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
    const a = new WebhookSender(app.ctx, { batchSize: 3 });
    const b = new WebhookSender(app.ctx, { batchSize: 3 });
    await Promise.all([a.drain(), b.drain(), sender.drain()]);
    const ids = requestsTo('/pair').map((r) => r.headers['cryptads-event-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('outgoing webhooks without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
    await strict.ctx.webhooks?.stop();
  }, 180_000);
  afterAll(async () => {
    await strict.closeAll();
  });

  it('refuses private and loopback addresses, and plain http, with a clear message', async () => {
    const me = await loginAs(strict, 'advertiser');
    const cases: [string, string][] = [
      ['http://hooks.example/x', WEBHOOK_MESSAGES.urlHttps],
      ['https://127.0.0.1/x', WEBHOOK_MESSAGES.urlPrivate],
      ['https://10.1.2.3/x', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::1]/x', WEBHOOK_MESSAGES.urlPrivate],
      ['https://[::ffff:192.168.0.1]/x', WEBHOOK_MESSAGES.urlPrivate],
      ['https://localhost/x', WEBHOOK_MESSAGES.urlPrivate],
      ['https://user:pw@hooks.example/x', WEBHOOK_MESSAGES.urlCredentials],
      ['not a url', WEBHOOK_MESSAGES.urlInvalid],
    ];
    for (const [url, reason] of cases) {
      const res = await strict.inject({
        method: 'POST',
        url: '/api/user/webhooks',
        headers: me.headers,
        payload: { url, events: ['balance.low'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(body(res)), url).toContain(reason);
    }
  });

  it('a delivery to an address that became private is refused by the sender, not sent', async () => {
    const me = await loginAs(strict, 'advertiser');
    const hit = await listenOnLoopback(() => ({ status: 200 }));
    try {
      const created = await strict.inject({
        method: 'POST',
        url: '/api/user/webhooks',
        headers: me.headers,
        payload: { url: 'https://203.0.114.1/x', events: ['balance.low'] },
      });
      const { endpoint } = body<Created>(created).response;
      // As if its name now resolved inside: the row points at the loopback receiver.
      await strict.ctx.db
        .update(webhookEndpoints)
        .set({ url: `${hit.origin}/inside` })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await strict.inject({ method: 'POST', url: `/api/user/webhooks/${endpoint.id}/test`, headers: me.headers });
      await new WebhookSender(strict.ctx).drain();
      expect(hit.requests).toHaveLength(0);
      const [attempt] = await strict.ctx.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, endpoint.id));
      expect(attempt).toMatchObject({ ok: false, statusCode: null, error: WEBHOOK_MESSAGES.urlPrivate });
    } finally {
      await hit.close();
    }
  });
});

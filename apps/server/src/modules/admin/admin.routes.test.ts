import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SORTS } from '@cryptads/contract/admin-messages';
import type {
  AdminBulkResult,
  AdminOverview,
  QueueCampaign,
  QueueDeadLetter,
  QueueDocuments,
  QueueListing,
  QueueMarketplaceItem,
  QueueTraffic,
  QueuePayout,
  QueueTransfer,
  QueueWebsite,
  QueueZone,
} from '@cryptads/contract/endpoints/admin';
import { adminEndpoints } from '@cryptads/contract/endpoints/admin';
import { AppCode } from '@cryptads/contract/app-codes';
import { buildPath } from '@cryptads/contract/endpoint';
import { CampaignStatus } from '@cryptads/contract/campaigns';
import { FilterReason } from '@cryptads/contract/delivery';
import { eurosToMicros } from '@cryptads/contract/money';
import { body, loginAs, loginAsOperator } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { COMPANY_DETAILS, dataUrl, pdfBytes, saveDetails } from '../billing-profile/test-helpers';
import { createCampaign, tempDataDir } from '../campaigns/test-helpers';
import { billingProfiles } from '../../db/schema/billing-profile';
import { users } from '../../db/schema/users';
import { zones } from '../../db/schema/websites';
import { auditEntries } from '../../db/schema/audit';
import { ZoneStatus } from '@cryptads/contract/websites-messages';
import { postAdSpend } from '../ledger/ledger.service';
import { depositFor } from '../ledger/test-helpers';
import { runPayouts } from '../payouts/payouts.service';
import { insertListing } from '../marketplace/test-helpers';
import { articleWith, itemRow, paidOrder, servePages } from '../marketplace-fulfilment/test-helpers';
import { deliveryDeadLetters } from '../../db/schema/delivery-stream';
import { balanceOf, depositor } from '../payments/test-helpers';
import { recordBatch } from '../delivery/writer/record-batch';
import { approvedWebsite, fundedAdvertiser, runningCampaign } from '../delivery/test-helpers';
import { type DeliveryEvent, EventKind } from '../delivery/types';

type Headers = Record<string, string>;

describe('admin API: overview and queues', () => {
  let app: TestApp;
  let dir: string;
  let operator: Headers;

  beforeAll(async () => {
    dir = tempDataDir();
    // Proof pages of delivered marketplace items are served on 127.0.0.1 by the test.
    app = await createTestApp({ DATA_DIR: dir, VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '2000' });
    operator = (await loginAsOperator(app, { twoFactor: true })).headers;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const auditCount = async (objectType: string, objectId: string | number) => {
    const result = (await app.ctx.db.execute(
      sql`select count(*)::int as n from audit_entries where object_type = ${objectType} and object_id = ${String(objectId)}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const post = (url: string, headers: Headers, payload: unknown = {}) =>
    app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });

  describe('every endpoint is for operators with two-factor on', () => {
    const endpoints = Object.entries(adminEndpoints).map(([name, e]) => ({
      name,
      method: e.method,
      url: `/api${buildPath(e.path, { id: 1, userId: 1, reference: 'DEPAAAAAAAA' })}`,
    }));

    it.each(endpoints)('$name: 401 without a session, 403 to customers and to an operator without 2FA', async (e) => {
      const call = (headers: Headers) =>
        app.inject({ method: e.method, url: e.url, headers, ...(e.method === 'POST' ? { payload: {} } : {}) });
      expect((await call({})).statusCode).toBe(401);
      for (const role of ['advertiser', 'publisher'] as const) {
        const { headers } = await loginAs(app, role);
        expect((await call(headers)).statusCode, role).toBe(403);
      }
      const noTwoFactor = await loginAsOperator(app, { twoFactor: false });
      const res = await call(noTwoFactor.headers);
      expect([res.statusCode, body(res).code]).toEqual([403, AppCode.TwoFactorSetupRequired]);
    });
  });

  describe('campaigns', () => {
    it('lists a pending campaign; approving changes what the advertiser sees and leaves one audit entry', async () => {
      const adv = await loginAs(app, 'advertiser');
      const id = await createCampaign(app, adv.headers, 'display', { name: 'Queue probe' });
      const queue = body<{ items: QueueCampaign[]; total: number }>(
        await get(`/api/admin/queues/campaigns?q=${encodeURIComponent(adv.email)}`, operator),
      ).response;
      expect(queue.total).toBe(1);
      expect(queue.items[0]).toMatchObject({ id, name: 'Queue probe', kind: 'display', advertiserEmail: adv.email });
      expect(queue.items[0]?.creatives[0]).toMatchObject({ format: 1, size: '300x250' });
      expect(queue.items[0]?.creatives[0]?.imageUrl).toMatch(/^\/uploads\//);

      const res = await post(`/api/admin/campaigns/${id}/approve`, operator);
      expect(res.statusCode).toBe(200);
      expect(body<{ output: string }>(res).response.output).toContain(`Campaign #${id} approved`);
      const detail = body<{ status: number }>(await get(`/api/campaigns/${id}`, adv.headers)).response;
      expect(detail.status).not.toBe(CampaignStatus.Pending);
      expect(await auditCount('campaign', id)).toBe(1);

      // Lock and unlock: the advertiser sees a managed campaign, then their own again.
      expect((await post(`/api/admin/campaigns/${id}/lock`, operator)).statusCode).toBe(200);
      expect(body<{ isLocked: boolean }>(await get(`/api/campaigns/${id}`, adv.headers)).response.isLocked).toBe(true);
      expect((await post(`/api/admin/campaigns/${id}/unlock`, operator)).statusCode).toBe(200);
      expect(body<{ isLocked: boolean }>(await get(`/api/campaigns/${id}`, adv.headers)).response.isLocked).toBe(false);
      expect(await auditCount('campaign', id)).toBe(3);

      // Approving it again is refused with the command's message, and writes nothing.
      const again = await post(`/api/admin/campaigns/${id}/approve`, operator);
      expect(again.statusCode).toBe(400);
      expect(body(again).reason).toContain('only pending or rejected campaigns are approved');
      expect(await auditCount('campaign', id)).toBe(3);
    });

    it('rejects with a reason the advertiser reads in the notification', async () => {
      const adv = await loginAs(app, 'advertiser');
      const id = await createCampaign(app, adv.headers);
      const res = await post(`/api/admin/campaigns/${id}/reject`, operator, { reason: 'The banner is unreadable.' });
      expect(res.statusCode).toBe(200);
      const detail = body<{ status: number }>(await get(`/api/campaigns/${id}`, adv.headers)).response;
      expect(detail.status).toBe(CampaignStatus.Rejected);
      const list = body<{ notifications: { title: string; message: string }[] }>(
        await get('/api/user/notifications', adv.headers),
      ).response;
      expect(list.notifications.find((n) => n.title === 'Campaign rejected')?.message).toContain(
        'Reason: The banner is unreadable.',
      );
      expect(await auditCount('campaign', id)).toBe(1);
    });

    it('bulk approve runs one command per id and answers per id', async () => {
      const adv = await loginAs(app, 'advertiser');
      const a = await createCampaign(app, adv.headers);
      const b = await createCampaign(app, adv.headers);
      const res = await post('/api/admin/campaigns/approve', operator, { ids: [a, b, 2_000_000_000] });
      expect(res.statusCode).toBe(200);
      const { results } = body<AdminBulkResult>(res).response;
      expect(results.map((r) => [r.id, r.ok])).toEqual([
        [a, true],
        [b, true],
        [2_000_000_000, false],
      ]);
      expect(results[2]?.error).toContain('No campaign with id');
      expect(await auditCount('campaign', a)).toBe(1);
      expect(await auditCount('campaign', b)).toBe(1);
      expect(await auditCount('campaign', 2_000_000_000)).toBe(0);
    });

    it('searches, sorts and pages', async () => {
      const adv = await loginAs(app, 'advertiser');
      for (const name of ['Bravo', 'Alpha', 'Charlie']) await createCampaign(app, adv.headers, 'display', { name });
      const q = encodeURIComponent(adv.email);
      const page = async (query: string) =>
        body<{ items: QueueCampaign[]; total: number }>(
          await get(`/api/admin/queues/campaigns?q=${q}&${query}`, operator),
        ).response;
      const first = await page('sort=name&dir=asc&pageSize=2&page=1');
      expect(first.total).toBe(3);
      expect(first.items.map((c) => c.name)).toEqual(['Alpha', 'Bravo']);
      const second = await page('sort=name&dir=asc&pageSize=2&page=2');
      expect(second.items.map((c) => c.name)).toEqual(['Charlie']);
      const desc = await page('sort=name&dir=desc&pageSize=1');
      expect(desc.items.map((c) => c.name)).toEqual(['Charlie']);
      expect((await get('/api/admin/queues/campaigns?pageSize=101', operator)).statusCode).toBe(400);
      expect((await get('/api/admin/queues/campaigns?sort=password', operator)).statusCode).toBe(400);
    });
  });

  describe('identity documents', () => {
    it('lists an account under review and serves its file inline, with its type', async () => {
      const customer = await loginAs(app, 'advertiser');
      await saveDetails(app, customer.headers, COMPANY_DETAILS);
      const bytes = pdfBytes();
      const up = await post('/api/billing/document', customer.headers, {
        name: 'register.pdf',
        file: dataUrl('application/pdf', bytes),
      });
      expect(up.statusCode).toBe(200);
      const queue = body<{ items: QueueDocuments[]; total: number }>(
        await get(`/api/admin/queues/documents?q=${encodeURIComponent(customer.email)}`, operator),
      ).response;
      expect(queue.total).toBe(1);
      const doc = queue.items[0]?.documents[0];
      expect(doc).toMatchObject({ name: 'register.pdf', mime: 'application/pdf' });

      const file = await get(`/api/admin/documents/${doc?.id}/file`, operator);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(bytes)).toBe(true);

      // Recheck: the customer is asked for new documents; one audit entry.
      const res = await post(`/api/admin/identity/${customer.user.id}/recheck`, operator, { reason: 'Blurred scan.' });
      expect(res.statusCode).toBe(200);
      const profile = body<{ docVerification: number; docReason: string | null }>(
        await get('/api/billing', customer.headers),
      ).response;
      expect(profile).toMatchObject({ docVerification: 5, docReason: 'Blurred scan.' });
      expect(await auditCount('kyc', customer.email)).toBe(1);
    });
  });

  describe('websites and zones', () => {
    it('rejects a website with the reason the publisher reads; approves a zone', async () => {
      const pub = await loginAs(app, 'publisher');
      const domain = `probe-${Date.now().toString(36)}.example`;
      const created = await post('/api/websites', pub.headers, { website: `https://${domain}` });
      expect(created.statusCode).toBe(200);
      const sites = body<{ items: QueueWebsite[]; total: number }>(
        await get(`/api/admin/queues/websites?q=${domain}`, operator),
      ).response;
      expect(sites.total).toBe(1);
      const site = sites.items[0] as QueueWebsite;
      expect(site).toMatchObject({ domain, publisherEmail: pub.email, verification: { verified: false } });
      expect(site.pendingZones).toBeGreaterThan(0);

      const zonesPage = body<{ items: QueueZone[]; total: number }>(
        await get(`/api/admin/queues/zones?q=${domain}&sort=format&dir=desc`, operator),
      ).response;
      expect(zonesPage.total).toBe(site.pendingZones);
      const zone = zonesPage.items[0] as QueueZone;
      const approved = await post(`/api/admin/zones/${zone.id}/approve`, operator);
      expect(approved.statusCode).toBe(200);
      expect(await auditCount('zone', zone.id)).toBe(1);

      const res = await post(`/api/admin/websites/${site.id}/reject`, operator, { reason: 'Copied content.' });
      expect(res.statusCode).toBe(200);
      const detail = body<{ status: number }>(await get(`/api/websites/${site.id}`, pub.headers)).response;
      expect(detail.status).toBe(3);
      const list = body<{ notifications: { title: string; message: string }[] }>(
        await get('/api/user/notifications', pub.headers),
      ).response;
      expect(list.notifications.find((n) => n.title === 'Website rejected')?.message).toContain(
        'Reason: Copied content.',
      );
      expect(await auditCount('website', site.id)).toBe(1);
      // A reject needs its reason.
      expect((await post(`/api/admin/websites/${site.id}/reject`, operator, { reason: ' ' })).statusCode).toBe(400);
    });
  });

  describe('bank transfers', () => {
    it('confirms a transfer (credited), and a large one waits for a second operator (202)', async () => {
      const small = await depositor(app);
      const large = await depositor(app);
      const referenceOf = async (headers: Headers) =>
        body<{ reference: string }>(await get('/api/billing/deposit/bank-transfer', headers)).response.reference;
      const smallRef = await referenceOf(small.headers);
      const largeRef = await referenceOf(large.headers);
      const queue = body<{ items: QueueTransfer[]; total: number }>(
        await get(`/api/admin/queues/transfers?q=${encodeURIComponent(small.email)}`, operator),
      ).response;
      expect(queue.items.map((t) => t.reference)).toEqual([smallRef]);

      const res = await post(`/api/admin/transfers/${smallRef}/confirm`, operator, { euros: 250 });
      expect([res.statusCode, body(res).reason]).toEqual([200, null]);
      expect(await balanceOf(app, small.user.id)).toBeGreaterThan(0n);
      expect(await auditCount('deposit', smallRef)).toBe(1);

      const pending = await post(`/api/admin/transfers/${largeRef}/confirm`, operator, { euros: 5000 });
      expect(pending.statusCode).toBe(202);
      expect(
        body<{ pendingApproval: { id: number; amountMicros: string } }>(pending).response.pendingApproval,
      ).toMatchObject({
        amountMicros: '5000000000',
      });
      expect(await balanceOf(app, large.user.id)).toBe(0n);
    });
  });

  /** A verified SEPA publisher with earnings, as the payout job pays them (see payouts.test.ts). */
  async function payablePublisher(euros: number) {
    const p = await loginAs(app, 'publisher');
    await app.ctx.db.update(users).set({ kycVerified: 1 }).where(eq(users.id, p.user.id));
    await app.ctx.db.insert(billingProfiles).values({
      userId: p.user.id,
      isCompany: false,
      firstName: 'Paul',
      lastName: 'Tester',
      address: '1 Main Street, Berlin',
      country: 'DE',
      payoutMethod: 'sepa',
      payoutFrequency: 0,
      selfBillingAgreedAt: new Date(),
      payoutIban: 'DE89370400440532013000',
      payoutBic: 'COBADEFFXXX',
      payoutBankName: 'Commerzbank',
    });
    const adv = await loginAs(app, 'advertiser');
    const micros = eurosToMicros(euros);
    await depositFor(app, adv.user.id, micros);
    await app.ctx.db.transaction((tx) =>
      postAdSpend(tx, [
        { advertiserId: adv.user.id, publisherId: p.user.id, costMicros: micros, earningsMicros: micros },
      ]),
    );
    return p;
  }

  describe('payouts and listings', () => {
    it('marks a payout sent with its reference, another failed with the reason', async () => {
      const pub = await payablePublisher(60);
      const { created } = await runPayouts(app.ctx, new Date('2026-12-01T06:00:00Z'));
      const sent = created.find((p) => p.userId === pub.user.id);
      if (!sent) throw new Error('the payout job made no payout');
      const queue = body<{ items: QueuePayout[]; total: number }>(
        await get(`/api/admin/queues/payouts?q=${encodeURIComponent(pub.email)}`, operator),
      ).response;
      expect(queue.items.map((p) => [p.id, p.amountMicros])).toEqual([[sent.id, '60000000']]);
      // The operator sees the whole account to pay (the publisher's own screens mask it).
      expect(queue.items[0]?.destination).toMatch(/^IBAN DE\d{20} · BIC \w+ · Commerzbank$/);
      const res = await post(`/api/admin/payouts/${sent.id}/sent`, operator, { reference: 'SEPA-123' });
      expect([res.statusCode, body(res).reason]).toEqual([200, null]);
      const list = body<{ payouts: { id: number; status: string; reference: string | null }[] }>(
        await get('/api/billing/payouts', pub.headers),
      ).response;
      expect(JSON.stringify(list)).toContain('SEPA-123');
      expect(await auditCount('payout', sent.id)).toBe(1);
      // Not requested any more: it left the queue.
      expect(
        body<{ total: number }>(await get(`/api/admin/queues/payouts?q=${encodeURIComponent(pub.email)}`, operator))
          .response.total,
      ).toBe(0);
      expect((await post(`/api/admin/payouts/${sent.id}/failed`, operator, {})).statusCode).toBe(400);
      expect(await auditCount('payout', sent.id)).toBe(1);
    });

    it('lists sent payouts apart and marks one completed; runs the payout job for a day', async () => {
      const pub = await payablePublisher(70);
      const { created } = await runPayouts(app.ctx, new Date('2027-03-01T06:00:00Z'));
      const payout = created.find((p) => p.userId === pub.user.id);
      if (!payout) throw new Error('the payout job made no payout');
      const q = encodeURIComponent(pub.email);
      const sentQueue = async () =>
        body<{ items: QueuePayout[]; total: number }>(
          await get(`/api/admin/queues/payouts?state=sent&q=${q}`, operator),
        ).response;
      expect((await sentQueue()).total).toBe(0);
      expect((await post(`/api/admin/payouts/${payout.id}/sent`, operator, { reference: 'SEPA-9' })).statusCode).toBe(
        200,
      );
      expect((await sentQueue()).items.map((p) => [p.id, p.status, p.reference])).toEqual([
        [payout.id, 'sent', 'SEPA-9'],
      ]);

      const res = await post(`/api/admin/payouts/${payout.id}/complete`, operator);
      expect([res.statusCode, body(res).reason]).toEqual([200, null]);
      expect(body<{ output: string }>(res).response.output).toContain(`Payout #${payout.id}`);
      const list = body<{ id: number; status: string }[]>(await get('/api/billing/payouts', pub.headers)).response;
      expect(list.find((p) => p.id === payout.id)?.status).toBe('completed');
      expect((await sentQueue()).total).toBe(0);
      expect(await auditCount('payout', payout.id)).toBe(2);
      expect((await get('/api/admin/queues/payouts?state=failed', operator)).statusCode).toBe(400);

      // The job, as on a payout day: the publisher's next payout appears in the requested queue.
      const next = await payablePublisher(55);
      const run = await post('/api/admin/payouts/run', operator, { date: '2027-05-01' });
      expect([run.statusCode, body(run).reason]).toEqual([200, null]);
      expect(body<{ output: string }>(run).response.output).toMatch(/^Payout run 2027-0\d/);
      const requested = body<{ items: QueuePayout[] }>(
        await get(`/api/admin/queues/payouts?q=${encodeURIComponent(next.email)}`, operator),
      ).response;
      expect(requested.items.map((p) => [p.status, p.amountMicros])).toEqual([['requested', '55000000']]);
      expect(await auditCount('payout', '2027-05-01')).toBe(1);
      expect((await post('/api/admin/payouts/run', operator, { date: '1 May' })).statusCode).toBe(400);
    });

    it('publishes one listing request and rejects another with the reason', async () => {
      const pub = await loginAs(app, 'publisher');
      const a = await insertListing(app.ctx.db, { ownerId: pub.user.id, status: 0, title: 'Probe A' });
      const b = await insertListing(app.ctx.db, { ownerId: pub.user.id, status: 0, title: 'Probe B' });
      const queue = body<{ items: QueueListing[]; total: number }>(
        await get(`/api/admin/queues/listings?q=${encodeURIComponent(pub.email)}&sort=title`, operator),
      ).response;
      expect(queue.items.map((l) => l.title)).toEqual(['Probe A', 'Probe B']);
      expect((await post(`/api/admin/listings/${a.unique}/approve`, operator)).statusCode).toBe(200);
      const rejected = await post(`/api/admin/listings/${b.unique}/reject`, operator, { reason: 'No traffic.' });
      expect(rejected.statusCode).toBe(200);
      expect(await auditCount('listing', a.unique)).toBe(1);
      expect(await auditCount('listing', b.unique)).toBe(1);
      expect(
        body<{ total: number }>(await get(`/api/admin/queues/listings?q=${encodeURIComponent(pub.email)}`, operator))
          .response.total,
      ).toBe(0);
    });
  });

  it('marketplace: accepts an item of a network listing, then denies it and the buyer is refunded', async () => {
    const title = `Network probe ${Date.now().toString(36)}`;
    const { buyer, items } = await paidOrder(app, [{ title, price: 80 }]);
    const item = items[0];
    if (!item) throw new Error('no item');
    const queue = body<{ items: QueueMarketplaceItem[]; total: number }>(
      await get(`/api/admin/queues/marketplace?q=${encodeURIComponent(title)}`, operator),
    ).response;
    expect(queue.items.map((i) => [i.id, i.state, i.priceMicros])).toEqual([[item.id, 'pending', '80000000']]);
    expect((await post(`/api/admin/marketplace/items/${item.id}/accept`, operator)).statusCode).toBe(200);
    expect((await itemRow(app, item.id)).state).toBe('accepted');
    const denied = await post(`/api/admin/marketplace/items/${item.id}/deny`, operator, { reason: 'Site is down.' });
    expect(denied.statusCode).toBe(200);
    expect(await itemRow(app, item.id)).toMatchObject({ state: 'denied', denyReason: 'Site is down.' });
    expect(await balanceOf(app, buyer.user.id)).toBe(eurosToMicros(80));
    expect(await auditCount('marketplace', item.id)).toBe(2);
    expect(
      body<{ total: number }>(await get(`/api/admin/queues/marketplace?q=${encodeURIComponent(title)}`, operator))
        .response.total,
    ).toBe(0);
  });

  it('marketplace: settles delivered items of network listings: one completed, one refunded to the buyer', async () => {
    const title = `Settle probe ${Date.now().toString(36)}`;
    const { buyer, items } = await paidOrder(app, [
      { title, price: 30 },
      { title, price: 40 },
    ]);
    const [done, refunded] = items;
    if (!done || !refunded) throw new Error('no items');
    const site = await servePages({
      '/live': { body: articleWith('<a href="https://buyer.example/landing">buyer</a>') },
    });
    try {
      for (const [item, path] of [
        [done, '/live'],
        [refunded, '/gone'],
      ] as const) {
        expect((await post(`/api/admin/marketplace/items/${item.id}/accept`, operator)).statusCode).toBe(200);
        const delivered = await post(`/api/admin/marketplace/items/${item.id}/deliver`, operator, {
          proofUrl: site.url(path),
        });
        expect([delivered.statusCode, body(delivered).reason]).toEqual([200, null]);
      }
    } finally {
      await site.close();
    }
    const queue = body<{ items: QueueMarketplaceItem[] }>(
      await get(`/api/admin/queues/marketplace?q=${encodeURIComponent(title)}`, operator),
    ).response;
    expect(queue.items.map((i) => [i.id, i.state, i.network, i.proofProblem === null])).toEqual([
      [done.id, 'delivered', true, true],
      [refunded.id, 'delivered', true, false],
    ]);
    expect(queue.items[0]?.completeBy).not.toBeNull();

    const completed = await post(`/api/admin/marketplace/items/${done.id}/complete`, operator);
    expect([completed.statusCode, body(completed).reason]).toEqual([200, null]);
    expect((await itemRow(app, done.id)).state).toBe('completed');
    expect((await post(`/api/admin/marketplace/items/${refunded.id}/refund`, operator, {})).statusCode).toBe(400);
    const res = await post(`/api/admin/marketplace/items/${refunded.id}/refund`, operator, { reason: 'Link removed.' });
    expect([res.statusCode, body(res).reason]).toEqual([200, null]);
    expect(await itemRow(app, refunded.id)).toMatchObject({ state: 'denied', denyReason: 'Link removed.' });
    expect(await balanceOf(app, buyer.user.id)).toBe(eurosToMicros(40));
    // Settled twice: refused (the item is not delivered any more), nothing more written.
    expect((await post(`/api/admin/marketplace/items/${done.id}/complete`, operator)).statusCode).toBe(409);
    // accept, deliver and the settlement: one entry each.
    expect(await auditCount('marketplace', done.id)).toBe(3);
    expect(await auditCount('marketplace', refunded.id)).toBe(3);
  });

  it('dead letters: listed with their event, counted on the overview, retried one and all', async () => {
    const adv = await fundedAdvertiser(app, 50);
    const campaignId = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const event = {
      kind: EventKind.Impression,
      // Two days ago: today's figures (the traffic test's) stay as they are.
      at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      impressionId: crypto.randomUUID(),
      campaignId,
      creativeId: 0,
      zoneId: site.banner.id,
      websiteId: site.siteId,
      advertiserId: adv.user.id,
      publisherId: site.publisher.user.id,
      country: 'DE',
      os: 'Windows',
      browser: 'Chrome',
      device: 1,
      costMicros: '500',
    };
    const failed = { error: 'XX000: probe', attempts: 5, firstFailedAt: new Date(), lastFailedAt: new Date() };
    const [good] = await app.ctx.db
      .insert(deliveryDeadLetters)
      .values({ event, ...failed })
      .returning({ id: deliveryDeadLetters.id });
    const [bad] = await app.ctx.db
      .insert(deliveryDeadLetters)
      .values({ event: { kind: 9 }, ...failed })
      .returning({ id: deliveryDeadLetters.id });
    if (!good || !bad) throw new Error('no dead letters');

    const queue = body<{ items: QueueDeadLetter[]; total: number }>(
      await get('/api/admin/queues/deadletters?q=probe', operator),
    ).response;
    expect(queue.items.map((d) => [d.id, d.eventKind, d.campaignId, d.zoneId, d.attempts])).toEqual([
      [good.id, 'impression', campaignId, site.banner.id, 5],
      [bad.id, null, null, null, 5],
    ]);
    expect(body<AdminOverview>(await get('/api/admin/overview', operator)).response.queues.deadletters).toBe(2);

    const res = await post(`/api/admin/deadletters/${good.id}/retry`, operator);
    expect([res.statusCode, body(res).reason]).toEqual([200, null]);
    const events = body<{ items: QueueDeadLetter[] }>(await get('/api/admin/queues/deadletters', operator)).response;
    expect(events.items.map((d) => d.id)).toEqual([bad.id]);
    expect(await auditCount('delivery', good.id)).toBe(1);

    // All: the malformed one is refused again and stays, with one more attempt.
    const all = await post('/api/admin/deadletters/retry', operator);
    expect(all.statusCode).toBe(200);
    expect(body<{ output: string }>(all).response.output).toContain('0 of 1 dead letters recorded');
    const left = body<{ items: QueueDeadLetter[] }>(await get('/api/admin/queues/deadletters', operator)).response;
    expect(left.items.map((d) => [d.id, d.attempts])).toEqual([[bad.id, 6]]);
    expect(await auditCount('delivery', 'all')).toBe(1);
    await app.ctx.db.delete(deliveryDeadLetters).where(eq(deliveryDeadLetters.id, bad.id));
  });

  it('ledger check: runs the check and answers its report, audited', async () => {
    const res = await post('/api/admin/ledger/check', operator);
    expect([res.statusCode, body(res).reason]).toEqual([200, null]);
    expect(body<{ output: string }>(res).response.output).toMatch(/^Ledger check: \d+ accounts[\s\S]*No violations\.$/);
    expect(await auditCount('ledger', '')).toBe(1);
  });

  it('traffic: a zone with a high filtered share is in the queue, and today’s figures are in the overview', async () => {
    const adv = await fundedAdvertiser(app, 100);
    const campaignId = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const record = (count: number, filterReason?: FilterReason) =>
      recordBatch(
        app.ctx,
        Array.from(
          { length: count },
          (): DeliveryEvent => ({
            kind: EventKind.Impression,
            at: new Date(),
            impressionId: crypto.randomUUID(),
            campaignId,
            creativeId: 0,
            zoneId: site.banner.id,
            websiteId: site.siteId,
            advertiserId: adv.user.id,
            publisherId: site.publisher.user.id,
            country: 'DE',
            os: 'Windows',
            browser: 'Chrome',
            device: 1,
            costMicros: 500n,
            ...(filterReason ? { filterReason } : {}),
          }),
        ),
      );
    await record(40);
    await record(70, FilterReason.DataCentre);
    const queue = body<{ items: QueueTraffic[]; total: number }>(
      await get(`/api/admin/queues/traffic?q=${site.banner.unique}`, operator),
    ).response;
    expect(queue.items.map((z) => [z.zone, z.filtered, z.total])).toEqual([[site.banner.unique, 70, 110]]);
    expect(queue.items[0]?.reasons[0]).toMatchObject({ reason: FilterReason.DataCentre, events: 70 });

    const o = body<AdminOverview>(await get('/api/admin/overview', operator)).response;
    expect(o.today).toMatchObject({ impressions: 40, filteredImpressions: 70, spendMicros: '20000' });
    expect(o.today.filteredShare).toBeCloseTo(70 / 110, 6);
    expect(BigInt(o.today.earningsMicros)).toBeGreaterThan(0n);
    expect(o.queues.traffic).toBeGreaterThanOrEqual(1);

    // Pausing the flagged zone from the queue: it stops serving, and the action is audited.
    const paused = await post(`/api/admin/zones/${site.banner.id}/pause`, operator);
    expect(paused.statusCode).toBe(200);
    const [zone] = await app.ctx.db.select({ status: zones.status }).from(zones).where(eq(zones.id, site.banner.id));
    expect(zone?.status).toBe(ZoneStatus.Paused);
    const entries = await app.ctx.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.objectId, String(site.banner.id)));
    expect(entries.map((e) => e.action)).toContain('zone pause');
  });

  it('every queue sorts by each of its columns, both ways', async () => {
    for (const [name, sorts] of Object.entries(QUEUE_SORTS))
      for (const sort of sorts)
        for (const dir of ['asc', 'desc']) {
          const res = await get(`/api/admin/queues/${name}?sort=${sort}&dir=${dir}&q=x`, operator);
          expect([name, sort, dir, res.statusCode]).toEqual([name, sort, dir, 200]);
        }
  });

  it('the overview answers today’s figures, the money held and the queue sizes', async () => {
    const res = await get('/api/admin/overview', operator);
    expect(res.statusCode).toBe(200);
    const o = body<AdminOverview>(res).response;
    expect(o.day).toBe(new Date().toISOString().slice(0, 10));
    expect(o.today.revenueMicros).toBe((BigInt(o.today.spendMicros) - BigInt(o.today.earningsMicros)).toString());
    expect(o.queues.campaigns).toBeGreaterThanOrEqual(1);
    expect(o.held.advertisersMicros).toMatch(/^\d+$/);
  });
});

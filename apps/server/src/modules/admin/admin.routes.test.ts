import { describe, expect, it } from 'vitest';
import { QUEUE_SORTS } from '@cryptads/contract/admin-queues';
import type { AdminBulkResult, AdminOverview } from '@cryptads/contract/endpoints/admin';
import type {
  QueueCampaign,
  QueueDocuments,
  QueueTransfer,
  QueueWebsite,
  QueueZone,
} from '@cryptads/contract/endpoints/admin-queues';
import { adminEndpoints } from '@cryptads/contract/endpoints/admin';
import { AppCode } from '@cryptads/contract/app-codes';
import { buildPath } from '@cryptads/contract/endpoint';
import { CampaignStatus } from '@cryptads/contract/campaigns';
import { body, loginAs, loginAsOperator } from '../../testing/helpers';
import { COMPANY_DETAILS, dataUrl, pdfBytes, saveDetails } from '../billing-profile/test-helpers';
import { createCampaign } from '../campaigns/test-helpers';
import { balanceOf, depositor } from '../payments/test-helpers';

import { type Headers, setUpAdminApp } from './test-helpers';

describe('admin API: overview, queues, reviews and transfers', () => {
  const { s, get, post, auditCount } = setUpAdminApp();

  describe('every endpoint is for operators with two-factor on', () => {
    const endpoints = Object.entries(adminEndpoints).map(([name, e]) => ({
      name,
      method: e.method,
      url: `/api${buildPath(e.path, { id: 1, userId: 1, reference: 'DEPAAAAAAAA' })}`,
    }));

    it.each(endpoints)('$name: 401 without a session, 403 to customers and to an operator without 2FA', async (e) => {
      const call = (headers: Headers) =>
        s.app.inject({ method: e.method, url: e.url, headers, ...(e.method === 'POST' ? { payload: {} } : {}) });
      expect((await call({})).statusCode).toBe(401);
      for (const role of ['advertiser', 'publisher'] as const) {
        const { headers } = await loginAs(s.app, role);
        expect((await call(headers)).statusCode, role).toBe(403);
      }
      const noTwoFactor = await loginAsOperator(s.app, { twoFactor: false });
      const res = await call(noTwoFactor.headers);
      expect([res.statusCode, body(res).code]).toEqual([403, AppCode.TwoFactorSetupRequired]);
    });
  });

  describe('campaigns', () => {
    it('lists a pending campaign; approving changes what the advertiser sees and leaves one audit entry', async () => {
      const adv = await loginAs(s.app, 'advertiser');
      const id = await createCampaign(s.app, adv.headers, 'display', { name: 'Queue probe' });
      const queue = body<{ items: QueueCampaign[]; total: number }>(
        await get(`/api/admin/queues/campaigns?q=${encodeURIComponent(adv.email)}`, s.operator),
      ).response;
      expect(queue.total).toBe(1);
      expect(queue.items[0]).toMatchObject({ id, name: 'Queue probe', kind: 'display', advertiserEmail: adv.email });
      expect(queue.items[0]?.creatives[0]).toMatchObject({ format: 1, size: '300x250' });
      expect(queue.items[0]?.creatives[0]?.imageUrl).toMatch(/^\/uploads\//);

      const res = await post(`/api/admin/campaigns/${id}/approve`, s.operator);
      expect(res.statusCode).toBe(200);
      expect(body<{ output: string }>(res).response.output).toContain(`Campaign #${id} approved`);
      const detail = body<{ status: number }>(await get(`/api/campaigns/${id}`, adv.headers)).response;
      expect(detail.status).not.toBe(CampaignStatus.Pending);
      expect(await auditCount('campaign', id)).toBe(1);

      // Lock and unlock: the advertiser sees a managed campaign, then their own again.
      expect((await post(`/api/admin/campaigns/${id}/lock`, s.operator)).statusCode).toBe(200);
      expect(body<{ isLocked: boolean }>(await get(`/api/campaigns/${id}`, adv.headers)).response.isLocked).toBe(true);
      expect((await post(`/api/admin/campaigns/${id}/unlock`, s.operator)).statusCode).toBe(200);
      expect(body<{ isLocked: boolean }>(await get(`/api/campaigns/${id}`, adv.headers)).response.isLocked).toBe(false);
      expect(await auditCount('campaign', id)).toBe(3);

      // Approving it again is refused with the command's message, and writes nothing.
      const again = await post(`/api/admin/campaigns/${id}/approve`, s.operator);
      expect(again.statusCode).toBe(400);
      expect(body(again).reason).toContain('only pending or rejected campaigns are approved');
      expect(await auditCount('campaign', id)).toBe(3);
    });

    it('rejects with a reason the advertiser reads in the notification', async () => {
      const adv = await loginAs(s.app, 'advertiser');
      const id = await createCampaign(s.app, adv.headers);
      const res = await post(`/api/admin/campaigns/${id}/reject`, s.operator, { reason: 'The banner is unreadable.' });
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
      const adv = await loginAs(s.app, 'advertiser');
      const a = await createCampaign(s.app, adv.headers);
      const b = await createCampaign(s.app, adv.headers);
      const res = await post('/api/admin/campaigns/approve', s.operator, { ids: [a, b, 2_000_000_000] });
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
      const adv = await loginAs(s.app, 'advertiser');
      for (const name of ['Bravo', 'Alpha', 'Charlie']) await createCampaign(s.app, adv.headers, 'display', { name });
      const q = encodeURIComponent(adv.email);
      const page = async (query: string) =>
        body<{ items: QueueCampaign[]; total: number }>(
          await get(`/api/admin/queues/campaigns?q=${q}&${query}`, s.operator),
        ).response;
      const first = await page('sort=name&dir=asc&pageSize=2&page=1');
      expect(first.total).toBe(3);
      expect(first.items.map((c) => c.name)).toEqual(['Alpha', 'Bravo']);
      const second = await page('sort=name&dir=asc&pageSize=2&page=2');
      expect(second.items.map((c) => c.name)).toEqual(['Charlie']);
      const desc = await page('sort=name&dir=desc&pageSize=1');
      expect(desc.items.map((c) => c.name)).toEqual(['Charlie']);
      expect((await get('/api/admin/queues/campaigns?pageSize=101', s.operator)).statusCode).toBe(400);
      expect((await get('/api/admin/queues/campaigns?sort=password', s.operator)).statusCode).toBe(400);
    });
  });

  describe('identity documents', () => {
    it('lists an account under review and serves its file inline, with its type', async () => {
      const customer = await loginAs(s.app, 'advertiser');
      await saveDetails(s.app, customer.headers, COMPANY_DETAILS);
      const bytes = pdfBytes();
      const up = await post('/api/billing/document', customer.headers, {
        name: 'register.pdf',
        file: dataUrl('application/pdf', bytes),
      });
      expect(up.statusCode).toBe(200);
      const queue = body<{ items: QueueDocuments[]; total: number }>(
        await get(`/api/admin/queues/documents?q=${encodeURIComponent(customer.email)}`, s.operator),
      ).response;
      expect(queue.total).toBe(1);
      const doc = queue.items[0]?.documents[0];
      expect(doc).toMatchObject({ name: 'register.pdf', mime: 'application/pdf' });

      const file = await get(`/api/admin/documents/${doc?.id}/file`, s.operator);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(bytes)).toBe(true);

      // Recheck: the customer is asked for new documents; one audit entry.
      const res = await post(`/api/admin/identity/${customer.user.id}/recheck`, s.operator, {
        reason: 'Blurred scan.',
      });
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
      const pub = await loginAs(s.app, 'publisher');
      const domain = `probe-${Date.now().toString(36)}.example`;
      const created = await post('/api/websites', pub.headers, { website: `https://${domain}` });
      expect(created.statusCode).toBe(200);
      const sites = body<{ items: QueueWebsite[]; total: number }>(
        await get(`/api/admin/queues/websites?q=${domain}`, s.operator),
      ).response;
      expect(sites.total).toBe(1);
      const site = sites.items[0] as QueueWebsite;
      expect(site).toMatchObject({ domain, publisherEmail: pub.email, verification: { verified: false } });
      expect(site.pendingZones).toBeGreaterThan(0);

      const zonesPage = body<{ items: QueueZone[]; total: number }>(
        await get(`/api/admin/queues/zones?q=${domain}&sort=format&dir=desc`, s.operator),
      ).response;
      expect(zonesPage.total).toBe(site.pendingZones);
      const zone = zonesPage.items[0] as QueueZone;
      const approved = await post(`/api/admin/zones/${zone.id}/approve`, s.operator);
      expect(approved.statusCode).toBe(200);
      expect(await auditCount('zone', zone.id)).toBe(1);

      const res = await post(`/api/admin/websites/${site.id}/reject`, s.operator, { reason: 'Copied content.' });
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
      expect((await post(`/api/admin/websites/${site.id}/reject`, s.operator, { reason: ' ' })).statusCode).toBe(400);
    });
  });

  describe('bank transfers', () => {
    it('confirms a transfer (credited), and a large one waits for a second operator (202)', async () => {
      const small = await depositor(s.app);
      const large = await depositor(s.app);
      const referenceOf = async (headers: Headers) =>
        body<{ reference: string }>(await get('/api/billing/deposit/bank-transfer', headers)).response.reference;
      const smallRef = await referenceOf(small.headers);
      const largeRef = await referenceOf(large.headers);
      const queue = body<{ items: QueueTransfer[]; total: number }>(
        await get(`/api/admin/queues/transfers?q=${encodeURIComponent(small.email)}`, s.operator),
      ).response;
      expect(queue.items.map((t) => t.reference)).toEqual([smallRef]);

      const res = await post(`/api/admin/transfers/${smallRef}/confirm`, s.operator, { euros: 250 });
      expect([res.statusCode, body(res).reason]).toEqual([200, null]);
      expect(await balanceOf(s.app, small.user.id)).toBeGreaterThan(0n);
      expect(await auditCount('deposit', smallRef)).toBe(1);

      const pending = await post(`/api/admin/transfers/${largeRef}/confirm`, s.operator, { euros: 5000 });
      expect(pending.statusCode).toBe(202);
      expect(
        body<{ pendingApproval: { id: number; amountMicros: string } }>(pending).response.pendingApproval,
      ).toMatchObject({
        amountMicros: '5000000000',
      });
      expect(await balanceOf(s.app, large.user.id)).toBe(0n);
    });
  });

  it('every queue sorts by each of its columns, both ways', async () => {
    for (const [name, sorts] of Object.entries(QUEUE_SORTS))
      for (const sort of sorts)
        for (const dir of ['asc', 'desc']) {
          const res = await get(`/api/admin/queues/${name}?sort=${sort}&dir=${dir}&q=x`, s.operator);
          expect([name, sort, dir, res.statusCode]).toEqual([name, sort, dir, 200]);
        }
  });

  it('the overview answers today’s figures, the money held and the queue sizes', async () => {
    const res = await get('/api/admin/overview', s.operator);
    expect(res.statusCode).toBe(200);
    const o = body<AdminOverview>(res).response;
    expect(o.day).toBe(new Date().toISOString().slice(0, 10));
    expect(o.today.revenueMicros).toBe((BigInt(o.today.spendMicros) - BigInt(o.today.earningsMicros)).toString());
    expect(o.queues.campaigns).toBeGreaterThanOrEqual(1);
    expect(o.held.advertisersMicros).toMatch(/^\d+$/);
  });
});

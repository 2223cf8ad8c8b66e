import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_APPROVAL_NOTICES as NOTICE,
  CAMPAIGN_MESSAGES as M,
  type CampaignDetail,
  CampaignStatus,
  type CampaignStatusResponse,
} from '@cryptads/contract/campaigns';
import { campaigns } from '../../db/schema/campaigns';
import { notifications } from '../../db/schema/notifications';
import { body, drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { depositFor } from '../ledger/test-helpers';
import { baseFields, createCampaign, tempDataDir, uploadFile } from './test-helpers';

describe('campaign status rules and operator review', () => {
  let app: TestApp;
  let dir: string;
  let headers: Record<string, string>;
  let userId: number;
  const token = 'operator-secret-for-campaigns';

  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir }, { operatorToken: token });
    const login = await loginAs(app, 'advertiser');
    headers = login.headers;
    userId = login.user.id;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h = headers) =>
    app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  const operator = (action: string, args: string[]) =>
    app.inject({
      method: 'POST',
      url: '/api/operator/run',
      headers: { 'x-operator-token': token },
      payload: { domain: 'campaign', action, args },
      remoteAddress: '127.0.0.1',
    });
  const statusOf = async (id: number, h = headers) =>
    body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`, undefined, h)).response.status;

  describe('operator commands', () => {
    it('approves to Out of Funds at a zero balance, says so, and delivers once funds arrive', async () => {
      const poor = await loginAs(app, 'advertiser');
      const id = await createCampaign(app, poor.headers, 'display', { name: 'No money yet' });
      const res = await operator('approve', [String(id)]);
      expect(body<{ output: string }>(res).response.output).toBe(`Campaign #${id} approved: Out of Funds.`);
      expect(await statusOf(id, poor.headers)).toBe(CampaignStatus.OutOfFunds);
      const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, poor.user.id));
      expect(notes.map((n) => [n.title, n.message])).toEqual([
        [NOTICE.title, NOTICE.outOfFunds('Display Campaign', 'No money yet')],
      ]);
      expect(NOTICE.outOfFunds('Display Campaign', 'No money yet')).toContain('Out of Funds');
      await depositFor(app, poor.user.id, 1_000_000n);
      await drainEvents(app);
      expect(await statusOf(id, poor.headers)).toBe(CampaignStatus.Delivering);
    });

    it('approves to Delivering when the campaign runs after approval, and notifies with a link', async () => {
      await depositFor(app, userId, 10_000_000n);
      const id = await createCampaign(app, headers, 'display', { name: 'Auto run' });
      const res = await operator('approve', [String(id)]);
      expect(res.statusCode).toBe(200);
      expect(body<{ output: string }>(res).response.output).toBe(`Campaign #${id} approved: Delivering.`);
      expect(await statusOf(id)).toBe(1);
      const [note] = await app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.link, `/campaigns/all/setup/${id}/`)));
      expect(note).toMatchObject({ title: 'Campaign approved' });
      const user = body<{ campaigns: unknown }>(await call('GET', '/api/user')).response;
      expect(user.campaigns).toMatchObject({ active: 1 });
    });

    it('approves to Paused when the campaign does not run after approval', async () => {
      const id = await createCampaign(app, headers, 'popunder', { runAfterApproval: false });
      await operator('approve', [String(id)]);
      expect(await statusOf(id)).toBe(2);
    });

    it('rejects, notifies, and refuses unknown ids and wrong states', async () => {
      const id = await createCampaign(app, headers, 'popunder');
      expect((await operator('reject', [String(id)])).statusCode).toBe(200);
      expect(await statusOf(id)).toBe(3);
      const [note] = await app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Campaign rejected')));
      expect(note?.link).toBe(`/campaigns/all/setup/${id}/`);
      const again = await operator('reject', [String(id)]);
      expect(again.statusCode).toBe(400);
      const missing = await operator('approve', ['999999']);
      expect(body(missing).reason).toBe('No campaign with id 999999.');
      expect(body(await operator('approve', ['abc'])).reason).toBe('Give the campaign id.');
    });
  });

  describe('transitions', () => {
    it('pauses only a delivering campaign and runs only a paused one', async () => {
      const id = await createCampaign(app, headers, 'popunder');
      const pausePending = await call('POST', `/api/campaigns/${id}/pause`);
      expect(pausePending.statusCode).toBe(400);
      expect(body(pausePending).reason).toBe(M.pauseRefused);
      expect(body(await call('POST', `/api/campaigns/${id}/run`)).reason).toBe(M.runRefused);
      await operator('approve', [String(id)]);
      const paused = await call('PUT', `/api/campaigns/${id}`, { status: 2 });
      expect(body<CampaignStatusResponse>(paused).response).toEqual({
        id,
        status: 2,
        statusLabel: 'Paused',
        statusLive: { status: 2, text: 'Paused' },
      });
      expect(body(await call('POST', `/api/campaigns/${id}/pause`)).reason).toBe(M.pauseRefused);
      const run = await call('POST', `/api/campaigns/${id}/run`);
      expect(body<CampaignStatusResponse>(run).response).toMatchObject({
        status: 1,
        statusLabel: 'Running',
        statusLive: { status: 1, text: 'Delivering' },
      });
      expect(body(await call('PUT', `/api/campaigns/${id}`, { status: 5 })).reason).toBe(M.invalidStatus);
    });

    it('runs and unarchives to Out of Funds at a zero balance, never to Delivering', async () => {
      const poor = await loginAs(app, 'advertiser');
      const id = await createCampaign(app, poor.headers, 'popunder', { runAfterApproval: false });
      await operator('approve', [String(id)]);
      expect(await statusOf(id, poor.headers)).toBe(CampaignStatus.Paused);
      const run = await call('POST', `/api/campaigns/${id}/run`, undefined, poor.headers);
      expect(body<CampaignStatusResponse>(run).response.statusLive).toEqual({
        status: CampaignStatus.OutOfFunds,
        text: 'Out of Funds',
      });
      const other = await createCampaign(app, poor.headers, 'popunder', { runAfterApproval: false });
      await operator('approve', [String(other)]);
      await call('POST', `/api/campaigns/${other}/archive`, undefined, poor.headers);
      await call('POST', `/api/campaigns/${other}/unarchive`, undefined, poor.headers);
      expect(await statusOf(other, poor.headers)).toBe(CampaignStatus.OutOfFunds);
      await depositFor(app, poor.user.id, 1_000_000n);
      await drainEvents(app);
      expect(await statusOf(id, poor.headers)).toBe(CampaignStatus.Delivering);
      expect(await statusOf(other, poor.headers)).toBe(CampaignStatus.Delivering);
    });

    it('refuses to run a campaign whose price is zero', async () => {
      const id = await createCampaign(app, headers, 'popunder');
      await operator('approve', [String(id)]);
      await call('POST', `/api/campaigns/${id}/pause`);
      await app.ctx.db.update(campaigns).set({ priceMicros: 0n }).where(eq(campaigns.id, id));
      const res = await call('POST', `/api/campaigns/${id}/run`);
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(
        'Please set a CPM for your campaign in order to activate it. For further details, please contact your account manager.',
      );
    });

    it('archives from Pending, Delivering and Paused, not from Rejected', async () => {
      const pending = await createCampaign(app, headers, 'popunder');
      expect(
        body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${pending}/archive`)).response.status,
      ).toBe(9);
      const rejected = await createCampaign(app, headers, 'popunder');
      await operator('reject', [String(rejected)]);
      expect(body(await call('PUT', `/api/campaigns/${rejected}`, { status: 9 })).reason).toBe(M.archiveRefused);
      expect(body(await call('POST', `/api/campaigns/${pending}/archive`)).reason).toBe(M.archiveRefused);
    });

    it('unarchives an approved campaign to Delivering and a never-approved one to Pending', async () => {
      const approved = await createCampaign(app, headers, 'popunder');
      await operator('approve', [String(approved)]);
      await call('POST', `/api/campaigns/${approved}/archive`);
      expect(
        body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${approved}/unarchive`)).response.status,
      ).toBe(1);
      const never = await createCampaign(app, headers, 'popunder');
      await call('POST', `/api/campaigns/${never}/archive`);
      expect(
        body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${never}/unarchive`)).response.status,
      ).toBe(0);
      expect(body(await call('POST', `/api/campaigns/${never}/unarchive`)).reason).toBe(M.unarchiveRefused);
    });

    it('sends an edited campaign back to Pending and clears its approval', async () => {
      const id = await createCampaign(app, headers, 'popunder');
      await operator('approve', [String(id)]);
      expect(await statusOf(id)).toBe(1);
      await call('PUT', `/api/campaigns/${id}`, { ...baseFields, price: 2 });
      expect(await statusOf(id)).toBe(0);
      await call('POST', `/api/campaigns/${id}/archive`);
      expect(body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${id}/unarchive`)).response.status).toBe(
        0,
      );
    });

    it('keeps a campaign live when only its exclusion list changes', async () => {
      const id = await createCampaign(app, headers, 'popunder');
      await operator('approve', [String(id)]);
      await call('PUT', `/api/campaigns/${id}`, { excludeList: ['42'] });
      expect(await statusOf(id)).toBe(1);
    });
  });

  describe('archived campaigns', () => {
    it('refuse every change but unarchive, with the spec message', async () => {
      const id = await createCampaign(app, headers, 'display');
      const creativeId = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response.creatives[0]?.id;
      await call('POST', `/api/campaigns/${id}/archive`);
      const banner = await uploadFile(app, headers, 'banner', 728, 90);
      for (const [method, url, payload] of [
        ['PUT', `/api/campaigns/${id}`, { ...baseFields }],
        ['PUT', `/api/campaigns/${id}`, { excludeList: ['1'] }],
        ['PUT', `/api/campaigns/${id}/creatives`, { creatives: [{ resource: banner.resource }] }],
        ['PUT', `/api/campaigns/${id}/creatives/${creativeId}`, { resource: banner.resource }],
        ['DELETE', `/api/campaigns/${id}/creatives`, { creativeId }],
      ] as const) {
        const res = await call(method, url, payload);
        expect({ url, reason: body(res).reason }).toEqual({
          url,
          reason: 'Please unarchive your campaign before making any changes.',
        });
      }
    });

    it('can be duplicated into a new Pending campaign with the same fields and creatives', async () => {
      const id = await createCampaign(app, headers, 'display', { name: 'Original', capping: 2, cappingTime: 3600 });
      await call('POST', `/api/campaigns/${id}/sharing`, { status: true });
      await call('POST', `/api/campaigns/${id}/archive`);
      const res = await call('POST', `/api/campaigns/${id}/duplicate`);
      expect(res.statusCode).toBe(200);
      const copyId = body<{ id: number }>(res).response.id;
      expect(copyId).not.toBe(id);
      const [orig, copy] = await Promise.all(
        [id, copyId].map(async (x) => body<CampaignDetail>(await call('GET', `/api/campaigns/${x}`)).response),
      );
      expect(copy).toMatchObject({ name: 'Original', status: 0, capping: 2, cappingTime: 3600, sharingEnabled: false });
      expect(copy?.permalink).not.toBe(orig?.permalink);
      expect(copy?.creatives.map((c) => [c.size, c.resource])).toEqual(
        orig?.creatives.map((c) => [c.size, c.resource]),
      );
      expect(copy?.creatives[0]?.id).not.toBe(orig?.creatives[0]?.id);
    });
  });

  describe('locked campaigns', () => {
    it('accept status changes only', async () => {
      const id = await createCampaign(app, headers, 'display');
      const creativeId = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response.creatives[0]?.id;
      await operator('approve', [String(id)]);
      expect((await operator('lock', [String(id)])).statusCode).toBe(200);
      const detail = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response;
      expect(detail.isLocked).toBe(true);
      expect(detail.creatives[0]?.campaignLocked).toBe(true);
      const banner = await uploadFile(app, headers, 'banner', 728, 90);
      for (const [method, url, payload] of [
        ['PUT', `/api/campaigns/${id}`, { ...baseFields }],
        ['PUT', `/api/campaigns/${id}`, { excludeList: ['1'] }],
        ['PUT', `/api/campaigns/${id}/creatives`, { creatives: [{ resource: banner.resource }] }],
        ['PUT', `/api/campaigns/${id}/creatives/${creativeId}`, { resource: banner.resource }],
        ['DELETE', `/api/campaigns/${id}/creatives`, { creativeId }],
        ['POST', `/api/campaigns/${id}/duplicate`, undefined],
      ] as const) {
        const res = await call(method, url, payload);
        expect({ url, reason: body(res).reason }).toEqual({
          url,
          reason: url.endsWith('/duplicate') ? M.duplicateRefused : M.locked,
        });
      }
      expect(body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${id}/pause`)).response.status).toBe(2);
      expect(body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${id}/run`)).response.status).toBe(1);
      expect(body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${id}/archive`)).response.status).toBe(9);
      expect(body<CampaignStatusResponse>(await call('POST', `/api/campaigns/${id}/unarchive`)).response.status).toBe(
        1,
      );
      await operator('unlock', [String(id)]);
      const edit = await call('PUT', `/api/campaigns/${id}`, { ...baseFields, name: 'Mine again' });
      expect(body<CampaignDetail>(edit).response).toMatchObject({ name: 'Mine again', isLocked: false, status: 0 });
    });
  });
});

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES as M,
  type CampaignDetail,
  type CampaignPreview,
  type Creative,
  type Draft,
  type Sharing,
} from '@cryptads/contract/campaigns';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { baseFields, createCampaign, nativeAd, tempDataDir, uploadFile } from './test-helpers';

describe('campaigns API: editing, creatives, blacklist, drafts, sharing and ownership', () => {
  let app: TestApp;
  let dir: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir });
    headers = (await loginAs(app, 'advertiser')).headers;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h = headers) =>
    app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('editing', () => {
    it('edits fields and answers the campaign', async () => {
      const id = await createCampaign(app, headers, 'display');
      const res = await call('PUT', `/api/campaigns/${id}`, {
        ...baseFields,
        name: 'Renamed',
        price: 1.25,
        trafficType: 1,
        device: 2,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe('The price must not be less than 3.');
      const ok = await call('PUT', `/api/campaigns/${id}`, {
        ...baseFields,
        name: 'Renamed',
        price: 3.5,
        trafficType: 1,
        device: 2,
      });
      expect(ok.statusCode).toBe(200);
      expect(body<CampaignDetail>(ok).response).toMatchObject({
        name: 'Renamed',
        price: 3.5,
        trafficType: 1,
        device: 2,
        status: 0,
      });
    });

    it('replaces the exclusion list without changing anything else', async () => {
      const id = await createCampaign(app, headers, 'popunder');
      const res = await call('PUT', `/api/campaigns/${id}`, {
        excludeList: [' 12 ', '', '34\n56'],
        excludeFlag: false,
      });
      expect(body(res).response).toEqual({ excludeList: ['12', '34', '56'], excludeFlag: false });
      expect(body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response).toMatchObject({
        excludeList: ['12', '34', '56'],
        excludeFlag: false,
      });
    });
  });

  describe('creatives', () => {
    it('adds banners, refusing a size already used', async () => {
      const id = await createCampaign(app, headers, 'display');
      const retina = await uploadFile(app, headers, 'banner', 600, 500);
      const dup = await call('PUT', `/api/campaigns/${id}/creatives`, {
        campaignId: id,
        creatives: [{ resource: retina.resource, name: 'r' }],
      });
      expect(dup.statusCode).toBe(400);
      expect(body(dup).reason).toBe(M.bannerSizeTwice('300x250'));
      const leader = await uploadFile(app, headers, 'banner', 728, 90);
      const res = await call('PUT', `/api/campaigns/${id}/creatives`, {
        campaignId: id,
        creatives: [{ resource: leader.resource, name: 'leader' }],
      });
      expect(res.statusCode).toBe(200);
      expect(body<{ creatives: Creative[] }>(res).response.creatives.map((c) => c.size)).toEqual(['300x250', '728x90']);
      expect(M.bannerUpdated).toBe('Banner has been updated!');
    });

    it('adds a native ad to a native campaign and refuses banners there', async () => {
      const id = await createCampaign(app, headers, 'native');
      const banner = await uploadFile(app, headers, 'banner', 300, 250);
      const wrong = await call('PUT', `/api/campaigns/${id}/creatives`, { creatives: [{ resource: banner.resource }] });
      expect(body(wrong).reason).toBe(M.creativesNotForKind);
      const res = await call('PUT', `/api/campaigns/${id}/creatives`, {
        nativeCreatives: [await nativeAd(app, headers)],
      });
      expect(body<{ creatives: Creative[] }>(res).response.creatives).toHaveLength(2);
    });

    it('changes a banner only for the same size or its x2', async () => {
      const id = await createCampaign(app, headers, 'display');
      const creative = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response
        .creatives[0] as Creative;
      const other = await uploadFile(app, headers, 'banner', 728, 90);
      const wrong = await call('PUT', `/api/campaigns/${id}/creatives/${creative.id}`, { resource: other.resource });
      expect(body(wrong).reason).toBe('You must upload a creative with following size: 300x250 or x2 for Retina.');
      const missing = await call('PUT', `/api/campaigns/${id}/creatives/${creative.id}`, {});
      expect(body(missing).reason).toBe('Please upload a banner.');
      const retina = await uploadFile(app, headers, 'banner', 600, 500);
      const res = await call('PUT', `/api/campaigns/${id}/creatives/${creative.id}`, {
        resource: retina.resource,
        name: 'hd',
      });
      expect(res.statusCode).toBe(200);
      expect(body<{ creatives: Creative[] }>(res).response.creatives[0]).toMatchObject({
        id: creative.id,
        resource: retina.resource,
        name: 'hd',
        width: 600,
        size: '300x250',
      });
    });

    it('deletes a creative but keeps the last one', async () => {
      const id = await createCampaign(app, headers, 'display');
      const leader = await uploadFile(app, headers, 'banner', 728, 90);
      const added = body<{ creatives: Creative[] }>(
        await call('PUT', `/api/campaigns/${id}/creatives`, { creatives: [{ resource: leader.resource }] }),
      ).response.creatives;
      const res = await call('DELETE', `/api/campaigns/${id}/creatives`, { campaignId: id, creativeId: added[0]?.id });
      expect(res.statusCode).toBe(200);
      expect(body<{ creatives: Creative[] }>(res).response.creatives.map((c) => c.size)).toEqual(['728x90']);
      const last = await call('DELETE', `/api/campaigns/${id}/creatives`, { creativeId: added[1]?.id });
      expect(body(last).reason).toBe(M.lastCreative);
      const gone = await call('DELETE', `/api/campaigns/${id}/creatives`, { creativeId: added[0]?.id });
      expect(gone.statusCode).toBe(404);
    });
  });

  describe('global blacklist', () => {
    it('starts empty, saves a normalised list and refuses one over 100000 characters', async () => {
      const h = (await loginAs(app, 'advertiser')).headers;
      expect(body(await call('GET', '/api/campaigns/blacklist', undefined, h)).response).toEqual([]);
      const res = await call('PUT', '/api/campaigns/blacklist', [' bad.example ', '', '1234\n\n  5678 '], h);
      expect(res.statusCode).toBe(200);
      expect(body(res).response).toEqual(['bad.example', '1234', '5678']);
      expect(body(await call('GET', '/api/campaigns/blacklist', undefined, h)).response).toEqual([
        'bad.example',
        '1234',
        '5678',
      ]);
      const tooLong = await call(
        'PUT',
        '/api/campaigns/blacklist',
        Array.from({ length: 20_001 }, () => 'abcde'),
        h,
      );
      expect(tooLong.statusCode).toBe(400);
      expect(body(tooLong).reason).toBe(M.blacklistTooLong);
      expect(M.blacklistUpdated).toBe('Global Blacklist updated successfully.');
    });
  });

  describe('drafts', () => {
    it('keeps one draft per kind, replaces it and discards it', async () => {
      const h = (await loginAs(app, 'advertiser')).headers;
      expect(body<Draft>(await call('GET', '/api/campaigns/drafts/display', undefined, h)).response).toEqual({
        kind: 'display',
        data: null,
        updatedAt: null,
      });
      const saved = await call(
        'PUT',
        '/api/campaigns/drafts/display',
        { data: { activeStep: 2, name: 'Half done', price: -1 } },
        h,
      );
      expect(body<Draft>(saved).response.data).toEqual({ activeStep: 2, name: 'Half done', price: -1 });
      await call('PUT', '/api/campaigns/drafts/display', { data: { activeStep: 3 } }, h);
      expect(body<Draft>(await call('GET', '/api/campaigns/drafts/display', undefined, h)).response.data).toEqual({
        activeStep: 3,
      });
      expect(body<Draft>(await call('GET', '/api/campaigns/drafts/native', undefined, h)).response.data).toBeNull();
      const big = await call('PUT', '/api/campaigns/drafts/native', { data: { x: 'y'.repeat(70_000) } }, h);
      expect(body(big).reason).toBe(M.draftTooLarge);
      // A kind that does not exist names nothing (decision 009: path parameters that do not parse).
      expect((await call('GET', '/api/campaigns/drafts/banana', undefined, h)).statusCode).toBe(404);
      await call('DELETE', '/api/campaigns/drafts/display', undefined, h);
      expect(body<Draft>(await call('GET', '/api/campaigns/drafts/display', undefined, h)).response.data).toBeNull();
    });

    it('is discarded when a campaign of that kind is created', async () => {
      const h = (await loginAs(app, 'advertiser')).headers;
      await call('PUT', '/api/campaigns/drafts/popunder', { data: { activeStep: 1 } }, h);
      await createCampaign(app, h, 'popunder');
      expect(body<Draft>(await call('GET', '/api/campaigns/drafts/popunder', undefined, h)).response.data).toBeNull();
    });
  });

  describe('sharing and preview', () => {
    it('shows the preview publicly only while sharing is on; the owner always sees it', async () => {
      const id = await createCampaign(app, headers, 'display', { name: 'Shared' });
      const sharing = body<Sharing>(await call('GET', `/api/campaigns/${id}/sharing`)).response;
      expect(sharing.status).toBe(false);
      expect(sharing.permalink).toContain(',');
      expect(body(await call('GET', `/api/campaigns/${id}/permalink`)).response).toEqual({
        permalink: sharing.permalink,
      });

      const url = `/api/campaignSharing/${encodeURIComponent(sharing.permalink)}`;
      const closed = await app.inject({ method: 'GET', url });
      expect(closed.statusCode).toBe(404);
      expect((await call('GET', url)).statusCode).toBe(200); // the owner

      const on = await call('POST', `/api/campaigns/${id}/sharing`, { status: true });
      expect(body(on).response).toEqual({ status: true, permalink: sharing.permalink });
      const open = await app.inject({ method: 'GET', url });
      expect(open.statusCode).toBe(200);
      const preview = body<CampaignPreview>(open).response;
      expect(preview).toMatchObject({ id, name: 'Shared', kind: 'display', kindLabel: 'Display Campaign' });
      expect(preview.creatives[0]?.url).toMatch(/^\/uploads\//);

      await call('POST', `/api/campaigns/${id}/sharing`, { status: false });
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/campaignSharing/1,doesnotexist' })).statusCode).toBe(404);
    });
  });

  describe('roles and ownership', () => {
    it('answers 404 for another advertiser’s campaign on every object endpoint', async () => {
      const id = await createCampaign(app, headers, 'display');
      const creativeId = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response.creatives[0]?.id;
      const other = (await loginAs(app, 'advertiser')).headers;
      const banner = await uploadFile(app, other, 'banner', 728, 90);
      const attempts: [string, string, unknown?][] = [
        ['GET', `/api/campaigns/${id}`],
        ['PUT', `/api/campaigns/${id}`, { ...baseFields }],
        ['PUT', `/api/campaigns/${id}`, { status: 9 }],
        ['PUT', `/api/campaigns/${id}`, { excludeList: ['1'] }],
        ['POST', `/api/campaigns/${id}/run`],
        ['POST', `/api/campaigns/${id}/pause`],
        ['POST', `/api/campaigns/${id}/archive`],
        ['POST', `/api/campaigns/${id}/unarchive`],
        ['POST', `/api/campaigns/${id}/duplicate`],
        ['PUT', `/api/campaigns/${id}/creatives`, { creatives: [{ resource: banner.resource }] }],
        ['PUT', `/api/campaigns/${id}/creatives/${creativeId}`, { resource: banner.resource }],
        ['DELETE', `/api/campaigns/${id}/creatives`, { creativeId }],
        ['GET', `/api/campaigns/${id}/sharing`],
        ['POST', `/api/campaigns/${id}/sharing`, { status: true }],
        ['GET', `/api/campaigns/${id}/permalink`],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(method as 'GET', url, payload, other);
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
      }
      // Nothing changed.
      const detail = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response;
      expect(detail).toMatchObject({ status: 0, sharingEnabled: false, excludeList: [] });
      expect(detail.creatives).toHaveLength(1);
    });
  });
});

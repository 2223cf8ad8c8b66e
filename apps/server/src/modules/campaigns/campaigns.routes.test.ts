import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MESSAGES as M,
  type CampaignDetail,
  type CampaignListRow,
  type CampaignOptions,
} from '@cryptads/contract/campaigns';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { baseFields, createCampaign, nativeAd, tempDataDir, uploadFile } from './test-helpers';

describe('campaigns API', () => {
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

  describe('options', () => {
    // An app of its own for the configured bids and prices, built once here rather than inside
    // the test that reads them: a second database and app take seconds, several times that on a
    // busy machine.
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp({ MIN_BID_POPUNDER: '2.5', MAX_PRICE: '15' });
    });
    afterAll(async () => {
      await other.closeAll();
    });

    it('answers countries, categories, sizes, minimum bids and maximum prices', async () => {
      const res = await call('GET', '/api/campaigns/options');
      expect(res.statusCode).toBe(200);
      const o = body<CampaignOptions>(res).response;
      expect(o.minimumBids).toEqual({
        DISPLAY_TYPE_REGULAR: 0.2,
        DISPLAY_TYPE_PREMIUM: 3,
        NATIVE: 0.5,
        APPLICATION: 0.5,
        POPUNDER: 1,
      });
      expect(o.minimumBidsClick).toEqual({ NATIVE: 0.05 });
      expect(o.maxCreativeSize).toBe(300000);
      expect(o.countries.length).toBeGreaterThan(200);
      expect(o.categories.length).toBeGreaterThan(5);
      expect(o.adFormats.find((f) => f.trafficType === 0)?.sizes).toEqual([
        '300x250',
        '728x90',
        '160x600',
        '300x600',
        '320x100',
        '320x50',
      ]);
      expect(o.adFormats.filter((f) => f.disabled).map((f) => [f.label, f.note])).toEqual([
        ['Sticky Banner', 'contact an account manager'],
        ['Header Banner', 'contact an account manager'],
      ]);
      expect(o.maxPrices.every((m) => m.price === 20)).toBe(true);
    });

    it('takes minimum bids and the maximum price from configuration', async () => {
      const h = (await loginAs(other, 'advertiser')).headers;
      const o = body<CampaignOptions>(
        await other.inject({ method: 'GET', url: '/api/campaigns/options', headers: h }),
      ).response;
      expect(o.minimumBids.POPUNDER).toBe(2.5);
      expect(o.maxPrices[0]?.price).toBe(15);
    });
  });

  describe('create', () => {
    it('creates a display campaign as Pending and shows it with its creatives', async () => {
      const id = await createCampaign(app, headers, 'display', { name: 'Display one' });
      const detail = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response;
      expect(detail).toMatchObject({
        id,
        name: 'Display one',
        kind: 'display',
        kindLabel: 'Display Campaign',
        status: 0,
        statusLabel: 'Pending',
        statusLive: { status: 0, text: 'Pending' },
        isLocked: false,
        price: 0.5,
        paymentMode: 0,
        trafficType: 0,
        dailyBudget: 100,
        budgetFlag: false,
        budget: null,
        capping: 0,
        cappingTime: 0,
        device: 3,
        countries: ['DE', 'FR'],
        isAllCountries: false,
        category: 1,
        sharingEnabled: false,
        impressions: 0,
        clicks: 0,
        spent: 0,
        ctr: 0,
      });
      expect(detail.permalink).toMatch(new RegExp(`^${id},[A-Za-z0-9_-]{16}$`));
      expect(detail.creatives).toHaveLength(1);
      expect(detail.creatives[0]).toMatchObject({ format: 1, formatLabel: 'Banner', size: '300x250', native: null });
      const file = await app.inject({ method: 'GET', url: detail.creatives[0]?.url ?? '' });
      expect(file.statusCode).toBe(200);
    });

    it('creates native web, native app and popunder campaigns', async () => {
      const nativeId = await createCampaign(app, headers, 'native', { paymentMode: 1, price: 0.05 });
      const native = body<CampaignDetail>(await call('GET', `/api/campaigns/${nativeId}`)).response;
      expect(native).toMatchObject({ kindLabel: 'Native Web Campaign', paymentMode: 1, price: 0.05 });
      expect(native.creatives[0]).toMatchObject({ format: 4, formatLabel: 'Native' });
      expect(native.creatives[0]?.native).toMatchObject({
        title: 'Trade smarter today',
        thumbnail: { width: 128, height: 128 },
        cover: { width: 800, height: 600 },
      });
      const appId = await createCampaign(app, headers, 'application');
      expect(body<CampaignDetail>(await call('GET', `/api/campaigns/${appId}`)).response).toMatchObject({
        kindLabel: 'Native App Campaign',
        creatives: [{ format: 6, formatLabel: 'Native App' }],
      });
      const popId = await createCampaign(app, headers, 'popunder');
      expect(body<CampaignDetail>(await call('GET', `/api/campaigns/${popId}`)).response).toMatchObject({
        kindLabel: 'Popunder Campaign',
        creatives: [],
      });
    });

    it('applies the capping coupling and keeps the total budget only when enabled', async () => {
      const id = await createCampaign(app, headers, 'popunder', {
        capping: 3,
        cappingTime: 0,
        budgetFlag: true,
        budget: 5000,
      });
      expect(body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response).toMatchObject({
        capping: 3,
        cappingTime: 86400,
        budgetFlag: true,
        budget: 5000,
      });
      const id2 = await createCampaign(app, headers, 'popunder', { capping: 0, cappingTime: 3600, budget: 10 });
      expect(body<CampaignDetail>(await call('GET', `/api/campaigns/${id2}`)).response).toMatchObject({
        capping: 0,
        cappingTime: 0,
        budget: null,
      });
    });

    it('answers each validation message', async () => {
      const banner = await uploadFile(app, headers, 'banner', 728, 90);
      const display = { kind: 'display', ...baseFields, creatives: [{ resource: banner.resource, name: 'b' }] };
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, M.nameRequired],
        [{ name: 'x'.repeat(31) }, M.nameTooLong],
        [{ landingUrl: 'example.com' }, 'Please enter a valid URL (http:// or https:// in front)'],
        [{ price: 0.1 }, 'The price must not be less than 0.2.'],
        [{ price: 21 }, 'The price must not be greater than 20'],
        [{ trafficType: 1, price: 2 }, 'The price must not be less than 3.'],
        [{ paymentMode: 1 }, M.cpcNotAllowed],
        [{ dailyBudget: 49 }, 'The daily limit must not be less than €50.00.'],
        [{ dailyBudget: 1_000_001 }, 'The daily limit must not be greater than €1,000,000.00.'],
        [{ budgetFlag: true }, M.budgetRequired],
        [{ budgetFlag: true, budget: 10_000_000 }, M.budgetTooHigh],
        [{ capping: 128 }, M.cappingInvalid],
        [{ cappingTime: 7200 }, M.cappingTimeInvalid],
        [{ countries: ['XX'] }, M.countryInvalid],
        [{ category: 999 }, M.categoryRequired],
        [{ creatives: [] }, 'Please upload a banner.'],
        [{ creatives: [{ resource: 'nope', name: 'x' }] }, M.creativeMissing],
        [{ excludeList: ['x'.repeat(300)] }, M.listItemTooLong],
      ];
      for (const [patch, message] of cases) {
        const res = await call('POST', '/api/campaigns', { ...display, ...patch });
        expect({ patch, status: res.statusCode, reason: body(res).reason }).toEqual({
          patch,
          status: 400,
          reason: message,
        });
      }
    });

    it('accepts landing URLs with every tracking token', async () => {
      const id = await createCampaign(app, headers, 'popunder', {
        landingUrl: 'https://example.com/?z={zone_id}&d={domain}&c={campaign_id}&s={banner_size}',
      });
      expect(body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response.landingUrl).toBe(
        'https://example.com/?z={zone_id}&d={domain}&c={campaign_id}&s={banner_size}',
      );
    });

    it('requires native thumbnail and cover and English-only texts', async () => {
      const ad = await nativeAd(app, headers);
      const make = (patch: Record<string, unknown>) =>
        call('POST', '/api/campaigns', { kind: 'native', ...baseFields, nativeCreatives: [{ ...ad, ...patch }] });
      expect(body(await make({ thumbnail: null })).reason).toBe('Please upload a thumbnail image.');
      expect(body(await make({ cover: null })).reason).toBe('Please upload a cover image.');
      expect(body(await make({ title: 'Earn $$$ now' })).reason).toBe(
        'Please make sure you are using English characters only. Symbols like ‘@‘, ‘$’ are not allowed.',
      );
      // A banner upload cannot stand in for a cover.
      const banner = await uploadFile(app, headers, 'banner', 300, 250);
      expect(body(await make({ cover: { resource: banner.resource, name: 'b' } })).reason).toBe(M.creativePurpose);
    });

    it('refuses the same banner size twice', async () => {
      const a = await uploadFile(app, headers, 'banner', 300, 250);
      const b = await uploadFile(app, headers, 'banner', 600, 500);
      const res = await call('POST', '/api/campaigns', {
        kind: 'display',
        ...baseFields,
        creatives: [
          { resource: a.resource, name: 'a' },
          { resource: b.resource, name: 'b' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(M.bannerSizeTwice('300x250'));
    });

    it('refuses another advertiser’s upload as a creative', async () => {
      const other = await loginAs(app, 'advertiser');
      const theirs = await uploadFile(app, other.headers, 'banner', 300, 250);
      const res = await call('POST', '/api/campaigns', {
        kind: 'display',
        ...baseFields,
        creatives: [{ resource: theirs.resource, name: 'x' }],
      });
      expect(body(res).reason).toBe(M.creativeMissing);
    });
  });

  describe('lists', () => {
    it('lists non-archived campaigns sorted by status then newest, with flags', async () => {
      const h = (await loginAs(app, 'advertiser')).headers;
      const a = await createCampaign(app, h, 'popunder', { name: 'A' });
      const b = await createCampaign(app, h, 'popunder', { name: 'B' });
      const c = await createCampaign(app, h, 'popunder', { name: 'C' });
      await call('POST', `/api/campaigns/${c}/archive`, undefined, h);
      const list = body<CampaignListRow[]>(await call('GET', '/api/campaigns', undefined, h)).response;
      expect(list.map((r) => r.id)).toEqual([b, a]);
      expect(list[0]).toMatchObject({ kindLabel: 'Popunder Campaign', statusLabel: 'Pending', impressions: 0 });
      const archived = body<CampaignListRow[]>(
        await call('GET', '/api/campaigns?archived=true', undefined, h),
      ).response;
      expect(archived.map((r) => r.id)).toEqual([c]);
      const pending = body<CampaignListRow[]>(
        await call('GET', '/api/campaigns?pending=1&rejected=1', undefined, h),
      ).response;
      expect(pending.map((r) => r.id)).toEqual([b, a]);
      expect(body(await call('GET', '/api/campaigns?running=true', undefined, h)).response).toEqual([]);

      expect(body(await call('GET', '/api/campaigns/information', undefined, h)).response).toEqual({
        active: 0,
        total: 2,
      });
      expect(body(await call('GET', '/api/campaigns/names', undefined, h)).response).toEqual([
        { id: a, name: 'A' },
        { id: b, name: 'B' },
      ]);
      const arch = body<{ id: number; name: string; date: string }[]>(
        await call('GET', '/api/campaigns/archived', undefined, h),
      ).response;
      expect(arch).toEqual([{ id: c, name: 'C', date: expect.any(String) }]);
      const user = body<{ campaigns: unknown }>(await call('GET', '/api/user', undefined, h)).response;
      expect(user.campaigns).toEqual({ active: 0, paused: 0, pending: 2, total: 2 });
    });
  });
});

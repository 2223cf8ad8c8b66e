import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '@cryptads/contract/dates';
import { REPORT_MESSAGES as M, type Report, type TodayStats } from '@cryptads/contract/reports';
import { body } from '../../testing/helpers';
import type { TestApp } from '../../testing/test-app';
import {
  createReportsWorld,
  day,
  type Headers,
  noneFiltered,
  notMeasured,
  noConversions,
  type ReportsWorld,
  Z1,
  Z2,
  Z3,
} from './test-helpers';

describe('reports API', () => {
  let app: TestApp;
  let adv: Headers;
  let adv2: Headers;
  let pub: Headers;
  let pub2: Headers;
  let c: ReportsWorld['c'];
  let w: ReportsWorld['w'];

  beforeAll(async () => {
    ({ app, adv, adv2, pub, pub2, c, w } = await createReportsWorld());
  });
  afterAll(async () => {
    await app.closeAll();
  });

  const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url: `/api${url}`, headers });
  const period = (from: number, to = 0) => `startDate=${day(from)}&endDate=${day(to)}`;
  async function report(url: string, headers: Headers) {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return body<Report>(res).response;
  }
  const figures = (r: { impressions: number; clicks: number; money: number }) => [r.impressions, r.clicks, r.money];

  describe('today card', () => {
    it('shows the advertiser the cost of today on all their campaigns, archived ones included', async () => {
      const res = await get('/reports', adv);
      expect(res.statusCode).toBe(200);
      expect(body<TodayStats>(res).response).toEqual({ impressions: 7200, clicks: 74, money: 3.63, ctr: 1.03 });
    });
    it("shows the publisher today's earnings on all their zones", async () => {
      expect(body<TodayStats>(await get('/reports', pub)).response).toEqual({
        impressions: 7600,
        clicks: 82,
        money: 3.1,
        ctr: 1.08,
      });
    });
    it('shows each account only its own day: other advertiser and publisher', async () => {
      expect(body<TodayStats>(await get('/reports', adv2)).response).toEqual({
        impressions: 400,
        clicks: 8,
        money: 0.8,
        ctr: 2,
      });
      expect(body<TodayStats>(await get('/reports', pub2)).response).toEqual({
        impressions: 0,
        clicks: 0,
        money: 0,
        ctr: 0,
      });
    });
    it('refuses anonymous callers', async () => {
      expect((await get('/reports', {})).statusCode).toBe(401);
    });
  });

  describe('advertiser report', () => {
    it('aggregates by date over the period, archived campaigns included, other accounts excluded', async () => {
      const r = await report(`/reports/all/all?reportBy=date&${period(2)}`, adv);
      expect(r.rows).toEqual([
        {
          key: day(2),
          label: formatDay(day(2)),
          impressions: 1500,
          clicks: 12,
          money: 0.75,
          ctr: 0.8,
          eCpm: 0.5,
          ...noneFiltered,
          ...notMeasured,
          ...noConversions,
        },
        {
          key: day(1),
          label: formatDay(day(1)),
          impressions: 2300,
          clicks: 30,
          money: 1.15,
          ctr: 1.3,
          eCpm: 0.5,
          ...noneFiltered,
          ...notMeasured,
          ...noConversions,
        },
        {
          key: day(0),
          label: formatDay(day(0)),
          impressions: 7200,
          clicks: 74,
          money: 3.63,
          ctr: 1.03,
          eCpm: 0.504,
          ...noneFiltered,
          ...notMeasured,
          ...noConversions,
        },
      ]);
      expect(r.totals).toEqual({
        impressions: 11000,
        clicks: 116,
        money: 5.53,
        ctr: 1.05,
        eCpm: 0.503,
        ...noneFiltered,
        ...notMeasured,
        ...noConversions,
      });
      expect(r.daily.map((d) => d.date)).toEqual([day(2), day(1), day(0)]);
    });

    it('has a daily point for every day, zero days included', async () => {
      const r = await report(`/reports/all/all?reportBy=country&${period(4)}`, adv);
      expect(r.daily).toEqual([
        { date: day(4), impressions: 0, clicks: 0, money: 0 },
        { date: day(3), impressions: 100, clicks: 1, money: 0.05 },
        { date: day(2), impressions: 1500, clicks: 12, money: 0.75 },
        { date: day(1), impressions: 2300, clicks: 30, money: 1.15 },
        { date: day(0), impressions: 7200, clicks: 74, money: 3.63 },
      ]);
    });

    it('aggregates by country with names, unknown for XX, by impressions descending', async () => {
      const r = await report(`/reports/all/all?reportBy=country&${period(2)}`, adv);
      expect(r.rows.map((x) => [x.key, x.label, ...figures(x)])).toEqual([
        ['DE', 'Germany', 10000, 110, 5],
        ['FR', 'France', 500, 2, 0.25],
        ['XX', 'Unknown', 300, 0, 0.15],
        ['US', 'United States', 200, 4, 0.13],
      ]);
      expect(r.totals.impressions).toBe(11000);
    });

    it('aggregates by operating system and by browser', async () => {
      const os = await report(`/reports/all/all?reportBy=os&${period(2)}`, adv);
      expect(os.rows.map((x) => [x.key, ...figures(x)])).toEqual([
        ['Windows', 8300, 80, 4.15],
        ['iOS', 2000, 30, 1],
        ['Android', 500, 2, 0.25],
        ['macOS', 200, 4, 0.13],
      ]);
      const browser = await report(`/reports/all/all?reportBy=browser&${period(2)}`, adv);
      expect(browser.rows.map((x) => [x.label, ...figures(x)])).toEqual([
        ['Chrome', 8500, 82, 4.25],
        ['Safari', 2200, 34, 1.13],
        ['Firefox', 300, 0, 0.15],
      ]);
    });

    it('aggregates by campaign (names) and by zone (alias · domain)', async () => {
      const byCampaign = await report(`/reports/all/all?reportBy=campaign&${period(2)}`, adv);
      expect(byCampaign.rows.map((x) => [x.key, x.label, ...figures(x)])).toEqual([
        [String(c.gamma), 'Gamma', 7000, 70, 3.5],
        [String(c.beta), 'Beta', 2200, 34, 1.13],
        [String(c.alpha), 'Alpha', 1800, 12, 0.9],
      ]);
      const byZone = await report(`/reports/all/all?reportBy=zone&${period(2)}`, adv);
      expect(byZone.rows.map((x) => [x.key, x.label, ...figures(x)])).toEqual([
        [Z1, 'Top · one.example', 10000, 110, 5],
        [Z2, 'Feed · one.example', 500, 2, 0.25],
        [Z3, 'Pop · two.example', 500, 4, 0.28],
      ]);
    });

    it('reports only the campaigns named, and a zone path filters to that zone', async () => {
      const one = await report(`/reports/${c.alpha}/all?${period(2)}`, adv);
      expect(one.rows.map((x) => [x.key, x.impressions])).toEqual([
        [day(2), 1500],
        [day(1), 300],
      ]);
      const both = await report(`/reports/${c.alpha},${c.beta}/all?reportBy=campaign&${period(2)}`, adv);
      expect(both.totals.impressions).toBe(4000);
      // The web client encodes each path parameter, so the comma arrives as %2C.
      const encoded = await report(`/reports/${c.alpha}%2C${c.beta}/all?reportBy=campaign&${period(2)}`, adv);
      expect(encoded.totals.impressions).toBe(4000);
      const zone = await report(`/reports/all/zone/${Z1}?${period(2)}`, adv);
      expect(zone.rows.map((x) => [x.key, x.impressions])).toEqual([
        [day(2), 1000],
        [day(1), 2000],
        [day(0), 7000],
      ]);
    });

    it('reports an archived campaign of their own, and answers one 404 for foreign and unknown ids', async () => {
      const archived = await report(`/reports/${c.gamma}/all?${period(2)}`, adv);
      expect(figures(archived.totals)).toEqual([7000, 70, 3.5]);
      for (const ids of [`${c.alpha},${c.other}`, `${c.other}`, '999999']) {
        const res = await get(`/reports/${ids}/all?${period(2)}`, adv);
        expect(res.statusCode, ids).toBe(404);
        expect(body(res).reason).toBe(M.campaignNotFound);
      }
    });

    it('refuses a website id and an unknown zone', async () => {
      const site = await get(`/reports/all/${w.one}?${period(2)}`, adv);
      expect(site.statusCode).toBe(404);
      expect(body(site).reason).toBe(M.websiteNotFound);
      const zone = await get(`/reports/all/zone/0000000000000000?${period(2)}`, adv);
      expect(zone.statusCode).toBe(404);
      expect(body(zone).reason).toBe(M.zoneNotFound);
    });

    it("never shows another advertiser's numbers on a shared zone", async () => {
      const r = await report(`/reports/all/zone/${Z1}?${period(2)}`, adv2);
      expect(r.rows.map((x) => [x.key, x.impressions, x.money])).toEqual([[day(0), 400, 0.8]]);
    });
  });

  it('documents the three report paths in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of ['/reports', '/reports/{campaignIds}/{websiteId}', '/reports/{campaignIds}/zone/{zoneId}'])
      expect(Object.keys(doc.paths[path] ?? {}), path).toContain('get');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, CampaignListRow } from '@cryptads/contract/campaigns';
import { formatDay } from '@cryptads/contract/dates';
import {
  type OptimizationReport,
  PERFORMANCE_ROWS_MAX,
  type PerformanceReport,
  REPORT_MESSAGES as M,
  type Report,
} from '@cryptads/contract/reports';
import type { WebsiteListItem } from '@cryptads/contract/websites';
import { campaigns } from '../../db/schema/campaigns';
import { adEvents, campaignSpendDaily, websiteEarningsDaily } from '../../db/schema/stats';
import { body } from '../../testing/helpers';
import type { TestApp } from '../../testing/test-app';
import {
  at,
  createReportsWorld,
  day,
  type Headers,
  noneFiltered,
  notMeasured,
  type ReportsWorld,
  Z1,
  Z2,
  Z3,
  Z4,
} from './test-helpers';

describe('reports API: publishers, periods, optimisation, performance and list figures', () => {
  let app: TestApp;
  let adv: Headers;
  let adv2: Headers;
  let pub: Headers;
  let pub2: Headers;
  let c: ReportsWorld['c'];
  let w: ReportsWorld['w'];
  let z: ReportsWorld['z'];

  beforeAll(async () => {
    ({ app, adv, adv2, pub, pub2, c, w, z } = await createReportsWorld());
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

  describe('publisher report', () => {
    it('aggregates earnings of all their websites, whatever the campaign', async () => {
      const r = await report(`/reports/all/all?${period(2)}`, pub);
      expect(r.rows.map((x) => [x.key, ...figures(x)])).toEqual([
        [day(2), 1500, 12, 0.53],
        [day(1), 2300, 30, 0.81],
        [day(0), 7600, 82, 3.1],
      ]);
      expect(r.totals).toEqual({
        impressions: 11400,
        clicks: 124,
        money: 4.43,
        ctr: 1.09,
        eCpm: 0.389,
        ...noneFiltered,
        ...notMeasured,
      });
    });

    it('filters by one of their websites and by one of their zones', async () => {
      const site = await report(`/reports/all/${w.two}?reportBy=country&${period(2)}`, pub);
      expect(site.rows.map((x) => [x.key, ...figures(x)])).toEqual([
        ['XX', 300, 0, 0.11],
        ['US', 200, 4, 0.09],
      ]);
      const zone = await report(`/reports/all/zone/${Z2}?reportBy=browser&${period(2)}`, pub);
      expect(zone.rows.map((x) => [x.key, ...figures(x)])).toEqual([['Chrome', 500, 2, 0.18]]);
    });

    it("answers 404 for another publisher's website or zone, and for campaign ids", async () => {
      const site = await get(`/reports/all/${w.three}?${period(2)}`, pub);
      expect([site.statusCode, body(site).reason]).toEqual([404, M.websiteNotFound]);
      const zone = await get(`/reports/all/zone/${Z4}?${period(2)}`, pub);
      expect([zone.statusCode, body(zone).reason]).toEqual([404, M.zoneNotFound]);
      const camp = await get(`/reports/${c.other}/all?${period(2)}`, pub);
      expect([camp.statusCode, body(camp).reason]).toEqual([404, M.campaignNotFound]);
      // And the other publisher sees only their own zone.
      const other = await report(`/reports/all/all?${period(2)}`, pub2);
      expect(other.totals.impressions).toBe(900);
    });

    it('refuses the advertiser dimensions campaign and zone', async () => {
      for (const by of ['campaign', 'zone']) {
        const res = await get(`/reports/all/all?reportBy=${by}&${period(2)}`, pub);
        expect([res.statusCode, body(res).reason]).toEqual([400, M.invalidReportBy]);
      }
    });
  });

  describe('dates', () => {
    const reason = async (qs: string) => {
      const res = await get(`/reports/all/all?${qs}`, adv);
      expect(res.statusCode).toBe(400);
      return body(res).reason;
    };
    it('refuses an end after today, a start after the end, impossible and malformed days', async () => {
      expect(await reason(`startDate=${day(0)}&endDate=${day(-1)}`)).toBe(M.endInFuture);
      expect(await reason(`startDate=${day(0)}&endDate=${day(1)}`)).toBe(M.startAfterEnd);
      expect(await reason('startDate=2025-02-31&endDate=2025-03-01')).toBe(M.invalidDate);
      expect(await reason(`startDate=yesterday&endDate=${day(0)}`)).toBe(M.invalidDate);
    });
    it('allows one year back from today and refuses older starts', async () => {
      expect(await reason(`startDate=${day(366)}&endDate=${day(300)}`)).toBe(M.tooOld);
      const res = await get(`/reports/all/all?startDate=${day(365)}&endDate=${day(0)}`, adv);
      expect(res.statusCode).toBe(200);
      expect(body<Report>(res).response.daily).toHaveLength(366);
    });
    it('labels days as en-GB dates, the way the web app writes every other date', () => {
      expect(formatDay('2026-11-21')).toBe('21 Nov 2026');
      expect(formatDay('2026-09-01')).toBe('1 Sep 2026');
    });
  });

  describe('optimisation report', () => {
    it('lists the zones that showed one campaign, with website and type', async () => {
      const res = await get(`/reports/${c.alpha}/all?group=zone&${period(2)}`, adv);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<OptimizationReport>(res).response.rows).toEqual([
        {
          id: Z1,
          website: 'one.example',
          type: 'Banner',
          impressions: 1000,
          clicks: 10,
          ctr: 1,
          money: 0.5,
          ...noneFiltered,
        },
        {
          id: Z2,
          website: 'one.example',
          type: 'Native',
          impressions: 500,
          clicks: 2,
          ctr: 0.4,
          money: 0.25,
          ...noneFiltered,
        },
        {
          id: Z3,
          website: 'two.example',
          type: 'Popunder',
          impressions: 300,
          clicks: 0,
          ctr: 0,
          money: 0.15,
          ...noneFiltered,
        },
      ]);
    });
    it('needs exactly one own campaign', async () => {
      for (const [ids, headers, status] of [
        ['all', adv, 400],
        [`${c.alpha},${c.beta}`, adv, 400],
        ['all', pub, 400],
        [`${c.other}`, adv, 404],
      ] as const) {
        const res = await get(`/reports/${ids}/all?group=zone&${period(2)}`, headers);
        expect(res.statusCode, ids).toBe(status);
      }
    });
  });

  describe('performance report', () => {
    beforeAll(async () => {
      const { db } = app.ctx;
      const event = (campaignId: number, kind: number, second: number, zoneId: number, country: string) => ({
        at: at(0, 0, second),
        kind,
        impressionId: `imp-${campaignId}-${kind}-${second}`,
        campaignId,
        zoneId,
        websiteId: zoneId === z.z3 ? w.two : w.one,
        advertiserId: 0,
        publisherId: 0,
        country,
        os: 'Windows',
        browser: 'Chrome',
        device: 1,
      });
      const [a] = await db.select({ id: campaigns.ownerId }).from(campaigns).where(sql`id = ${c.alpha}`);
      const [b] = await db.select({ id: campaigns.ownerId }).from(campaigns).where(sql`id = ${c.other}`);
      const mine = (e: ReturnType<typeof event>) => ({ ...e, advertiserId: a?.id ?? 0 });
      await db
        .insert(adEvents)
        .values([
          mine(event(c.alpha, 1, 5, z.z1, 'DE')),
          mine(event(c.alpha, 2, 9, z.z1, 'DE')),
          mine(event(c.alpha, 1, 20, z.z3, 'XX')),
          { ...event(c.other, 1, 30, z.z1, 'GB'), advertiserId: b?.id ?? 0 },
        ]);
      // More events than the tab shows, on the second campaign.
      await db.execute(sql`insert into ad_events (at, kind, impression_id, campaign_id, zone_id, website_id,
          advertiser_id, publisher_id, country, os, browser, device)
        select ${at(1, 1).toISOString()}::timestamptz + g * interval '1 second', 1, 'bulk-' || g, ${c.beta},
          ${z.z1}, ${w.one}, ${a?.id ?? 0}, 0, 'DE', 'Windows', 'Chrome', 1
        from generate_series(1, ${PERFORMANCE_ROWS_MAX + 5}) g`);
    });

    it("lists one campaign's events newest first, with zone, website, type and place", async () => {
      const res = await get(`/reports/${c.alpha}/all?group=performance&${period(0)}`, adv);
      expect(res.statusCode, res.body).toBe(200);
      const r = body<PerformanceReport>(res).response;
      expect(r.truncated).toBe(false);
      expect(r.retentionDays).toBe(app.ctx.config.delivery.eventRetentionDays);
      expect(r.rows).toEqual([
        {
          zone: Z3,
          website: 'two.example',
          type: 'Popunder',
          event: 'Impression',
          country: 'Unknown',
          browser: 'Chrome',
          os: 'Windows',
          date: day(0),
          time: '00:00:20',
        },
        expect.objectContaining({ zone: Z1, event: 'Click', country: 'Germany', time: '00:00:09' }),
        expect.objectContaining({ zone: Z1, event: 'Impression', time: '00:00:05' }),
      ]);
    });

    it('returns at most the maximum and says it truncated', async () => {
      const res = await get(`/reports/${c.beta}/all?group=performance&${period(1)}`, adv);
      const r = body<PerformanceReport>(res).response;
      expect(r.rows).toHaveLength(PERFORMANCE_ROWS_MAX);
      expect(r.truncated).toBe(true);
      expect(r.rows[0]?.time).toBe(
        at(1, 1, PERFORMANCE_ROWS_MAX + 5)
          .toISOString()
          .slice(11, 19),
      );
    });

    it("never shows another advertiser's events", async () => {
      const res = await get(`/reports/${c.other}/all?group=performance&${period(0)}`, adv);
      expect(res.statusCode).toBe(404);
      const theirs = body<PerformanceReport>(
        await get(`/reports/${c.other}/all?group=performance&${period(0)}`, adv2),
      ).response;
      expect(theirs.rows.map((x) => x.country)).toEqual(['United Kingdom']);
    });
  });

  describe('list figures', () => {
    it('fills the campaigns list and detail from the daily totals', async () => {
      await app.ctx.db.insert(campaignSpendDaily).values([
        { campaignId: c.alpha, day: day(1), impressions: 100, clicks: 3, costMicros: 250_000n },
        { campaignId: c.alpha, day: day(0), impressions: 300, clicks: 1, costMicros: 50_000n },
        { campaignId: c.other, day: day(0), impressions: 999, clicks: 9, costMicros: 999_000n },
      ]);
      const list = body<CampaignListRow[]>(await get('/campaigns', adv)).response;
      const pick = (id: number) => list.find((x) => x.id === id);
      expect(pick(c.alpha)).toMatchObject({ impressions: 400, clicks: 4, spent: 0.3, ctr: 1 });
      expect(pick(c.beta)).toMatchObject({ impressions: 0, clicks: 0, spent: 0, ctr: 0 });
      const detail = body<CampaignDetail>(await get(`/campaigns/${c.alpha}`, adv)).response;
      expect(detail).toMatchObject({ impressions: 400, clicks: 4, spent: 0.3, ctr: 1 });
    });

    it("fills the websites list with each website's lifetime earnings from the daily totals", async () => {
      await app.ctx.db.insert(websiteEarningsDaily).values([
        { websiteId: w.one, day: day(1), impressions: 6000, clicks: 60, earningsMicros: 2_000_000n },
        { websiteId: w.one, day: day(0), impressions: 5000, clicks: 61, earningsMicros: 2_270_000n },
        { websiteId: w.two, day: day(0), impressions: 500, clicks: 4, earningsMicros: 200_000n },
        { websiteId: w.three, day: day(0), impressions: 900, clicks: 9, earningsMicros: 315_000n },
      ]);
      const list = body<WebsiteListItem[]>(await get('/websites', pub)).response;
      const pick = (id: number) => list.find((x) => x.id === id);
      expect(pick(w.one)).toMatchObject({ impressions: 11000, clicks: 121, spent: 4.27 });
      expect(pick(w.two)).toMatchObject({ impressions: 500, clicks: 4, spent: 0.2 });
      const theirs = body<WebsiteListItem[]>(await get('/websites', pub2)).response;
      expect(theirs.map((x) => [x.id, x.impressions])).toEqual([[w.three, 900]]);
    });
  });
});

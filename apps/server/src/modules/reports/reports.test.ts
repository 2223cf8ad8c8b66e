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
  type TodayStats,
} from '@cryptads/contract/reports';
import type { WebsiteListItem } from '@cryptads/contract/websites';
import { campaigns } from '../../db/schema/campaigns';
import { adEvents, campaignSpendDaily, statsHourly, websiteEarningsDaily } from '../../db/schema/stats';
import { websites, zones } from '../../db/schema/websites';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Headers = Record<string, string>;
const DAY = 86_400_000;
const today0 = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
/** 'YYYY-MM-DD' of today minus n days (UTC). */
const day = (n: number) => new Date(today0.getTime() - n * DAY).toISOString().slice(0, 10);
const at = (n: number, hour: number, second = 0) =>
  new Date(today0.getTime() - n * DAY + hour * 3_600_000 + second * 1000);

/** No filtered traffic in this world (filtered figures: reports-filtered.test.ts). */
const noneFiltered = { filteredImpressions: 0, filteredClicks: 0 };

const Z1 = 'a1a1a1a1a1a1a1a1';
const Z2 = 'b2b2b2b2b2b2b2b2';
const Z3 = 'c3c3c3c3c3c3c3c3';
const Z4 = 'd4d4d4d4d4d4d4d4';

describe('reports API', () => {
  let app: TestApp;
  let adv: Headers;
  let adv2: Headers;
  let pub: Headers;
  let pub2: Headers;
  const c: Record<'alpha' | 'beta' | 'gamma' | 'other', number> = { alpha: 0, beta: 0, gamma: 0, other: 0 };
  const w: Record<'one' | 'two' | 'three', number> = { one: 0, two: 0, three: 0 };
  const z: Record<'z1' | 'z2' | 'z3' | 'z4', number> = { z1: 0, z2: 0, z3: 0, z4: 0 };

  beforeAll(async () => {
    app = await createTestApp();
    const a = await loginAs(app, 'advertiser');
    const b = await loginAs(app, 'advertiser');
    const p = await loginAs(app, 'publisher');
    const q = await loginAs(app, 'publisher');
    adv = a.headers;
    adv2 = b.headers;
    pub = p.headers;
    pub2 = q.headers;
    const { db } = app.ctx;

    const campaign = async (ownerId: number, name: string, status: number) => {
      const [row] = await db
        .insert(campaigns)
        .values({
          ownerId,
          name,
          kind: 'display',
          status,
          priceMicros: 500_000n,
          landingUrl: 'https://example.com/',
          dailyBudgetMicros: 100_000_000n,
          category: 1,
          permalink: `${name}-${ownerId}`,
        })
        .returning();
      return row?.id ?? 0;
    };
    c.alpha = await campaign(a.user.id, 'Alpha', 1);
    c.beta = await campaign(a.user.id, 'Beta', 2);
    c.gamma = await campaign(a.user.id, 'Gamma', 9);
    c.other = await campaign(b.user.id, 'Other', 1);

    const website = async (ownerId: number, domain: string) => {
      const [row] = await db
        .insert(websites)
        .values({ ownerId, domain, url: `https://${domain}/`, name: domain, status: 1, verificationToken: domain })
        .returning();
      return row?.id ?? 0;
    };
    w.one = await website(p.user.id, 'one.example');
    w.two = await website(p.user.id, 'two.example');
    w.three = await website(q.user.id, 'three.example');
    const zone = async (websiteId: number, unique: string, alias: string, format: number, size: string | null) => {
      const [row] = await db.insert(zones).values({ websiteId, unique, alias, format, size, status: 1 }).returning();
      return row?.id ?? 0;
    };
    z.z1 = await zone(w.one, Z1, 'Top', 1, '300x250');
    z.z2 = await zone(w.one, Z2, 'Feed', 4, null);
    z.z3 = await zone(w.two, Z3, 'Pop', 0, null);
    z.z4 = await zone(w.three, Z4, 'Side', 1, '160x600');

    const site = { z1: w.one, z2: w.one, z3: w.two, z4: w.three } as const;
    const pubOf = { z1: p.user.id, z2: p.user.id, z3: p.user.id, z4: q.user.id } as const;
    const advOf = (id: number) => (id === c.other ? b.user.id : a.user.id);
    const row = (
      daysAgo: number,
      hour: number,
      campaignId: number,
      zk: keyof typeof z,
      country: string,
      os: string,
      browser: string,
      impressions: number,
      clicks: number,
      cost: number,
      earnings: number,
    ) => ({
      hour: at(daysAgo, hour),
      campaignId,
      zoneId: z[zk],
      websiteId: site[zk],
      advertiserId: advOf(campaignId),
      publisherId: pubOf[zk],
      country,
      os,
      browser,
      impressions,
      clicks,
      costMicros: BigInt(cost),
      earningsMicros: BigInt(earnings),
    });
    await db.insert(statsHourly).values([
      row(2, 10, c.alpha, 'z1', 'DE', 'Windows', 'Chrome', 1000, 10, 500_000, 350_000),
      row(2, 11, c.alpha, 'z2', 'FR', 'Android', 'Chrome', 500, 2, 250_000, 175_000),
      row(1, 5, c.beta, 'z1', 'DE', 'iOS', 'Safari', 2000, 30, 1_000_000, 700_000),
      row(1, 23, c.alpha, 'z3', 'XX', 'Windows', 'Firefox', 300, 0, 150_000, 105_000),
      row(0, 0, c.beta, 'z3', 'US', 'macOS', 'Safari', 200, 4, 130_000, 91_000),
      // Archived campaign: its spend stays in the advertiser's totals (issue #13) and the publisher's earnings.
      row(0, 0, c.gamma, 'z1', 'DE', 'Windows', 'Chrome', 7000, 70, 3_500_000, 2_450_000),
      // Another advertiser on our publisher's zone, and on another publisher's zone.
      row(0, 0, c.other, 'z1', 'GB', 'Linux', 'Chrome', 400, 8, 800_000, 560_000),
      row(1, 7, c.other, 'z4', 'DE', 'Windows', 'Chrome', 900, 9, 450_000, 315_000),
      // Outside a 3-day period.
      row(3, 23, c.alpha, 'z1', 'DE', 'Windows', 'Chrome', 100, 1, 50_000, 35_000),
    ]);
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
        },
      ]);
      expect(r.totals).toEqual({
        impressions: 11000,
        clicks: 116,
        money: 5.53,
        ctr: 1.05,
        eCpm: 0.503,
        ...noneFiltered,
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

  it('documents the three report paths in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of ['/reports', '/reports/{campaignIds}/{websiteId}', '/reports/{campaignIds}/zone/{zoneId}'])
      expect(Object.keys(doc.paths[path] ?? {}), path).toContain('get');
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

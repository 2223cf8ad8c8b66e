import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import type { CampaignDetail, CampaignListRow } from '@cryptads/contract/campaigns';
import { DAY_MS } from '@cryptads/contract/dates';
import { microsToEuros } from '@cryptads/contract/money';
import type { Report, TodayStats } from '@cryptads/contract/reports';
import type { WebsiteDetail, WebsiteListItem } from '@cryptads/contract/websites';
import { eq, sql } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';
import { rollupVacuumJob } from '../../jobs/rollup-vacuum';
import { body } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { ledgerSumOf } from '../ledger/test-helpers';
import { recordBatch } from '../delivery/writer/record-batch';
import { approvedWebsite, fundedAdvertiser, runningCampaign } from '../delivery/test-helpers';
import { type DeliveryEvent, EventKind } from '../delivery/types';
import { getReport, type Rollup } from './reports.service';

/**
 * "Figures agree wherever they appear": every place that totals statistics
 * answers what the report answers over the same period. Traffic is recorded through
 * recordBatch (the only writer) on a fresh database, then the API is asked.
 */

type Headers = Record<string, string>;
type Fig = { impressions: number; clicks: number; money: number };

let app: TestApp;
let adv: { headers: Headers; userId: number };
let pub: { headers: Headers; userId: number };
let site: Awaited<ReturnType<typeof approvedWebsite>>;
const ids = { cpm: 0, cpc: 0, archived: 0 };
/** Impressions with a measured report, and with a viewable one. */
const measured = new Set<string>();
const viewable = new Set<string>();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();
const period = `startDate=${day(now - 3 * DAY_MS)}&endDate=${day(now)}`;
const todayOnly = `startDate=${day(now)}&endDate=${day(now)}`;

const get = async <T>(url: string, headers: Headers): Promise<T> => {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return body<T>(res).response;
};
const totals = async (url: string, headers: Headers): Promise<Fig> => {
  const r = await get<Report>(url, headers);
  return { impressions: r.totals.impressions, clicks: r.totals.clicks, money: r.totals.money };
};
const listFig = (r: { impressions: number; clicks: number; spent: number }): Fig => ({
  impressions: r.impressions,
  clicks: r.clicks,
  money: r.spent,
});
const sum = (figs: Fig[]): Fig => ({
  impressions: figs.reduce((s, f) => s + f.impressions, 0),
  clicks: figs.reduce((s, f) => s + f.clicks, 0),
  money: Math.round(figs.reduce((s, f) => s + f.money, 0) * 100) / 100,
});

beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'http://ads.test', DELIVERY_FLUSH_MS: '10000' });
  const a = await fundedAdvertiser(app, 100);
  adv = { headers: a.headers, userId: a.user.id };
  site = await approvedWebsite(app);
  pub = { headers: site.publisher.headers, userId: site.publisher.user.id };
  ids.cpm = await runningCampaign(app, a.headers, 'display'); // €0.50 CPM
  ids.cpc = await runningCampaign(app, a.headers, 'native', { price: 0.2, paymentMode: 1 });
  ids.archived = await runningCampaign(app, a.headers, 'display', { price: 2 }); // €2 CPM, archived below

  let n = 0;
  const ev = (kind: EventKind, campaignId: number, zoneId: number, at: number, cost: bigint): DeliveryEvent => ({
    kind,
    at: new Date(at),
    impressionId: `agree-${n++}`,
    campaignId,
    creativeId: 0,
    zoneId,
    websiteId: site.siteId,
    advertiserId: adv.userId,
    publisherId: pub.userId,
    country: n % 3 ? 'DE' : 'FR',
    os: 'Windows',
    browser: n % 2 ? 'Chrome' : 'Firefox',
    device: 1,
    costMicros: cost,
  });
  const banner = site.banner.id;
  const native = site.zone(4).id;
  const events: DeliveryEvent[] = [];
  for (const [at, count] of [
    [now - 2 * DAY_MS, 137],
    [now - DAY_MS, 211],
    [now, 89],
  ] as const) {
    // A few more hours of the two finished days: one daily row folds several hourly ones.
    if (at < now)
      for (const h of [1, 2]) events.push(ev(EventKind.Impression, ids.cpm, banner, at - h * 3_600_000, 500n));
    for (let i = 0; i < count; i++) events.push(ev(EventKind.Impression, ids.cpm, banner, at, 500n));
    for (let i = 0; i < count; i++) events.push(ev(EventKind.Impression, ids.archived, banner, at, 2_000n));
    for (let i = 0; i < count; i++) events.push(ev(EventKind.Impression, ids.cpc, native, at, 0n));
    for (let i = 0; i < 7; i++) events.push(ev(EventKind.Click, ids.cpc, native, at, 200_000n));
    for (let i = 0; i < 3; i++) events.push(ev(EventKind.Click, ids.cpm, banner, at, 0n));
  }
  // View reports (docs/decisions/061-viewable-impressions.md) of the display and native
  // impressions: most measured, some viewable (a viewable report alone counts as measured too),
  // a few sent twice; each in its impression's hour, however late it comes.
  for (const e of [...events]) {
    if (e.kind !== EventKind.Impression || e.campaignId === ids.archived) continue;
    const n = Number(e.impressionId.slice('agree-'.length));
    if (n % 4 !== 0) {
      measured.add(e.impressionId);
      events.push({ ...e, kind: EventKind.Measured, costMicros: 0n });
    }
    if (n % 3 === 0) {
      measured.add(e.impressionId);
      viewable.add(e.impressionId);
      events.push({ ...e, kind: EventKind.Viewable, costMicros: 0n });
      if (n % 2 === 0) events.push({ ...e, kind: EventKind.Viewable, costMicros: 0n });
    }
  }
  // Recorded in a few batches, as the Recorder would.
  for (let i = 0; i < events.length; i += 400) await recordBatch(app.ctx, events.slice(i, i + 400));
  // A click on a paused campaign is filtered: in no total anywhere.
  await app.ctx.db.update(campaigns).set({ status: CampaignStatus.Paused }).where(eq(campaigns.id, ids.cpm));
  const filtered = await recordBatch(app.ctx, [ev(EventKind.Click, ids.cpm, banner, now, 1n)]);
  expect(filtered.filtered).toBe(1);
  await app.ctx.db.update(campaigns).set({ status: CampaignStatus.Archived }).where(eq(campaigns.id, ids.archived));
});
afterAll(async () => {
  await app.closeAll();
});

describe('figures agree wherever they appear', () => {
  it('advertiser: campaign lists (archived included), details and the ledger equal the report', async () => {
    const report = await totals(`/reports/all/all?${period}`, adv.headers);
    expect(report.impressions).toBe(3 * (137 + 211 + 89) + 4);
    expect(report.clicks).toBe(30);
    const listed = await get<CampaignListRow[]>('/campaigns', adv.headers);
    const archived = await get<CampaignListRow[]>('/campaigns?archived=true', adv.headers);
    expect(archived.map((r) => r.id)).toEqual([ids.archived]);
    expect(sum([...listed, ...archived].map(listFig))).toEqual(report);
    for (const id of [ids.cpm, ids.cpc, ids.archived]) {
      const one = await totals(`/reports/${id}/all?${period}`, adv.headers);
      expect(listFig(await get<CampaignDetail>(`/campaigns/${id}`, adv.headers)), `campaign ${id}`).toEqual(one);
      const row = [...listed, ...archived].find((r) => r.id === id);
      expect(row && listFig(row), `list row ${id}`).toEqual(one);
    }
    // Money: what the ledger debited (network revenue + the publisher's earnings) is what the report shows.
    const spent = -(await ledgerSumOf(app.ctx.db, adv.userId, ['spend', 'earning']));
    expect(microsToEuros(spent)).toBe(report.money);
    // Every dimension partitions the same total.
    for (const by of ['country', 'browser', 'campaign', 'zone'])
      expect(await totals(`/reports/all/all?reportBy=${by}&${period}`, adv.headers), by).toEqual(report);
  });

  it('viewability: every dimension of both roles, the campaign pages and the recorded reports agree', async () => {
    const views = async (url: string, headers: Headers) => {
      const t = (await get<Report>(url, headers)).totals;
      return { measured: t.measuredImpressions, viewable: t.viewableImpressions, rate: t.viewabilityRate };
    };
    const expected = {
      measured: measured.size,
      viewable: viewable.size,
      rate: Math.round((viewable.size / measured.size) * 10_000) / 100,
    };
    expect(expected.measured).toBeGreaterThan(expected.viewable);
    // What the writer recorded, report by report.
    const [raw] = (
      (await app.ctx.db.execute(
        sql`select count(*) filter (where not viewable)::int as measured, count(*) filter (where viewable)::int as viewable
            from impression_views`,
      )) as unknown as { rows: { measured: number; viewable: number }[] }
    ).rows;
    expect(raw).toEqual({ measured: measured.size, viewable: viewable.size });
    expect(await views(`/reports/all/all?${period}`, adv.headers)).toEqual(expected);
    for (const by of ['date', 'country', 'device', 'os', 'browser', 'campaign', 'zone']) {
      const r = await get<Report>(`/reports/all/all?reportBy=${by}&${period}`, adv.headers);
      expect(
        {
          measured: r.rows.reduce((n, row) => n + row.measuredImpressions, 0),
          viewable: r.rows.reduce((n, row) => n + row.viewableImpressions, 0),
        },
        by,
      ).toEqual({ measured: expected.measured, viewable: expected.viewable });
      for (const row of r.rows)
        expect(row.viewabilityRate, `${by} ${row.key}`).toBe(
          row.measuredImpressions > 0
            ? Math.round((row.viewableImpressions / row.measuredImpressions) * 10_000) / 100
            : null,
        );
    }
    // Each campaign's page shows its report's viewability (the archived one measured nothing).
    for (const id of [ids.cpm, ids.cpc, ids.archived]) {
      const page = await get<{ viewability: { measuredImpressions: number; viewableImpressions: number } }>(
        `/campaigns/${id}/pace`,
        adv.headers,
      );
      const r = await views(`/reports/${id}/all?${period}`, adv.headers);
      expect(page.viewability, `campaign ${id}`).toEqual({
        measuredImpressions: r.measured,
        viewableImpressions: r.viewable,
        viewabilityRate: r.rate,
      });
    }
    expect((await views(`/reports/${ids.archived}/all?${period}`, adv.headers)).rate).toBeNull();
    // The publisher's websites and zones show the same.
    expect(await views(`/reports/all/${site.siteId}?${period}`, pub.headers)).toEqual(expected);
    for (const by of ['date', 'country', 'device', 'os', 'browser'])
      expect(await views(`/reports/all/all?reportBy=${by}&${period}`, pub.headers), by).toEqual(expected);
    const zoneViews = await Promise.all(
      [site.banner.unique, site.zone(4).unique].map((z) => views(`/reports/all/zone/${z}?${period}`, pub.headers)),
    );
    expect(zoneViews.reduce((n, z) => n + z.measured, 0)).toBe(expected.measured);
    expect(zoneViews.reduce((n, z) => n + z.viewable, 0)).toBe(expected.viewable);
  });

  it("advertiser and publisher: today's card equals today's report", async () => {
    for (const who of [adv, pub]) {
      const card = await get<TodayStats>('/reports', who.headers);
      const today = await totals(`/reports/all/all?${todayOnly}`, who.headers);
      expect({ impressions: card.impressions, clicks: card.clicks, money: card.money }).toEqual(today);
      expect(today.impressions).toBe(3 * 89);
    }
  });

  it('publisher: websites list, website detail, zones and earnings equal the report', async () => {
    const report = await totals(`/reports/all/${site.siteId}?${period}`, pub.headers);
    expect(report.impressions).toBe(3 * (137 + 211 + 89) + 4);
    expect(await totals(`/reports/all/all?${period}`, pub.headers)).toEqual(report);
    const list = await get<WebsiteListItem[]>('/websites', pub.headers);
    const item = list.find((w) => w.id === site.siteId);
    expect(item && listFig(item)).toEqual(report);
    const detail = await get<WebsiteDetail>(`/websites/${site.siteId}`, pub.headers);
    expect(listFig(detail)).toEqual(report);
    const zones = await Promise.all(
      detail.zones.map((z) => totals(`/reports/all/zone/${z.unique}?${period}`, pub.headers)),
    );
    expect(sum(zones)).toEqual(report);
    const earned = await ledgerSumOf(app.ctx.db, pub.userId, ['earning']);
    expect(microsToEuros(earned)).toBe(report.money);
  });
});

describe('the hourly and the daily rollup', () => {
  const sums = async (table: 'stats_hourly' | 'stats_daily', day: string) =>
    (
      (await app.ctx.db.execute(
        sql`select to_char(${sql.raw(day)}, 'YYYY-MM-DD') as day, campaign_id, zone_id, country, os, browser, device,
              sum(impressions)::text as i, sum(clicks)::text as c, sum(cost_micros)::text as cost,
              sum(earnings_micros)::text as e, sum(measured_impressions)::text as m,
              sum(viewable_impressions)::text as v
            from ${sql.raw(table)} group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`,
      )) as unknown as { rows: unknown[] }
    ).rows;

  it('the recorder keeps the daily rollup equal to the hourly one folded into UTC days', async () => {
    const daily = await sums('stats_daily', 'day');
    expect(daily).toEqual(await sums('stats_hourly', "(hour at time zone 'UTC')::date"));
    const [rows] = (
      (await app.ctx.db.execute(
        sql`select (select count(*) from stats_hourly)::int as hourly, (select count(*) from stats_daily)::int as daily`,
      )) as unknown as { rows: { hourly: number; daily: number }[] }
    ).rows;
    expect(rows && rows.daily < rows.hourly).toBe(true);
  });

  it('every report, of both roles, answers the same from either rollup', async () => {
    const userRow = async (id: number) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0];
    const advertiser = await userRow(adv.userId);
    const publisher = await userRow(pub.userId);
    if (!advertiser || !publisher) throw new Error('users');
    const query = (reportBy: string, group = 'report') =>
      ({ group, reportBy, startDate: day(now - 3 * DAY_MS), endDate: day(now) }) as never;
    const both = async (user: typeof advertiser, target: object, q: never) => {
      const [hourly, daily] = await Promise.all(
        (['hourly', 'daily'] as Rollup[]).map((r) => getReport(app.ctx, user, target as never, q, new Date(), r)),
      );
      return { hourly, daily };
    };
    const all = { campaignIds: 'all', websiteId: 'all' };
    const checked: string[] = [];
    for (const by of ['date', 'country', 'device', 'os', 'browser', 'campaign', 'zone']) {
      const r = await both(advertiser, all, query(by));
      expect(r.daily, `advertiser by ${by}`).toEqual(r.hourly);
      expect((r.daily as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      checked.push(by);
    }
    for (const target of [
      { campaignIds: String(ids.cpm), websiteId: 'all' },
      { campaignIds: 'all', zoneId: site.banner.unique },
    ]) {
      const r = await both(advertiser, target, query('country'));
      expect(r.daily, JSON.stringify(target)).toEqual(r.hourly);
    }
    const optimisation = await both(
      advertiser,
      { campaignIds: String(ids.cpm), websiteId: 'all' },
      query('date', 'zone'),
    );
    expect(optimisation.daily).toEqual(optimisation.hourly);
    for (const by of ['date', 'country', 'device', 'os', 'browser'])
      for (const target of [all, { campaignIds: 'all', websiteId: String(site.siteId) }]) {
        const r = await both(publisher, target, query(by));
        expect(r.daily, `publisher by ${by}`).toEqual(r.hourly);
      }
    expect(checked).toHaveLength(7);
  });

  it('the daily rollup vacuum job runs on a live database, and the reports still agree', async () => {
    await expect(rollupVacuumJob.run(app.ctx)).resolves.toBeUndefined();
    expect(await totals(`/reports/all/all?reportBy=country&${period}`, adv.headers)).toEqual(
      await totals(`/reports/all/all?${period}`, adv.headers),
    );
    expect(await sums('stats_daily', 'day')).toEqual(await sums('stats_hourly', "(hour at time zone 'UTC')::date"));
  });
});

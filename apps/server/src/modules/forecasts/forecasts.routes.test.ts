import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterReason } from '@cryptads/contract/delivery';
import { DAY_MS, isoDay } from '@cryptads/contract/dates';
import {
  CampaignPaceAnswerSchema,
  FORECAST_HISTORY_DAYS,
  type ForecastRequestInput,
  ForecastRequestSchema,
  ForecastSchema,
  PaceSchema,
} from '@cryptads/contract/forecasts';
import { trafficHourly } from '../../db/schema/forecasts';
import { campaignSpendDaily, statsHourly } from '../../db/schema/stats';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordBatch } from '../delivery/writer/record-batch';
import { EventKind } from '../delivery/types';
import { forecastFor, pruneTraffic, TRAFFIC_RETENTION_DAYS } from './forecasts.service';
import { publisherZones, runningCampaign, trafficHistory } from './test-helpers';

let app: TestApp;
let a: Awaited<ReturnType<typeof loginAs>>;
let b: Awaited<ReturnType<typeof loginAs>>;
let p: Awaited<ReturnType<typeof loginAs>>;

const draft = (over: Partial<ForecastRequestInput> = {}): ForecastRequestInput => ({
  kind: 'display',
  price: 1,
  dailyBudget: 1000,
  countries: ['DE'],
  ...over,
});

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  a = await loginAs(app, 'advertiser');
  b = await loginAs(app, 'advertiser');
  p = await loginAs(app, 'publisher');
  const now = new Date();
  // Five days of German desktop banner traffic (10,000 a day) and French mobile (4,000 a day).
  await trafficHistory(app.ctx.db, now, 5, { format: 1, country: 'DE', device: 1 }, 10_000, 20);
  await trafficHistory(app.ctx.db, now, 5, { format: 1, country: 'FR', device: 2 }, 4_000);
  // Another advertiser bids €2 CPM on Germany with €5 a day: 2,500 of the 10,000 daily requests.
  await runningCampaign(app.ctx.db, b.user.id, {
    countries: ['DE'],
    priceMicros: 2_000_000n,
    dailyBudgetMicros: 5_000_000n,
  });
});
afterAll(async () => {
  await app.closeAll();
});

const post = (headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/campaigns/forecast', headers, payload: payload as object });

const forecastOf = async (payload: ForecastRequestInput) => {
  const res = await post(a.headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return ForecastSchema.parse(body<{ response: unknown }>(res).response);
};

describe('POST /campaigns/forecast', () => {
  it('is for advertisers: a publisher is refused, a visitor must sign in', async () => {
    expect((await post(p.headers, draft())).statusCode).toBe(403);
    expect((await post({}, draft())).statusCode).toBe(401);
  });

  it('validates the draft with the contract', async () => {
    const bad = await post(a.headers, draft({ price: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please enter a bid of 0 or more.');
    expect((await post(a.headers, { ...draft(), kind: 'banner' })).statusCode).toBe(400);
    expect((await post(a.headers, draft({ countries: ['Germany'] }))).statusCode).toBe(400);
  });

  it('reads the daily eligible requests and wins what the competitor leaves', async () => {
    const f = await forecastOf(draft());
    expect(f.enoughData).toBe(true);
    expect(f.historyDays).toBe(5);
    expect(f.dailyRequests).toBe(10_000);
    expect(f.winRate).toBe(0.75);
    expect(f.dailyImpressions).toBe(7500);
    expect(f.dailyClicks).toBe(15);
    expect(f.dailySpend).toBe(7.5);
    expect(f.notes.join(' ')).toContain('Campaigns bidding more');
  });

  it('a higher bid wins more', async () => {
    const low = await forecastOf(draft({ price: 1 }));
    const high = await forecastOf(draft({ price: 3 }));
    expect(high.dailyImpressions).toBeGreaterThan(low.dailyImpressions);
    expect(high.winRate).toBe(1);
  });

  it('a targeting that matches nothing answers zero', async () => {
    for (const payload of [draft({ countries: ['JP'] }), draft({ kind: 'native' }), draft({ device: 2 })]) {
      const f = await forecastOf(payload);
      expect(f).toMatchObject({ enoughData: true, dailyRequests: 0, dailyImpressions: 0, dailySpend: 0 });
    }
    const everywhere = await forecastOf(draft({ countries: [] }));
    expect(everywhere.dailyRequests).toBe(14_000);
  });

  it('the total budget gives the days it lasts', async () => {
    const f = await forecastOf(draft({ price: 3, budgetFlag: true, budget: 100 }));
    // 10,000 impressions at €3 CPM: €30 a day; €100 lasts 4 days.
    expect(f.dailySpend).toBe(30);
    expect(f.budgetDays).toBe(4);
  });

  it('the batch writer stores valid requests by format, invalid traffic left out', async () => {
    const { banner } = await publisherZones(app.ctx.db, p.user.id);
    const c = await runningCampaign(app.ctx.db, a.user.id);
    const at = new Date(Date.now() - 3 * DAY_MS);
    const event = (id: string, filterReason?: (typeof FilterReason)[keyof typeof FilterReason]) => ({
      kind: EventKind.Impression,
      at,
      impressionId: id,
      campaignId: c.id,
      creativeId: 0,
      zoneId: banner.id,
      websiteId: banner.websiteId,
      advertiserId: a.user.id,
      publisherId: p.user.id,
      country: 'NL',
      os: 'Linux',
      browser: 'Firefox',
      device: 1 as const,
      costMicros: 1000n,
      ...(filterReason ? { filterReason } : {}),
    });
    // No balance: the first is refused for funds (a real request), the second is a data centre.
    await recordBatch(app.ctx, [event('i1'), event('i2', FilterReason.DataCentre)]);
    const rows = await app.ctx.db.select().from(trafficHourly).where(eq(trafficHourly.country, 'NL'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ format: 1, device: 1, os: 'Linux', browser: 'Firefox', requests: 1 });
    // View reports of that impression add its measured and viewable counts to its hour's cell.
    const view = (kind: EventKind) => ({ ...event('i1'), kind, costMicros: 0n });
    await recordBatch(app.ctx, [view(EventKind.Measured), view(EventKind.Viewable)]);
    const [cell] = await app.ctx.db.select().from(trafficHourly).where(eq(trafficHourly.country, 'NL'));
    expect(cell).toMatchObject({ requests: 1, measured: 1, viewable: 1 });
  });

  it("gives the targeted traffic's viewability from the history; none for what was never measured", async () => {
    // Austrian desktop banners: 1,000 a day, 800 of them measured, 500 viewable.
    await trafficHistory(app.ctx.db, new Date(), 5, { format: 1, country: 'AT', device: 1 }, 1_000);
    await app.ctx.db.update(trafficHourly).set({ measured: 80, viewable: 50 }).where(eq(trafficHourly.country, 'AT'));
    // The route keeps a loaded history for an hour: read it afresh here.
    const fresh = (over: Partial<ForecastRequestInput>) =>
      forecastFor(app.ctx.db, ForecastRequestSchema.parse(draft(over)), new Date(), { cache: false });
    expect((await fresh({ countries: ['AT'] })).viewabilityRate).toBe(62.5);
    expect((await fresh({ countries: ['DE'] })).viewabilityRate).toBeNull();
    expect((await fresh({ countries: ['AT'], kind: 'popunder' })).viewabilityRate).toBeNull();
  });
});

describe('pace', () => {
  it('answers each running campaign of the advertiser only, and the balance run-out', async () => {
    const mine = await runningCampaign(app.ctx.db, a.user.id, { dailyBudgetMicros: 1_000_000_000n });
    const theirs = await runningCampaign(app.ctx.db, b.user.id);
    const now = Date.now();
    // €48 over the last 24 hours: €2 an hour.
    for (const h of [2, 5]) {
      await app.ctx.db.insert(statsHourly).values({
        hour: new Date(Math.floor((now - h * 3_600_000) / 3_600_000) * 3_600_000),
        campaignId: mine.id,
        zoneId: 1,
        websiteId: 1,
        advertiserId: a.user.id,
        publisherId: p.user.id,
        country: 'DE',
        os: 'Windows',
        browser: 'Chrome',
        impressions: 1000,
        costMicros: 24_000_000n,
      });
    }
    await app.ctx.db
      .insert(campaignSpendDaily)
      .values({ campaignId: mine.id, day: isoDay(now), costMicros: 10_000_000n });
    const res = await app.inject({ method: 'GET', url: '/api/campaigns/pace', headers: a.headers });
    expect(res.statusCode).toBe(200);
    const pace = PaceSchema.parse(body<{ response: unknown }>(res).response);
    const row = pace.campaigns.find((c) => c.id === mine.id);
    expect(row).toMatchObject({ spendPerHour: 2, spentToday: 10, totalBudgetAt: null });
    expect(pace.campaigns.some((c) => c.id === theirs.id)).toBe(false);
    // No balance: it has run out already.
    expect(pace.balanceRunOutAt).not.toBeNull();

    const one = await app.inject({ method: 'GET', url: `/api/campaigns/${mine.id}/pace`, headers: a.headers });
    expect(one.statusCode).toBe(200);
    const answer = CampaignPaceAnswerSchema.parse(body<{ response: unknown }>(one).response);
    expect(answer.pace?.spendPerHour).toBe(2);
    // Nothing measured yet: no rate ("—" on the page).
    expect(answer.viewability).toEqual({ measuredImpressions: 0, viewableImpressions: 0, viewabilityRate: null });
  });

  it("another advertiser's campaign is 404, a publisher 403", async () => {
    const theirs = await runningCampaign(app.ctx.db, b.user.id);
    const res = await app.inject({ method: 'GET', url: `/api/campaigns/${theirs.id}/pace`, headers: a.headers });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/campaigns/pace', headers: p.headers })).statusCode).toBe(403);
  });

  it('a campaign not delivering has no pace', async () => {
    const paused = await runningCampaign(app.ctx.db, a.user.id, { status: 2 });
    const res = await app.inject({ method: 'GET', url: `/api/campaigns/${paused.id}/pace`, headers: a.headers });
    expect(CampaignPaceAnswerSchema.parse(body<{ response: unknown }>(res).response).pace).toBeNull();
  });
});

describe('traffic retention', () => {
  it('hours older than the retention go; the forecast window and the backtest window stay', async () => {
    const now = new Date();
    const cell = { format: 1, country: 'PT', device: 2 };
    await trafficHistory(app.ctx.db, new Date(now.getTime() - (TRAFFIC_RETENTION_DAYS + 5) * DAY_MS), 5, cell, 1_000);
    await trafficHistory(app.ctx.db, now, 2 * FORECAST_HISTORY_DAYS, cell, 1_000);
    const portugal = eq(trafficHourly.country, 'PT');
    expect(await app.ctx.db.$count(trafficHourly, portugal)).toBe(50 + 280);
    expect(await pruneTraffic(app.ctx.db, now)).toBe(50);
    expect(await app.ctx.db.$count(trafficHourly, portugal)).toBe(280);
    // Run again: nothing more is old enough.
    expect(await pruneTraffic(app.ctx.db, now)).toBe(0);
  });
});

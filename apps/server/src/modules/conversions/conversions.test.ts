import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PostbackAnswer, TestConversion, Tracking } from '@cryptads/contract/conversions';
import { DAY_MS } from '@cryptads/contract/dates';
import { microsToEuros, perUnitMicros, roasOf } from '@cryptads/contract/money';
import type { Report } from '@cryptads/contract/reports';
import { adClicks, conversions } from '../../db/schema/conversions';
import { CLICK_RETENTION_DAYS, pruneAdClicks } from './conversions.service';
import { body, loginAs } from '../../testing/helpers';
import type { TestApp } from '../../testing/test-app';
import {
  approvedWebsite,
  DESKTOP_UA,
  delivery,
  fundedAdvertiser,
  MOBILE_UA,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  served,
  deliveryTestApp,
} from '../delivery/test-helpers';

/**
 * Conversion tracking end to end through the real URLs: /serve, /click (the click id on the
 * landing URL), /postback and /pixel.gif, the tracking API and the reports.
 */

type Headers = Record<string, string>;
let app: TestApp;
beforeAll(async () => {
  app = await deliveryTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  delivery(app).ivt.now = Date.now;
  await delivery(app).recorder.flush();
  await pauseAllCampaigns(app);
});

const LANDING = 'https://shop.example/landing?cid={click_id}&z={zone_id}';
let ipCounter = 1;
/** Each test's own address, so that the per-IP postback limit is not shared between tests. */
const nextIp = () => `198.51.100.${ipCounter++}`;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const clickRows = async (campaignId: number) =>
  (await app.ctx.db.select().from(adClicks).where(eq(adClicks.campaignId, campaignId))).length;

const api = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) => {
  const res = await app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: res.statusCode, res, value: res.statusCode === 200 ? body<T>(res).response : (null as T) };
};

/** A served ad clicked through /click: the click id read back from the landing URL. */
async function clickAd(zone: string, opts: { ua?: string; country?: string } = {}) {
  const ad = served(await serve(app, zone, opts));
  const res = await app.inject({
    method: 'GET',
    url: new URL(ad.clickUrl).pathname,
    headers: { 'user-agent': opts.ua ?? DESKTOP_UA, 'cf-ipcountry': opts.country ?? 'DE' },
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location));
  return { clickId: location.searchParams.get('cid') ?? '', path: new URL(ad.clickUrl).pathname, location };
}

async function postback(q: Record<string, string>, ip = '192.0.2.10') {
  const res = await app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(q)}`, remoteAddress: ip });
  return { status: res.statusCode, answer: JSON.parse(res.body) as PostbackAnswer };
}

async function setup(goals: { name: string; defaultValue: number }[] = [{ name: 'signup', defaultValue: 2.5 }]) {
  const adv = await fundedAdvertiser(app);
  const id = await runningCampaign(app, adv.headers, 'display', { landingUrl: LANDING });
  for (const g of goals) expect((await api('POST', `/campaigns/${id}/goals`, adv.headers, g)).status).toBe(200);
  const tracking = (await api<Tracking>('GET', `/campaigns/${id}/tracking`, adv.headers)).value;
  return { adv, id, token: tracking.token, tracking };
}

describe('click ids', { timeout: 60_000 }, () => {
  it('fill {click_id} on the landing URL and are kept with the click', async () => {
    const { id } = await setup();
    const site = await approvedWebsite(app);
    const a = await clickAd(site.banner.unique);
    const b = await clickAd(site.banner.unique);
    expect(a.clickId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.clickId).not.toBe(b.clickId);
    expect(a.location.searchParams.get('z')).toBe(site.banner.unique);
    await delivery(app).recorder.flush();
    const [row] = await app.ctx.db.select().from(adClicks).where(eq(adClicks.clickId, a.clickId));
    expect(row).toMatchObject({ campaignId: id, zoneId: site.banner.id, country: 'DE', filterReason: null });
  });
});

describe('GET /postback', { timeout: 60_000 }, () => {
  it('counts a conversion once per click and goal, with the default or the given value', async () => {
    const { token } = await setup([
      { name: 'signup', defaultValue: 2.5 },
      { name: 'deposit', defaultValue: 0 },
    ]);
    const site = await approvedWebsite(app);
    const { clickId } = await clickAd(site.banner.unique);
    await delivery(app).recorder.flush();
    const first = await postback({ click_id: clickId, goal: 'signup', token });
    expect(first.status).toBe(200);
    expect(first.answer).toMatchObject({ status: 'accepted', conversion: { clickId, goal: 'signup', value: 2.5 } });
    const again = await postback({ click_id: clickId, goal: 'signup', token, value: '9' });
    expect(again).toMatchObject({ status: 409, answer: { status: 'refused', reason: 'duplicate' } });
    const other = await postback({ click_id: clickId, goal: 'deposit', value: '120.40', currency: 'EUR', token });
    expect(other.answer.conversion?.value).toBe(120.4);
    const rows = await app.ctx.db.select().from(conversions).where(eq(conversions.clickId, clickId));
    expect(rows.map((r) => r.valueMicros).sort()).toEqual([120_400_000n, 2_500_000n]);
  });

  it('refuses with a reason and counts the refusals on the tracking panel', async () => {
    const { adv, id, token } = await setup();
    const site = await approvedWebsite(app);
    const { clickId } = await clickAd(site.banner.unique);
    await delivery(app).recorder.flush();
    // Made after the click, so that the ad clicked is surely the first advertiser's.
    const other = await setup();
    const forged = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(await postback({ click_id: clickId, goal: 'signup', token: 'wrong' })).toMatchObject({
      status: 403,
      answer: { reason: 'badToken' },
    });
    expect(await postback({ click_id: clickId, goal: 'signup' })).toMatchObject({ answer: { reason: 'badToken' } });
    expect(await postback({ click_id: forged, goal: 'signup', token })).toMatchObject({
      status: 404,
      answer: { reason: 'noClick' },
    });
    // Another advertiser's token on this click: refused as theirs, counted for them.
    expect(await postback({ click_id: clickId, goal: 'signup', token: other.token })).toMatchObject({
      status: 404,
      answer: { reason: 'foreignClick' },
    });
    expect(await postback({ click_id: clickId, goal: 'nope', token })).toMatchObject({
      answer: { reason: 'unknownGoal' },
    });
    expect(await postback({ click_id: clickId, goal: 'signup', token, currency: 'USD' })).toMatchObject({
      answer: { reason: 'currency' },
    });
    expect(await postback({ click_id: clickId, goal: 'signup', token, value: '-1' })).toMatchObject({
      answer: { reason: 'badRequest' },
    });
    expect(await app.ctx.db.select().from(conversions).where(eq(conversions.clickId, clickId))).toHaveLength(0);
    const panel = (await api<Tracking>('GET', `/campaigns/${id}/tracking`, adv.headers)).value;
    const counts = Object.fromEntries(panel.refusals.map((r) => [r.reason, r.count]));
    expect(counts).toEqual({ noClick: 1, unknownGoal: 1, currency: 1, badRequest: 1 });
    const theirs = (await api<Tracking>('GET', `/campaigns/${other.id}/tracking`, other.adv.headers)).value;
    expect(theirs.refusals).toEqual([{ reason: 'foreignClick', label: "Another advertiser's click", count: 1 }]);
  });

  it('applies the campaign attribution window on the delivery clock', async () => {
    const { adv, id, token } = await setup();
    expect((await api('PUT', `/campaigns/${id}/tracking`, adv.headers, { attributionDays: 0 })).status).toBe(400);
    expect((await api('PUT', `/campaigns/${id}/tracking`, adv.headers, { attributionDays: 91 })).status).toBe(400);
    const set = await api<Tracking>('PUT', `/campaigns/${id}/tracking`, adv.headers, { attributionDays: 2 });
    expect(set.value.attributionDays).toBe(2);
    const site = await approvedWebsite(app);
    const late = await clickAd(site.banner.unique);
    const inTime = await clickAd(site.banner.unique);
    await delivery(app).recorder.flush();
    const start = Date.now();
    delivery(app).ivt.now = () => start + 2 * DAY_MS + 60_000;
    expect(await postback({ click_id: late.clickId, goal: 'signup', token })).toMatchObject({
      answer: { reason: 'outsideWindow' },
    });
    delivery(app).ivt.now = () => start + 2 * DAY_MS - 60_000;
    expect((await postback({ click_id: inTime.clickId, goal: 'signup', token })).status).toBe(200);
  });

  it('never converts a click filtered as invalid (a repeated click)', async () => {
    const { token } = await setup();
    const site = await approvedWebsite(app);
    const first = await clickAd(site.banner.unique);
    // The same link clicked again: a repeated click, recorded as filtered with its own id.
    const res = await app.inject({ method: 'GET', url: first.path, headers: { 'user-agent': DESKTOP_UA } });
    const repeatedId = new URL(String(res.headers.location)).searchParams.get('cid') ?? '';
    await delivery(app).recorder.flush();
    const [row] = await app.ctx.db.select().from(adClicks).where(eq(adClicks.clickId, repeatedId));
    expect(row?.filterReason).toBe('repeated_click');
    expect(await postback({ click_id: repeatedId, goal: 'signup', token })).toMatchObject({
      answer: { reason: 'invalidClick' },
    });
    expect((await postback({ click_id: first.clickId, goal: 'signup', token })).status).toBe(200);
  });

  it('counts concurrent duplicates once', async () => {
    const { token } = await setup();
    const site = await approvedWebsite(app);
    const { clickId } = await clickAd(site.banner.unique);
    await delivery(app).recorder.flush();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => postback({ click_id: clickId, goal: 'signup', token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.answer.reason === 'duplicate')).toHaveLength(11);
    expect(await app.ctx.db.select().from(conversions).where(eq(conversions.clickId, clickId))).toHaveLength(1);
  });

  it('limits postbacks per IP address (guessing click ids)', async () => {
    const { token } = await setup();
    const ip = nextIp();
    // The limit counts per minute of the clock: 305 requests take over ten seconds on a busy
    // machine, and a run that crossed a minute started a new count. The clock stands still at
    // the start of a minute here.
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 1;
    delivery(app).ivt.now = () => start;
    const statuses: number[] = [];
    for (let i = 0; i < 305; i++)
      statuses.push(
        (await postback({ click_id: `guess${String(i).padStart(17, '0')}`, goal: 'signup', token }, ip)).status,
      );
    expect(statuses.slice(0, 300).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(300).every((s) => s === 429)).toBe(true);
  });
});

describe('GET /pixel.gif', { timeout: 60_000 }, () => {
  it('answers a GIF and counts a conversion for the click’s own campaign goals', async () => {
    const { token } = await setup();
    const site = await approvedWebsite(app);
    const { clickId } = await clickAd(site.banner.unique);
    await delivery(app).recorder.flush();
    const res = await app.inject({ method: 'GET', url: `/pixel.gif?click_id=${clickId}&goal=signup` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const forged = await app.inject({ method: 'GET', url: '/pixel.gif?click_id=AAAAAAAAAAAAAAAAAAAAAA&goal=signup' });
    expect(forged.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(conversions).where(eq(conversions.clickId, clickId));
    expect(row).toMatchObject({ source: 2, valueMicros: 2_500_000n, test: false });
    expect(await postback({ click_id: clickId, goal: 'signup', token })).toMatchObject({
      answer: { reason: 'duplicate' },
    });
  });
});

describe('the tracking API', { timeout: 60_000 }, () => {
  it('edits goals and rotates the token; another advertiser gets 404 everywhere', async () => {
    const { adv, id, tracking } = await setup();
    expect(tracking.postbackUrl).toBe(
      `http://ads.test/postback?click_id={click_id}&goal={goal}&value={value}&currency=EUR&token=${tracking.token}`,
    );
    expect(tracking.pixelTag).toContain('http://ads.test/pixel.gif?click_id={click_id}&goal={goal}');
    expect(tracking.attributionDays).toBe(30);
    const goalId = tracking.goals[0]?.id ?? 0;
    expect((await api('POST', `/campaigns/${id}/goals`, adv.headers, { name: 'signup', defaultValue: 1 })).status).toBe(
      409,
    );
    expect((await api('POST', `/campaigns/${id}/goals`, adv.headers, { name: 'a b', defaultValue: 1 })).status).toBe(
      400,
    );
    const updated = await api<Tracking>('PUT', `/campaigns/${id}/goals/${goalId}`, adv.headers, {
      name: 'lead',
      defaultValue: 4,
    });
    expect(updated.value.goals).toEqual([{ id: goalId, name: 'lead', defaultValue: 4 }]);
    const rotated = await api<Tracking>('POST', `/campaigns/${id}/tracking/token`, adv.headers);
    expect(rotated.value.token).not.toBe(tracking.token);

    const stranger = await loginAs(app, 'advertiser');
    const otherCampaign = await setup();
    const otherGoal = otherCampaign.tracking.goals[0]?.id ?? 0;
    const cases: [Parameters<typeof api>[0], string, object?][] = [
      ['GET', `/campaigns/${id}/tracking`],
      ['PUT', `/campaigns/${id}/tracking`, { attributionDays: 5 }],
      ['POST', `/campaigns/${id}/goals`, { name: 'x', defaultValue: 1 }],
      ['PUT', `/campaigns/${id}/goals/${goalId}`, { name: 'x', defaultValue: 1 }],
      ['DELETE', `/campaigns/${id}/goals/${goalId}`],
      ['POST', `/campaigns/${id}/tracking/token`],
      ['POST', `/campaigns/${id}/tracking/test`, { goal: 'lead' }],
    ];
    for (const [method, url, payload] of cases)
      expect((await api(method, url, stranger.headers, payload)).status, `${method} ${url}`).toBe(404);
    // Another campaign's goal through one's own campaign path.
    expect(
      (await api('PUT', `/campaigns/${id}/goals/${otherGoal}`, adv.headers, { name: 'x', defaultValue: 1 })).status,
    ).toBe(404);
    expect((await api('DELETE', `/campaigns/${id}/goals/${otherGoal}`, adv.headers)).status).toBe(404);
    const publisher = await loginAs(app, 'publisher');
    expect((await api('GET', `/campaigns/${id}/tracking`, publisher.headers)).status).toBe(403);
    expect((await api('DELETE', `/campaigns/${id}/goals/${goalId}`, adv.headers)).status).toBe(200);
  });

  it('sends a test conversion through the postback, marked test', async () => {
    const { adv, id } = await setup();
    const sent = await api<TestConversion>('POST', `/campaigns/${id}/tracking/test`, adv.headers, { goal: 'signup' });
    expect(sent.status).toBe(200);
    expect(sent.value.httpStatus).toBe(200);
    expect(sent.value.request).toMatch(/^http:\/\/ads\.test\/postback\?click_id=[A-Za-z0-9_-]{22}&goal=signup/);
    expect(sent.value.answer).toMatchObject({ status: 'accepted', conversion: { goal: 'signup', test: true } });
    const unknown = await api<TestConversion>('POST', `/campaigns/${id}/tracking/test`, adv.headers, { goal: 'zzz' });
    expect(unknown.value.answer.reason).toBe('unknownGoal');
    const panel = (await api<Tracking>('GET', `/campaigns/${id}/tracking`, adv.headers)).value;
    expect(panel).toMatchObject({ conversions: 0, testConversions: 1 });
  });
});

describe('reports', { timeout: 60_000 }, () => {
  it('show conversions in every dimension, agreeing with the stored conversions; publishers see none', async () => {
    const { adv, id, token } = await setup();
    const site = await approvedWebsite(app);
    const clicks = [
      await clickAd(site.banner.unique, { country: 'DE' }),
      await clickAd(site.banner.unique, { country: 'FR', ua: MOBILE_UA }),
      await clickAd(site.banner.unique, { country: 'FR', ua: MOBILE_UA }),
    ];
    for (let i = 0; i < 3; i++) await serve(app, site.banner.unique, { country: 'IT' });
    await delivery(app).recorder.flush();
    for (const [i, c] of clicks.entries())
      if (i < 2)
        expect((await postback({ click_id: c.clickId, goal: 'signup', token, value: `${i + 1}.25` })).status).toBe(200);
    await api('POST', `/campaigns/${id}/tracking/test`, adv.headers, { goal: 'signup' });
    const today = new Date().toISOString().slice(0, 10);
    // The raw conversion rows, grouped in each dimension the way the report keys its rows.
    const stored = await app.ctx.db
      .select()
      .from(conversions)
      .where(sql`${conversions.campaignId} = ${id} and not ${conversions.test}`);
    expect(stored).toHaveLength(2);
    const keyOf: Record<string, (c: (typeof stored)[number]) => string> = {
      date: (c) => c.hour.toISOString().slice(0, 10),
      country: (c) => c.country,
      device: (c) => (c.device === 2 ? 'mobile' : 'desktop'),
      os: (c) => c.os,
      browser: (c) => c.browser,
      campaign: (c) => String(c.campaignId),
      zone: () => site.banner.unique,
    };
    for (const [by, key] of Object.entries(keyOf)) {
      const res = await api<Report>(
        'GET',
        `/reports/${id}/all?reportBy=${by}&startDate=${today}&endDate=${today}`,
        adv.headers,
      );
      expect(res.status, by).toBe(200);
      const r = res.value;
      const raw = new Map<string, { conversions: number; conversionValue: number }>();
      for (const c of stored) {
        const k = key(c);
        const was = raw.get(k) ?? { conversions: 0, conversionValue: 0 };
        raw.set(k, {
          conversions: was.conversions + 1,
          conversionValue: was.conversionValue + microsToEuros(c.valueMicros),
        });
      }
      // Every row with conversions is a group of the raw rows, with the same count and value.
      const shown = new Map(
        r.rows
          .filter((row) => (row.conversions ?? 0) > 0)
          .map((row) => [row.key, { conversions: row.conversions ?? 0, conversionValue: row.conversionValue ?? 0 }]),
      );
      expect(shown, by).toEqual(raw);
      expect(r.totals.conversions, by).toBe(2);
      expect(r.totals.conversionValue, by).toBe(3.5);
      expect(r.totals.conversionRate, by).toBe(Math.round((2 / r.totals.clicks) * 10_000) / 100);
      const spend = r.rows.reduce((n, row) => n + row.money, 0);
      expect(r.totals.money).toBeCloseTo(spend, 6);
      if (by === 'country') {
        const de = r.rows.find((row) => row.key === 'DE');
        const fr = r.rows.find((row) => row.key === 'FR');
        expect(de).toMatchObject({ conversions: 1, conversionValue: 1.25, clicks: 1, conversionRate: 100 });
        expect(fr).toMatchObject({ conversions: 1, conversionValue: 2.25, clicks: 2, conversionRate: 50 });
        expect(r.rows.find((row) => row.key === 'IT')).toMatchObject({ conversions: 0 });
      }
      if (by === 'device') {
        // The rollup keeps the device: one desktop click in DE, two mobile clicks in FR.
        expect(r.rows.map((row) => [row.key, row.label, row.clicks, row.conversions]).sort()).toEqual([
          ['desktop', 'Desktop', 1, 1],
          ['mobile', 'Mobile', 2, 1],
        ]);
        expect(r.rows.find((row) => row.key === 'desktop')?.impressions).toBe(4);
      }
      if (by === 'campaign') expect(r.rows).toHaveLength(1);
    }
    // Cost per conversion and ROAS from the exact spend in micro-euros.
    const spent = await app.ctx.db.execute(
      sql`select coalesce(sum(cost_micros), 0)::text as c from stats_hourly where campaign_id = ${id}`,
    );
    const costMicros = BigInt((spent as unknown as { rows: { c: string }[] }).rows[0]?.c ?? '0');
    const r = (
      await api<Report>('GET', `/reports/${id}/all?reportBy=date&startDate=${today}&endDate=${today}`, adv.headers)
    ).value;
    expect(r.totals.costPerConversion).toBe(microsToEuros(perUnitMicros(costMicros, 2)));
    expect(r.totals.roas).toBe(roasOf(3_500_000n, costMicros));

    const pub = site.publisher;
    for (const by of ['date', 'country', 'device', 'os', 'browser']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/reports/all/all?reportBy=${by}&startDate=${today}&endDate=${today}`,
        headers: pub.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/conversion|roas/i);
    }
  });
});

describe('click retention', { timeout: 60_000 }, () => {
  it('deletes clicks past the longest window and a margin; their conversions stay in reports', async () => {
    const { adv, id, token } = await setup();
    const site = await approvedWebsite(app);
    const converted = await clickAd(site.banner.unique);
    const late = await clickAd(site.banner.unique);
    await delivery(app).recorder.flush();
    expect((await postback({ click_id: converted.clickId, goal: 'signup', token }, nextIp())).status).toBe(200);
    const report = async () =>
      (
        await api<Report>(
          'GET',
          `/reports/${id}/all?startDate=${day(Date.now())}&endDate=${day(Date.now())}`,
          adv.headers,
        )
      ).value.totals.conversions;
    expect(await report()).toBe(1);

    // One day inside CLICK_RETENTION_DAYS (97): nothing goes.
    const now = Date.now();
    await pruneAdClicks(app.ctx, new Date(now + (CLICK_RETENTION_DAYS - 1) * DAY_MS));
    expect(await clickRows(id)).toBe(2);
    // A day past it, both clicks go: a postback for one of them finds no click; the counted conversion stays.
    const pruned = await pruneAdClicks(app.ctx, new Date(now + (CLICK_RETENTION_DAYS + 1) * DAY_MS));
    expect(pruned).toBeGreaterThanOrEqual(2);
    expect(await clickRows(id)).toBe(0);
    expect(await postback({ click_id: late.clickId, goal: 'signup', token }, nextIp())).toMatchObject({
      status: 404,
      answer: { reason: 'noClick' },
    });
    expect(await report()).toBe(1);
  });
});

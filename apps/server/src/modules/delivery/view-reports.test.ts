import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignPaceAnswer } from '@cryptads/contract/forecasts';
import type { Report } from '@cryptads/contract/reports';
import { VIEW_REPORT_TTL_HOURS } from '@cryptads/contract/viewability';
import { sql } from 'drizzle-orm';
import { body } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { createInvalidTraffic } from './ivt';
import { pruneImpressionViews } from './retention';
import {
  approvedWebsite,
  BROWSER_HEADERS,
  DESKTOP_UA,
  delivery,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  served,
} from './test-helpers';
import { EventKind } from './types';
import { viewEventOf } from './view-reports';
import { signView, verifyView, viewKeysOf } from './view-token';
import { recordBatch } from './writer/record-batch';

/**
 * Viewability reports (docs/decisions/061-viewable-impressions.md) through /serve and /view as
 * tag.js sends them, read back through both roles' reports and the campaign's page figures.
 * The invalid-traffic filter runs with its defaults, on a clock each test holds.
 */
let app: TestApp;
let clock = Date.now();
beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'http://ads.test', DELIVERY_FLUSH_MS: '10000' });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  await flush();
  await pauseAllCampaigns(app);
  const ivt = createInvalidTraffic(app.ctx.config);
  clock = Date.now();
  ivt.now = () => clock;
  delivery(app).ivt = ivt;
});

const flush = () => delivery(app).recorder.flush();
const today = () => new Date().toISOString().slice(0, 10);

/** A view report as tag.js sends it: sendBeacon's POST without a body, or an image's GET. */
function report(url: string, e: string, opts: { method?: 'GET' | 'POST'; ip?: string; ua?: string } = {}) {
  const u = new URL(url);
  return app.inject({
    method: opts.method ?? 'POST',
    url: `${u.pathname}?e=${e}`,
    headers: { ...BROWSER_HEADERS, 'user-agent': opts.ua ?? DESKTOP_UA },
    remoteAddress: opts.ip ?? '203.0.113.7',
  });
}

type Viewability = { measuredImpressions: number; viewableImpressions: number; viewabilityRate: number | null };
const viewabilityOf = (f: Viewability): Viewability => ({
  measuredImpressions: f.measuredImpressions,
  viewableImpressions: f.viewableImpressions,
  viewabilityRate: f.viewabilityRate,
});

async function reportOf(headers: Record<string, string>, path: string, by = 'date') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/reports/${path}?reportBy=${by}&startDate=${today()}&endDate=${today()}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<Report>(res).response;
}

/** A funded advertiser's running banner campaign and a publisher's approved website. */
async function world(kind: 'display' | 'native' | 'popunder' = 'display') {
  const adv = await fundedAdvertiser(app);
  const id = await runningCampaign(app, adv.headers, kind);
  const site = await approvedWebsite(app);
  return { adv, id, site };
}

async function servedBanner(site: Awaited<ReturnType<typeof approvedWebsite>>, ip?: string) {
  const res = await serve(app, site.banner.unique, { query: '?size=300x250', ...(ip ? { ip } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  const ad = served(res) as { viewUrl?: string; clickUrl: string };
  expect(ad.viewUrl).toMatch(/^http:\/\/ads\.test\/view\//);
  return ad as { viewUrl: string; clickUrl: string };
}

describe('GET and POST /view/{token}', () => {
  it("counts an impression's measured and viewable reports once each, in both roles' reports", async () => {
    const { adv, id, site } = await world();
    const shown = await servedBanner(site);
    const measuredOnly = await servedBanner(site);
    const notReported = await servedBanner(site);
    expect(notReported.viewUrl).not.toBe(shown.viewUrl);

    const m = await report(shown.viewUrl, 'm', { method: 'GET' });
    expect(m.statusCode).toBe(204);
    expect(m.headers['access-control-allow-origin']).toBe('*');
    expect(m.headers['cache-control']).toBe('no-store');
    expect((await report(shown.viewUrl, 'v')).statusCode).toBe(204);
    expect((await report(measuredOnly.viewUrl, 'm')).statusCode).toBe(204);
    // Sent again (a reload of the beacon, a replay): answered, counted nothing.
    expect((await report(shown.viewUrl, 'v', { method: 'GET' })).statusCode).toBe(204);
    expect((await report(shown.viewUrl, 'm')).statusCode).toBe(204);
    await flush();

    const expected = { measuredImpressions: 2, viewableImpressions: 1, viewabilityRate: 50 };
    const own = await reportOf(adv.headers, `${id}/all`);
    expect(own.totals.impressions).toBe(3);
    expect(viewabilityOf(own.totals)).toEqual(expected);
    expect(own.rows.map(viewabilityOf)).toEqual([expected]);
    const pub = await reportOf(site.publisher.headers, `all/${site.siteId}`, 'country');
    expect(viewabilityOf(pub.totals)).toEqual(expected);
    const zone = await reportOf(site.publisher.headers, `all/zone/${site.banner.unique}`, 'browser');
    expect(viewabilityOf(zone.totals)).toEqual(expected);
    // The campaign's page: its viewability over its history.
    const page = await app.inject({ method: 'GET', url: `/api/campaigns/${id}/pace`, headers: adv.headers });
    expect(body<CampaignPaceAnswer>(page).response.viewability).toEqual(expected);
  });

  it('a report the stream carries twice, or another process took, counts once (the writer decides)', async () => {
    const { adv, id, site } = await world();
    const shown = await servedBanner(site);
    const token = new URL(shown.viewUrl).pathname.slice('/view/'.length);
    const check = verifyView(viewKeysOf(delivery(app).clickSecret), token);
    if (!check.ok) throw new Error('a token /serve issued does not verify');
    await flush();
    const viewable = viewEventOf(check.payload, EventKind.Viewable);
    const measured = viewEventOf(check.payload, EventKind.Measured);
    // Viewable first: it counts as measured too; the measured report behind it adds nothing.
    const first = await recordBatch(app.ctx, [viewable, viewable, measured]);
    expect({ measured: first.measured, viewable: first.viewable, recorded: first.recorded }).toEqual({
      measured: 1,
      viewable: 1,
      recorded: 0,
    });
    const again = await recordBatch(app.ctx, [measured, viewable]);
    expect({ measured: again.measured, viewable: again.viewable }).toEqual({ measured: 0, viewable: 0 });
    expect((await report(shown.viewUrl, 'v')).statusCode).toBe(204);
    await flush();
    const own = await reportOf(adv.headers, `${id}/all`);
    expect(viewabilityOf(own.totals)).toEqual({ measuredImpressions: 1, viewableImpressions: 1, viewabilityRate: 100 });
    // Never money: the impression's cost only.
    expect(own.totals.money).toBe(0);
    expect(own.totals.clicks).toBe(0);
  });

  it('a forged, tampered, foreign or expired report is refused and counts nothing', async () => {
    const { adv, id, site } = await world();
    const shown = await servedBanner(site);
    const token = new URL(shown.viewUrl).pathname.slice('/view/'.length);
    const [payload = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const other = Buffer.from(JSON.stringify({ ...claims, i: 'someone-else' })).toString('base64url');
    const refused = [
      `${other}.${mac}`, // another impression under this signature
      `${payload}.${mac.slice(0, -2)}AA`, // a signature we did not make
      new URL(shown.clickUrl).pathname.slice('/click/'.length), // a click link is not a view report
      'not-a-token',
    ];
    for (const t of refused) expect((await report(`http://ads.test/view/${t}`, 'v')).statusCode, t).toBe(400);
    expect((await report(shown.viewUrl, 'x')).statusCode).toBe(400);
    // Past the token's lifetime: 410.
    clock = Date.now() + VIEW_REPORT_TTL_HOURS * 3_600_000 + 60_000;
    expect((await report(shown.viewUrl, 'v')).statusCode).toBe(410);
    await flush();
    const own = await reportOf(adv.headers, `${id}/all`);
    expect(viewabilityOf(own.totals)).toEqual({
      measuredImpressions: 0,
      viewableImpressions: 0,
      viewabilityRate: null,
    });
  });

  it('invalid traffic: reports of a filtered impression, of automation or of a data centre count nothing', async () => {
    const { adv, id, site } = await world();
    // Served to a data centre: answered with an ad and a view URL like any other, filtered.
    const filtered = await servedBanner(site, '3.120.1.2');
    expect((await report(filtered.viewUrl, 'v')).statusCode).toBe(204);
    const shown = await servedBanner(site);
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36';
    expect((await report(shown.viewUrl, 'v', { ua: headless })).statusCode).toBe(204);
    expect((await report(shown.viewUrl, 'v', { ip: '3.120.1.2' })).statusCode).toBe(204);
    await flush();
    const own = await reportOf(adv.headers, `${id}/all`);
    expect(own.totals.impressions).toBe(1);
    expect(own.totals.filteredImpressions).toBe(1);
    expect(viewabilityOf(own.totals)).toEqual({
      measuredImpressions: 0,
      viewableImpressions: 0,
      viewabilityRate: null,
    });
    // The person's own report still counts once the automation's did not take it.
    expect((await report(shown.viewUrl, 'v')).statusCode).toBe(204);
    await flush();
    expect(viewabilityOf((await reportOf(adv.headers, `${id}/all`)).totals).viewableImpressions).toBe(1);
  });

  it('popunder answers carry no view URL; native ones do', async () => {
    const pop = await world('popunder');
    const popAnswer = await serve(app, pop.site.zone(0).unique, { query: '?format=popunder' });
    expect(popAnswer.statusCode).toBe(200);
    expect(served(popAnswer)).not.toHaveProperty('viewUrl');
    await pauseAllCampaigns(app);
    const native = await world('native');
    const nativeAnswer = await serve(app, native.site.zone(4).unique, { query: '?format=native' });
    expect(nativeAnswer.statusCode).toBe(200);
    expect((served(nativeAnswer) as { viewUrl?: string }).viewUrl).toMatch(/^http:\/\/ads\.test\/view\//);
  });

  it('a token signed for a filtered impression verifies as one that counts nothing', () => {
    const keys = viewKeysOf(delivery(app).clickSecret);
    const p = {
      i: 'x',
      c: 1,
      r: 1,
      z: 1,
      w: 1,
      a: 1,
      p: 1,
      co: 'DE',
      os: 'Windows',
      br: 'Chrome',
      d: 1 as const,
      t: 0,
    };
    const at = Date.now();
    expect(verifyView(keys, signView(keys, { ...p, t: at }, false), at)).toMatchObject({ ok: true, counts: false });
    expect(verifyView(keys, signView(keys, { ...p, t: at }, true), at)).toMatchObject({ ok: true, counts: true });
  });

  it('recorded reports are pruned an hour past their lifetime', async () => {
    await app.ctx.db.execute(sql`insert into impression_views (impression_id, viewable, recorded_at)
      values ('old-one', false, now() - interval '${sql.raw(String(VIEW_REPORT_TTL_HOURS + 2))} hours'),
             ('new-one', false, now())`);
    expect(await pruneImpressionViews(app.ctx)).toBe(1);
    const left = (await app.ctx.db.execute(
      sql`select impression_id from impression_views where impression_id in ('old-one', 'new-one')`,
    )) as unknown as { rows: { impression_id: string }[] };
    expect(left.rows.map((r) => r.impression_id)).toEqual(['new-one']);
  });
});

describe('GET /tag.js', () => {
  it('watches display ads with an IntersectionObserver and stays small', async () => {
    const res = await app.inject({ method: 'GET', url: '/tag.js' });
    expect(res.body).toContain('IntersectionObserver');
    expect(res.body).toContain('sendBeacon');
    expect(res.body).toContain('242500');
    expect(() => new Function(res.body)).not.toThrow();
    expect(gzipSync(res.body).length).toBeLessThan(4096);
  });
});

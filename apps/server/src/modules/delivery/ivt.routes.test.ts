import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FilterReason } from '@cryptads/contract/delivery';
import { adEvents, filteredHourly } from '../../db/schema/stats';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { signClick } from './click-token';
import { createInvalidTraffic } from './ivt';
import {
  approvedWebsite,
  BOT_UA,
  BROWSER_HEADERS,
  campaignOf,
  DESKTOP_UA,
  delivery,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  served,
  balanceOf as balanceOfUser,
} from './test-helpers';
import { EventKind } from './types';

/**
 * Invalid traffic is answered, recorded with its reason in filtered_hourly, and
 * never billed. Every pattern goes through /serve and /click; the filter's clock is pinned.
 * Default configuration (TRUST_PROXY=0, IVT limits of .env.example) except the zone floor.
 */
let app: TestApp;
let clock = Date.now();
beforeAll(async () => {
  app = await createTestApp({
    DATA_DIR: tempDataDir(),
    PUBLIC_URL: 'http://ads.test',
    DELIVERY_FLUSH_MS: '10000',
    IVT_ZONE_SPIKE_FLOOR: '50',
  });
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  await flush();
  await pauseAllCampaigns(app);
  // A fresh filter per test (as after a restart), on a clock the test moves.
  const ivt = createInvalidTraffic(app.ctx.config);
  clock = Date.now();
  ivt.now = () => clock;
  delivery(app).ivt = ivt;
});

const flush = () => delivery(app).recorder.flush();

const balanceOf = (userId: number) => balanceOfUser(app, userId);

async function billed(campaignId: number, kind: EventKind) {
  const [r] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int`, cost: sql<string>`coalesce(sum(${adEvents.costMicros}), 0)::text` })
    .from(adEvents)
    .where(and(eq(adEvents.campaignId, campaignId), eq(adEvents.kind, kind)));
  return { count: Number(r?.n ?? 0), cost: BigInt(r?.cost ?? '0') };
}

/** Filtered impressions and clicks of a campaign per reason. */
async function filtered(campaignId: number) {
  const rows = await app.ctx.db
    .select({
      reason: filteredHourly.reason,
      impressions: sql<number>`sum(${filteredHourly.impressions})::int`,
      clicks: sql<number>`sum(${filteredHourly.clicks})::int`,
    })
    .from(filteredHourly)
    .where(eq(filteredHourly.campaignId, campaignId))
    .groupBy(filteredHourly.reason);
  const out: Partial<Record<FilterReason, { impressions: number; clicks: number }>> = {};
  for (const r of rows)
    out[r.reason as FilterReason] = { impressions: Number(r.impressions), clicks: Number(r.clicks) };
  return out;
}

function click(clickUrl: string, opts: { ip?: string; ua?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'GET',
    url: new URL(clickUrl).pathname,
    headers: opts.headers ?? { ...BROWSER_HEADERS, 'user-agent': opts.ua ?? DESKTOP_UA },
    remoteAddress: opts.ip ?? '203.0.113.7',
  });
}

/** A funded CPM (€0.50 per 1,000) banner campaign on a fresh site, no capping. */
async function setup(euros = 100, fields: Record<string, unknown> = {}, columns = {}) {
  const adv = await fundedAdvertiser(app, euros);
  const id = await runningCampaign(app, adv.headers, 'display', fields, columns);
  const site = await approvedWebsite(app);
  return { adv, id, site, zone: site.banner.unique };
}

describe('invalid traffic through /serve', () => {
  it('one IP with one user agent: 3,000 requests, only the allowed rate (30 a minute) billed', async () => {
    const { adv, id, zone } = await setup();
    const before = await balanceOf(adv.user.id);
    let answered = 0;
    for (let i = 0; i < 3000; i++) if ((await serve(app, zone)).statusCode === 200) answered++;
    await flush();
    expect(answered).toBe(3000); // a bot learns nothing from the answers
    expect(await billed(id, EventKind.Impression)).toEqual({ count: 30, cost: 30n * 500n });
    expect(await filtered(id)).toEqual({ visitor_rate: { impressions: 2970, clicks: 0 } });
    expect(before - (await balanceOf(adv.user.id))).toBe(30n * 500n);
  });

  it('rotating the user agent does not defeat a 1-per-24-h capping; many agents on one IP are filtered', async () => {
    const { id, zone } = await setup(100, {}, { capping: 1, cappingTime: 86_400 });
    let served200 = 0;
    for (let v = 0; v < 200; v++) {
      const ua = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + v}.0.${v}.0 Safari/537.36`;
      if (campaignOf(await serve(app, zone, { ua, ip: '198.51.100.20' })) === id) served200++;
    }
    await flush();
    expect(served200).toBe(1);
    expect((await billed(id, EventKind.Impression)).count).toBe(1);

    // Agents of other browser families make new capping visitors, until the IP shows more than 30 agents in an hour.
    await pauseAllCampaigns(app);
    const other = await setup();
    const families = (n: number) =>
      `Mozilla/5.0 (X11; Linux x86_64; rv:${n}.0) Gecko/20100101 Firefox/${n}.0 Variant${n}`.replace(
        'Firefox',
        ['Firefox', 'SeaMonkey', 'Iceweasel', 'IceCat', 'Waterfox'][n % 5] ?? 'Firefox',
      );
    for (let n = 0; n < 200; n++) await serve(app, other.zone, { ua: families(n), ip: '198.51.100.21' });
    await flush();
    const f = await filtered(other.id);
    expect((await billed(other.id, EventKind.Impression)).count).toBe(30);
    expect(f.ip_rate?.impressions).toBe(170);
  });

  it('a client-sent cf-ipcountry is not trusted with TRUST_PROXY=0: a US-only campaign serves nobody', async () => {
    const { id, zone } = await setup(100, { countries: ['US'] });
    let servedUs = 0;
    for (let i = 0; i < 200; i++)
      if (campaignOf(await serve(app, zone, { country: 'US', ip: `192.0.2.${i % 250}` })) === id) servedUs++;
    await flush();
    expect(servedUs).toBe(0);
    expect((await billed(id, EventKind.Impression)).count).toBe(0);
  });

  it('crawlers, automated browsers, data-centre addresses and headers of no browser are answered, filtered, not billed', async () => {
    const { adv, id, zone } = await setup();
    const before = await balanceOf(adv.user.id);
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36';
    expect((await serve(app, zone, { ua: BOT_UA })).statusCode).toBe(200);
    expect((await serve(app, zone, { ua: headless })).statusCode).toBe(200);
    expect((await serve(app, zone, { ua: '' })).statusCode).toBe(200);
    expect((await serve(app, zone, { ua: 'curl/8.5.0' })).statusCode).toBe(200);
    expect((await serve(app, zone, { ip: '3.120.1.2' })).statusCode).toBe(200); // AWS
    expect((await serve(app, zone, { ip: '2a01:4f8:10:1::2' })).statusCode).toBe(200); // Hetzner
    const bare = await app.inject({
      method: 'GET',
      url: `/serve/${zone}`,
      headers: { 'user-agent': DESKTOP_UA, accept: '*/*' }, // no Accept-Language
      remoteAddress: '192.0.2.44',
    });
    expect(bare.statusCode).toBe(200);
    expect((await serve(app, zone, { ip: '192.0.2.45' })).statusCode).toBe(200); // a person
    await flush();
    expect(await filtered(id)).toEqual({
      crawler: { impressions: 4, clicks: 0 },
      data_centre: { impressions: 2, clicks: 0 },
      bad_headers: { impressions: 1, clicks: 0 },
    });
    expect(await billed(id, EventKind.Impression)).toEqual({ count: 1, cost: 500n });
    expect(before - (await balanceOf(adv.user.id))).toBe(500n);
  });

  it('a zone whose traffic breaks its own baseline: requests beyond the floor this minute are filtered', async () => {
    const { id, zone } = await setup();
    for (let i = 0; i < 80; i++) await serve(app, zone, { ip: `10.9.${Math.floor(i / 200)}.${i % 200}` });
    await flush();
    expect((await billed(id, EventKind.Impression)).count).toBe(50);
    expect(await filtered(id)).toEqual({ zone_anomaly: { impressions: 30, clicks: 0 } });
  });
});

describe('invalid clicks through /click', () => {
  async function cpc() {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'native', { price: 0.2, paymentMode: 1 });
    const site = await approvedWebsite(app);
    return { adv, id, zone: site.zone(4).unique };
  }
  const serveNative = (zone: string, ip = '203.0.113.7') => serve(app, zone, { query: '?format=native', ip });

  it('clicks faster than a person, repeated clicks and clicks without an impression are filtered; a later click is billed', async () => {
    const { adv, id, zone } = await cpc();
    const before = await balanceOf(adv.user.id);
    const fast = served(await serveNative(zone));
    expect((await click(fast.clickUrl)).statusCode).toBe(302); // 0 ms after the impression
    const slow = served(await serveNative(zone));
    clock += 3000;
    expect((await click(slow.clickUrl)).statusCode).toBe(302);
    expect((await click(slow.clickUrl)).statusCode).toBe(302); // again
    // A genuine token for an impression nobody served (a token factory, a stolen secret).
    const payload = JSON.parse(
      Buffer.from(new URL(slow.clickUrl).pathname.split('/click/')[1]?.split('.')[0] ?? '', 'base64url').toString(),
    );
    const forged = signClick(delivery(app).clickSecret, {
      ...payload,
      i: 'never-served',
      t: Math.floor(clock / 1000) - 5,
    });
    expect((await click(`http://ads.test/click/${forged}`)).statusCode).toBe(302);
    await flush();
    expect(await billed(id, EventKind.Click)).toEqual({ count: 1, cost: 200_000n });
    expect(await filtered(id)).toEqual({
      click_too_fast: { impressions: 0, clicks: 1 },
      repeated_click: { impressions: 0, clicks: 1 },
      click_without_impression: { impressions: 0, clicks: 1 },
    });
    expect(before - (await balanceOf(adv.user.id))).toBe(200_000n);
  });

  it('a click on an impression another process (or this one before a restart) served is checked in the database', async () => {
    const { id, zone } = await cpc();
    const ad = served(await serveNative(zone));
    await flush();
    const restarted = createInvalidTraffic(app.ctx.config);
    restarted.now = () => Date.now() + 5000;
    delivery(app).ivt = restarted;
    expect((await click(ad.clickUrl)).statusCode).toBe(302);
    await flush();
    expect((await billed(id, EventKind.Click)).count).toBe(1);
    expect(await filtered(id)).toEqual({});
  });

  it('one IP clicking every ad it receives: at most 20 clicks an hour billed, clicks on filtered impressions filtered', async () => {
    const { adv, id, zone } = await cpc();
    const before = await balanceOf(adv.user.id);
    const ads = [];
    for (let i = 0; i < 40; i++) ads.push(served(await serveNative(zone, '198.51.100.77')));
    clock += 5000;
    for (const ad of ads) expect((await click(ad.clickUrl, { ip: '198.51.100.77' })).statusCode).toBe(302);
    await flush();
    expect(await billed(id, EventKind.Click)).toEqual({ count: 20, cost: 20n * 200_000n });
    expect(await filtered(id)).toEqual({
      visitor_rate: { impressions: 10, clicks: 10 },
      ip_rate: { impressions: 0, clicks: 10 },
    });
    expect(before - (await balanceOf(adv.user.id))).toBe(20n * 200_000n);
  });

  it('crawler and data-centre clicks are redirected but not billed', async () => {
    const { id, zone } = await cpc();
    const a = served(await serveNative(zone));
    const b = served(await serveNative(zone));
    clock += 5000;
    expect((await click(a.clickUrl, { ua: BOT_UA })).statusCode).toBe(302);
    expect((await click(b.clickUrl, { ip: '35.190.1.1' })).statusCode).toBe(302); // Google Cloud
    await flush();
    expect((await billed(id, EventKind.Click)).count).toBe(0);
    expect(await filtered(id)).toEqual({
      crawler: { impressions: 0, clicks: 1 },
      data_centre: { impressions: 0, clicks: 1 },
    });
  });
});

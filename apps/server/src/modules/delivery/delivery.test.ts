import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignBlacklists, campaigns } from '../../db/schema/campaigns';
import { adEvents } from '../../db/schema/stats';
import { zones } from '../../db/schema/websites';
import { campaignCommands } from '../../operator/commands/campaigns';
import { userCommands } from '../../operator/commands/users';
import { drainEvents } from '../../testing/helpers';
import type { TestApp } from '../../testing/test-app';
import { createCampaign, uploadFile } from '../campaigns/test-helpers';
import { depositFor, ledgerSumOf } from '../ledger/test-helpers';
import { reviewZone } from '../websites/websites.service';
import { signClick } from './click-token';
import { recordBatch } from './writer/record-batch';
import {
  approvedWebsite,
  campaignOf,
  delivery,
  fundedAdvertiser,
  MOBILE_UA,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  served,
  balanceOf as balanceOfUser,
  statusOf as campaignStatusOf,
  deliveryTestApp,
} from './test-helpers';
import { type DeliveryEvent, EventKind } from './types';

let app: TestApp;
beforeAll(async () => {
  // Delivery mechanics behind a trusted proxy (the country header counts); the invalid-traffic
  // filter has its own suite (ivt.routes.test.ts) and is off here.
  app = await deliveryTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  await delivery(app).recorder.flush();
  await pauseAllCampaigns(app);
});

const flush = () => delivery(app).recorder.flush();

const balanceOf = (userId: number) => balanceOfUser(app, userId);
const ledgerSum = (userId: number) => ledgerSumOf(app.ctx.db, userId);
const statusOf = (id: number) => campaignStatusOf(app, id);

describe('GET /serve/{zone}', () => {
  it('serves a running banner campaign in a fitting zone and records the impression', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const res = await serve(app, site.banner.unique, { query: '?size=300x250' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-store');
    const ad = served(res);
    expect(ad.clickUrl).toMatch(/^http:\/\/ads\.test\/click\//);
    expect(ad.image).toMatch(/^http:\/\/ads\.test\/uploads\//);
    expect(ad.width).toBe(300);
    expect(ad.html).toContain(ad.clickUrl);
    expect(campaignOf(res)).toBe(id);
    await flush();
    const events = await app.ctx.db.select().from(adEvents).where(eq(adEvents.campaignId, id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 1,
      zoneId: site.banner.id,
      country: 'DE',
      os: 'Windows',
      browser: 'Chrome',
      device: 1,
    });
    expect(events[0]?.costMicros).toBe(500n); // €0.50 CPM
  });

  it('answers 204 for an unknown zone, an inactive zone, a size mismatch and a zone no creative fits', async () => {
    const adv = await fundedAdvertiser(app);
    await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    expect((await serve(app, 'ffffffffffffffff')).statusCode).toBe(204);
    expect((await serve(app, site.banner.unique, { query: '?size=728x90' })).statusCode).toBe(204);
    expect((await serve(app, site.zone(1, '728x90').unique)).statusCode).toBe(204);
    expect((await serve(app, site.zone(4).unique, { query: '?format=native' })).statusCode).toBe(204);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(200);
    await reviewZone(app.ctx.db, site.banner.unique, 'pause');
    await delivery(app).engine.refresh();
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
  });

  it('does not serve pending or paused campaigns', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    await app.ctx.db.update(campaigns).set({ status: 2 }).where(eq(campaigns.id, id));
    await delivery(app).engine.refresh();
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    await app.ctx.db.update(campaigns).set({ status: 0, approvedAt: null }).where(eq(campaigns.id, id));
    await delivery(app).engine.refresh();
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
  });

  it('targets countries (empty = all) and devices', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'display', { countries: ['DE', 'FR'], device: 1 });
    const site = await approvedWebsite(app);
    expect(campaignOf(await serve(app, site.banner.unique, { country: 'fr' }))).toBe(id);
    expect((await serve(app, site.banner.unique, { country: 'US' })).statusCode).toBe(204);
    expect((await serve(app, site.banner.unique, { country: 'DE', ua: MOBILE_UA })).statusCode).toBe(204);
    await app.ctx.db.update(campaigns).set({ countries: [], device: 2 }).where(eq(campaigns.id, id));
    await delivery(app).engine.refresh();
    expect(campaignOf(await serve(app, site.banner.unique, { country: 'US', ua: MOBILE_UA }))).toBe(id);
    expect((await serve(app, site.banner.unique, { country: 'US' })).statusCode).toBe(204);
  });

  it("respects the advertiser's global blacklist by zone id and by domain", async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const a = await approvedWebsite(app);
    const b = await approvedWebsite(app);
    await app.ctx.db
      .insert(campaignBlacklists)
      .values({ ownerId: adv.user.id, items: [a.banner.unique, `www.${b.domain}`] });
    await delivery(app).engine.refresh();
    expect((await serve(app, a.banner.unique)).statusCode).toBe(204);
    expect((await serve(app, b.banner.unique)).statusCode).toBe(204);
    const c = await approvedWebsite(app);
    expect(campaignOf(await serve(app, c.banner.unique))).toBe(id);
  });

  it('reads excludeList as a blacklist of zones when excludeFlag is set, as a whitelist otherwise', async () => {
    const adv = await fundedAdvertiser(app);
    const site = await approvedWebsite(app);
    const other = await approvedWebsite(app);
    const id = await runningCampaign(
      app,
      adv.headers,
      'display',
      {},
      { excludeFlag: true, excludeList: [site.banner.unique] },
    );
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    expect(campaignOf(await serve(app, other.banner.unique))).toBe(id);
    await app.ctx.db.update(campaigns).set({ excludeFlag: false }).where(eq(campaigns.id, id));
    await delivery(app).engine.refresh();
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    expect((await serve(app, other.banner.unique)).statusCode).toBe(204);
  });

  it('skips campaigns of a category the website excludes', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'display', { category: 1 });
    const excluding = await approvedWebsite(app, { categories: [1] });
    const welcoming = await approvedWebsite(app, { categories: [2] });
    expect((await serve(app, excluding.banner.unique)).statusCode).toBe(204);
    expect(campaignOf(await serve(app, welcoming.banner.unique))).toBe(id);
  });

  it('picks the highest expected value: CPM price, or CPC price × CTR', async () => {
    const adv = await fundedAdvertiser(app);
    const cheap = await runningCampaign(app, adv.headers, 'display', { price: 0.3 });
    const dear = await runningCampaign(app, adv.headers, 'display', { price: 0.9 });
    const site = await approvedWebsite(app);
    for (let i = 0; i < 5; i++) expect(campaignOf(await serve(app, site.banner.unique))).toBe(dear);
    await app.ctx.db.update(campaigns).set({ status: 2 }).where(eq(campaigns.id, dear));
    await delivery(app).engine.refresh();
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(cheap);
    // Native CPC €0.20 at the 0.3 % prior is worth €0.0006 per impression (CPM €0.60), less than CPM €0.70.
    const cpc = await runningCampaign(app, adv.headers, 'native', { price: 0.2, paymentMode: 1 });
    const cpm = await runningCampaign(app, adv.headers, 'native', { price: 0.7 });
    const native = site.zone(4).unique;
    expect(campaignOf(await serve(app, native, { query: '?format=native&variant=widget' }))).toBe(cpm);
    await app.ctx.db.update(campaigns).set({ status: 2 }).where(eq(campaigns.id, cpm));
    await delivery(app).engine.refresh();
    const res = await serve(app, native, { query: '?format=native' });
    expect(campaignOf(res)).toBe(cpc);
    expect(served(res).title).toBe('Trade smarter today');
  });

  it('serves popunder and native app zones', async () => {
    const adv = await fundedAdvertiser(app);
    const pop = await runningCampaign(app, adv.headers, 'popunder');
    const appCampaign = await runningCampaign(app, adv.headers, 'application');
    const site = await approvedWebsite(app);
    const p = await serve(app, site.zone(0).unique, { query: '?format=popunder' });
    expect(campaignOf(p)).toBe(pop);
    expect(served(p).interval).toBe(5);
    const n = await serve(app, site.zone(6).unique, { query: '?format=json' });
    expect(campaignOf(n)).toBe(appCampaign);
  });

  it('caps impressions per visitor over the capping time', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'display', { capping: 2, cappingTime: 3600 });
    const site = await approvedWebsite(app);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    expect(campaignOf(await serve(app, site.banner.unique, { ip: '198.51.100.9' }))).toBe(id);
  });

  it('stops at the daily budget, the total budget (Limit Reached) and the balance (Out of Funds)', async () => {
    const adv = await fundedAdvertiser(app);
    const site = await approvedWebsite(app);
    // €0.50 CPM = 500 micro-euros per impression.
    const daily = await runningCampaign(app, adv.headers, 'display', {}, { dailyBudgetMicros: 1500n });
    for (let i = 0; i < 3; i++) expect(campaignOf(await serve(app, site.banner.unique))).toBe(daily);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    await flush();
    await delivery(app).engine.refresh(); // seeded again from campaign_spend_daily
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    expect(await statusOf(daily)).toBe(1);
    await pauseAllCampaigns(app);

    const total = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: true, budgetMicros: 1000n });
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(total);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(total);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    await flush();
    expect(await statusOf(total)).toBe(5);

    const poor = await fundedAdvertiser(app, 0);
    await depositFor(app, poor.user.id, 1200n);
    const broke = await runningCampaign(app, poor.headers);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(broke);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(broke);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204); // 200 left < 500
    await flush();
    expect(await balanceOf(poor.user.id)).toBe(200n);
    expect(await ledgerSum(poor.user.id)).toBe(200n);
  });

  it('throttles a campaign to about a 24th of its daily budget per hour', async () => {
    const adv = await fundedAdvertiser(app);
    const site = await approvedWebsite(app);
    const id = await runningCampaign(
      app,
      adv.headers,
      'display',
      { throttleBudget: true },
      { dailyBudgetMicros: 24_000n },
    );
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204); // 1,000 spent this hour = 24,000 / 24
  });

  it('keeps premium campaigns on premium inventory (sticky) and regular ones off it', async () => {
    const adv = await fundedAdvertiser(app);
    const site = await approvedWebsite(app);
    const regular = await runningCampaign(app, adv.headers, 'display', { price: 0.5 });
    const banner = await uploadFile(app, adv.headers, 'banner', 728, 90);
    const premium = await runningCampaign(app, adv.headers, 'display', {
      trafficType: 1,
      price: 3,
      creatives: [{ resource: banner.resource, name: banner.name }],
    });
    const sticky = site.zone(3).unique;
    const res = await serve(app, sticky, { query: '?format=sticky' });
    expect(campaignOf(res)).toBe(premium);
    expect(served(res).width).toBe(728);
    // On phones the sticky bar needs a 320x50 or 320x100 banner: this campaign has none.
    expect((await serve(app, sticky, { query: '?format=sticky', ua: MOBILE_UA })).statusCode).toBe(204);
    // A regular zone of the premium banner's size gets the regular campaign only.
    expect((await serve(app, site.zone(1, '728x90').unique)).statusCode).toBe(204);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(regular);
  });
});

describe('the index learns of changes from domain events', () => {
  // No timer: only the events (and the explicit refreshes of the helpers) change the index.
  beforeAll(() => delivery(app).engine.stop());
  afterAll(() => delivery(app).engine.start());

  it('serves a campaign once the operator approves it, and nothing on a zone once it is paused', async () => {
    const adv = await fundedAdvertiser(app);
    const site = await approvedWebsite(app);
    const id = await createCampaign(app, adv.headers, 'display', { countries: [] });
    await drainEvents(app);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    await campaignCommands.approve?.run(app.ctx, [String(id)]);
    await drainEvents(app);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    await reviewZone(app.ctx.db, site.banner.unique, 'pause');
    await drainEvents(app);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
  });

  it("takes a disabled advertiser's campaigns out of delivery and brings them back when enabled", async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    await userCommands.disable?.run(app.ctx, [adv.email]);
    await drainEvents(app);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    await userCommands.enable?.run(app.ctx, [adv.email]);
    await drainEvents(app);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
  });

  it('stops a campaign that ran out of funds and serves it again as soon as a deposit arrives', async () => {
    const adv = await fundedAdvertiser(app, 0);
    const credit = (amountMicros: bigint) => depositFor(app, adv.user.id, amountMicros);
    await credit(500n);
    const id = await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
    await flush();
    await drainEvents(app);
    expect(await statusOf(id)).toBe(4);
    expect((await serve(app, site.banner.unique)).statusCode).toBe(204);
    await credit(10_000_000n);
    await drainEvents(app);
    expect(await statusOf(id)).toBe(1);
    expect(campaignOf(await serve(app, site.banner.unique))).toBe(id);
  });
});

describe('GET /click/{token}', () => {
  it('redirects with the tokens filled, records the click once, refuses tampered and expired links', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'display', {
      landingUrl: 'https://example.com/l?z={zone_id}&d={domain}&c={campaign_id}&s={banner_size}',
    });
    const site = await approvedWebsite(app);
    const ad = served(await serve(app, site.banner.unique));
    const path = new URL(ad.clickUrl).pathname;
    const first = await app.inject({ method: 'GET', url: path, headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' } });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(
      `https://example.com/l?z=${site.banner.unique}&d=${encodeURIComponent(site.domain)}&c=${id}&s=300x250`,
    );
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(302);
    await flush();
    const clicks = await app.ctx.db
      .select()
      .from(adEvents)
      .where(and(eq(adEvents.campaignId, id), eq(adEvents.kind, EventKind.Click)));
    expect(clicks).toHaveLength(1);

    const token = path.split('/click/')[1] ?? '';
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), c: id + 1 }),
    ).toString('base64url');
    const tampered = await app.inject({ method: 'GET', url: `/click/${forged}.${mac}` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.headers.location).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/click/garbage' })).statusCode).toBe(400);

    const old = signClick(delivery(app).clickSecret, {
      ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
      i: 'old-impression',
      t: Math.floor(Date.now() / 1000) - 25 * 3600,
    });
    const expired = await app.inject({ method: 'GET', url: `/click/${old}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers.location).toBeUndefined();
  });

  it('bills a CPC click once even when the token is replayed after a restart of the buffer', async () => {
    const adv = await fundedAdvertiser(app);
    const id = await runningCampaign(app, adv.headers, 'native', { price: 0.2, paymentMode: 1 });
    const site = await approvedWebsite(app);
    const ad = served(await serve(app, site.zone(4).unique, { query: '?format=native' }));
    await app.inject({ method: 'GET', url: new URL(ad.clickUrl).pathname, headers: { 'user-agent': MOBILE_UA } });
    await flush();
    const before = await balanceOf(adv.user.id);
    // The same click reaching the recorder again (another process, a replay) is not billed.
    const [click] = await app.ctx.db
      .select()
      .from(adEvents)
      .where(and(eq(adEvents.campaignId, id), eq(adEvents.kind, 2)));
    expect(click?.costMicros).toBe(200_000n);
    const again = await recordBatch(app.ctx, [{ ...(click as unknown as DeliveryEvent), kind: 2, device: 2 }]);
    expect(again.duplicateClicks).toBe(1);
    expect(await balanceOf(adv.user.id)).toBe(before);
  });
});

describe('GET /tag.js', () => {
  it('is a cacheable script any site may load', async () => {
    const res = await app.inject({ method: 'GET', url: '/tag.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('"http://ads.test"');
    expect(res.body).toContain('ins.cryptads-zone[data-zone]');
    expect(() => new Function(res.body)).not.toThrow();
  });
});

describe('zones listed for reference', () => {
  it('zone rows exist for every format', async () => {
    const site = await approvedWebsite(app);
    const formats = new Set(site.zones.map((z) => z.format));
    expect([...formats].sort()).toEqual([0, 1, 3, 4, 6]);
    const [z] = await app.ctx.db.select().from(zones).where(eq(zones.websiteId, site.siteId)).limit(1);
    expect(z?.status).toBe(1);
  });
});

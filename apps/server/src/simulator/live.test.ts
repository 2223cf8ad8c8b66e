import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { AdFormat } from '@cryptads/contract/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adClicks, conversions } from '../db/schema/conversions';
import { adEvents, filteredHourly, statsHourly } from '../db/schema/stats';
import { tempDataDir } from '../modules/campaigns/test-helpers';
import { approvedWebsite, delivery, fundedAdvertiser, runningCampaign } from '../modules/delivery/test-helpers';
import { EventKind } from '../modules/delivery/types';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createRng } from './random';
import { discoverZones, emptyStats, type LiveZone, runLive, serveQuery, visitZone } from './live';
import { startTrickle } from './trickle';
import { createVisitorGenerator } from './visitors';

/** Waits until `check` holds (or fails after `ms`). */
async function until(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function count(app: TestApp, kind: EventKind, zoneId: number) {
  const [row] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(adEvents)
    .where(sql`${adEvents.kind} = ${kind} and ${adEvents.zoneId} = ${zoneId}`);
  return row?.n ?? 0;
}

describe('live mode and trickle over HTTP', () => {
  let app: TestApp;
  let dir: string;
  let baseUrl: string;
  let site: Awaited<ReturnType<typeof approvedWebsite>>;
  let zone: LiveZone;
  beforeAll(async () => {
    dir = tempDataDir();
    // The simulator sends X-Forwarded-For and the geo header: a server behind a trusted proxy.
    app = await createTestApp({ DATA_DIR: dir, DELIVERY_FLUSH_MS: '100', TRUST_PROXY: '1', IVT_MIN_CLICK_MS: '200' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const adv = await fundedAdvertiser(app, 50);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {
      landingUrl: 'https://shop.example/welcome?click_id={click_id}',
    });
    const goal = await app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/goals`,
      headers: adv.headers,
      payload: { name: 'signup', defaultValue: 3 },
    });
    expect(goal.statusCode).toBe(200);
    site = await approvedWebsite(app);
    zone = { unique: site.banner.unique, format: AdFormat.Banner, size: '300x250' };
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks for each zone what its ad code asks for', () => {
    expect(serveQuery({ unique: 'x', format: AdFormat.Banner, size: '728x90' })).toBe('?format=banner&size=728x90');
    expect(serveQuery({ unique: 'x', format: AdFormat.Native, size: null })).toBe('?format=native&variant=widget');
    expect(serveQuery({ unique: 'x', format: AdFormat.NativeApp, size: null })).toBe('?format=json');
    expect(serveQuery({ unique: 'x', format: AdFormat.Popunder, size: null })).toBe('?format=popunder');
    expect(serveQuery({ unique: 'x', format: null, size: null })).toBe('');
  });

  it("finds the publisher's Active zones through the API", async () => {
    const zones = await discoverZones(baseUrl, { email: site.publisher.email, password: site.publisher.password });
    expect(zones.map((z) => z.unique).sort()).toEqual(site.zones.map((z) => z.unique).sort());
    expect(zones.find((z) => z.unique === site.banner.unique)).toMatchObject({
      format: AdFormat.Banner,
      size: '300x250',
    });
  });

  it('sends visitors to /serve and records the impressions it was served', async () => {
    const before = await count(app, EventKind.Impression, site.banner.id);
    const stats = await runLive({
      baseUrl,
      geoHeader: 'cf-ipcountry',
      zones: [zone],
      rate: 40,
      duration: 0.5,
      seed: 5,
    });
    expect(stats.visitors).toBe(20);
    expect(stats.requests).toBe(20);
    expect(stats.errors).toBe(0);
    expect(stats.served).toBe(20);
    await until(async () => (await count(app, EventKind.Impression, site.banner.id)) - before === stats.served);
    // The rollup carries the visitors' countries and browsers.
    const rows = await app.ctx.db.select().from(statsHourly).where(eq(statsHourly.zoneId, site.banner.id));
    expect(rows.reduce((a, r) => a + r.impressions, 0)).toBeGreaterThanOrEqual(stats.served);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThan(1);
  });

  it('follows the clickUrl without the redirect and the click is recorded once', async () => {
    const stats = emptyStats();
    const alwaysClicks = { ...createRng(1), chance: () => true };
    const visitor = createVisitorGenerator(1).next();
    await visitZone(zone, visitor, alwaysClicks, stats, {
      baseUrl,
      geoHeader: 'cf-ipcountry',
      clickDelayMs: [300, 300], // a person's pause before clicking (IVT_MIN_CLICK_MS is 200 here)
    });
    expect(stats).toMatchObject({ requests: 1, served: 1, clicks: 1, errors: 0 });
    await until(async () => (await count(app, EventKind.Click, site.banner.id)) >= 1);
    const [click] = await app.ctx.db.select().from(adEvents).where(sql`${adEvents.kind} = 2`);
    expect(click).toMatchObject({ country: visitor.country, os: visitor.os, browser: visitor.browser });
  });

  it('converts a clicking visitor on the landing page: the pixel reports its click id for a goal', async () => {
    const stats = emptyStats();
    const always = { ...createRng(3), chance: () => true };
    await visitZone(zone, createVisitorGenerator(3).next(), always, stats, {
      baseUrl,
      geoHeader: 'cf-ipcountry',
      clickDelayMs: [300, 300],
      // Longer than the recorder's flush (100 ms here): the click is recorded when the pixel comes.
      conversion: { share: 1, goals: ['signup'], delayMs: [400, 400] },
    });
    expect(stats).toMatchObject({ clicks: 1, conversions: 1, errors: 0 });
    const [row] = await app.ctx.db.select().from(conversions).where(eq(conversions.zoneId, site.banner.id));
    expect(row).toMatchObject({ valueMicros: 3_000_000n, source: 2, test: false });
    const [click] = await app.ctx.db
      .select()
      .from(adClicks)
      .where(eq(adClicks.clickId, row?.clickId ?? ''));
    expect(click?.filterReason).toBeNull();
  });

  it('--fraud mixes in hostile visitors: answered, recorded as filtered, never billed', async () => {
    // A site of its own: nothing of the other tests lands on its zone.
    const own = await approvedWebsite(app);
    const target = { unique: own.banner.unique, format: AdFormat.Banner, size: '300x250' };
    const stats = await runLive({
      baseUrl,
      geoHeader: 'cf-ipcountry',
      zones: [target],
      rate: 40,
      duration: 0.5,
      seed: 11,
      fraud: 1,
    });
    expect(stats.hostile).toBe(20);
    expect(stats.errors).toBe(0);
    const filteredOf = async () => {
      const [r] = await app.ctx.db
        .select({ n: sql<number>`coalesce(sum(${filteredHourly.impressions}), 0)::int` })
        .from(filteredHourly)
        .where(eq(filteredHourly.zoneId, own.banner.id));
      return Number(r?.n ?? 0);
    };
    await until(
      async () => (await count(app, EventKind.Impression, own.banner.id)) + (await filteredOf()) >= stats.served,
    );
    const billed = await count(app, EventKind.Impression, own.banner.id);
    expect(billed + (await filteredOf())).toBe(stats.served);
    // Data-centre, headless and hammering traffic is filtered from the first run (the hammer's
    // first 30 a minute and the instant clicker's impressions pass; its clicks do not).
    expect(await filteredOf()).toBeGreaterThan(0);
  });

  it('counts 204s and errors without throwing', async () => {
    const stats = emptyStats();
    const v = createVisitorGenerator(2).next();
    await visitZone({ unique: '0000000000000000', format: AdFormat.Banner, size: '300x250' }, v, createRng(2), stats, {
      baseUrl,
      geoHeader: 'cf-ipcountry',
    });
    await visitZone(zone, v, createRng(2), stats, { baseUrl: 'http://127.0.0.1:1', geoHeader: 'cf-ipcountry' });
    expect(stats).toMatchObject({ requests: 2, served: 0, noAd: 1, errors: 1 });
  });

  it('trickles visitors on a timer, survives a dead server, and stops cleanly', async () => {
    const logs: string[] = [];
    const log = { debug: (_o: object, msg: string) => logs.push(msg) };
    const trickle = startTrickle({
      baseUrl,
      geoHeader: 'cf-ipcountry',
      everyMs: 20,
      maxVisitorsPerTick: 3,
      seed: 8,
      loadZones: async () => [zone],
      log,
    });
    await until(() => trickle.stats.served >= 5);
    await trickle.stop();
    const after = trickle.stats.requests;
    await new Promise((r) => setTimeout(r, 100));
    expect(trickle.stats.requests).toBe(after);
    expect(logs).toContain('demo traffic trickle');
    await delivery(app).recorder.flush();

    const broken = startTrickle({
      baseUrl: 'http://127.0.0.1:1',
      geoHeader: 'cf-ipcountry',
      everyMs: 20,
      maxVisitorsPerTick: 2,
      seed: 9,
      loadZones: async () => [zone],
      log,
    });
    const failing = startTrickle({
      baseUrl,
      geoHeader: 'cf-ipcountry',
      everyMs: 20,
      loadZones: async () => {
        throw new Error('database gone');
      },
      log,
    });
    await until(() => broken.stats.errors >= 2 && logs.includes('demo traffic trickle failed'));
    await broken.stop();
    await failing.stop();
  });
});

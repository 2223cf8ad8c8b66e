import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adEvents, statsHourly } from '../../db/schema/stats';
import { loadConfig } from '../../config';
import type { TestApp } from '../../testing/test-app';
import { depositFor, ledgerSumOf } from '../ledger/test-helpers';
import { Recorder } from './recorder';
import { recordBatch } from './writer/record-batch';
import { pruneAdEvents } from './retention';
import {
  approvedWebsite,
  countRows,
  delivery,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  balanceOf as balanceOfUser,
  statusOf as campaignStatusOf,
  deliveryTestApp,
} from './test-helpers';
import { type DeliveryEvent, EventKind } from './types';

// The batch writer (recordBatch) and the recorder's buffer in front of it; serving and clicking
// are in delivery.test.ts.
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

const balanceOf = (userId: number) => balanceOfUser(app, userId);
const ledgerSum = (userId: number) => ledgerSumOf(app.ctx.db, userId);
const statusOf = (id: number) => campaignStatusOf(app, id);

describe('recordBatch', () => {
  const event = (over: Partial<DeliveryEvent>): DeliveryEvent => ({
    kind: EventKind.Impression,
    at: new Date(),
    impressionId: Math.random().toString(36).slice(2),
    campaignId: 900_000, // no such campaign: only the balance applies (writer/billing.ts billingRefusal)
    creativeId: 1,
    zoneId: 1,
    websiteId: 1,
    advertiserId: 0,
    publisherId: 0,
    country: 'DE',
    os: 'Windows',
    browser: 'Chrome',
    device: 1,
    costMicros: 200n,
    ...over,
  });

  it('moves money exactly: 1,000 impressions at €0.20 CPM cost 200,000 and earn 140,000 micro-euros', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const pub = (await approvedWebsite(app)).publisher;
    const campaignId = 900_001;
    const r = await recordBatch(
      app.ctx,
      Array.from({ length: 1000 }, () => event({ campaignId, advertiserId: adv.user.id, publisherId: pub.user.id })),
    );
    expect(r.costMicros).toBe(200_000n);
    expect(r.earningsMicros).toBe(140_000n);
    expect(await balanceOf(adv.user.id)).toBe(10_000_000n - 200_000n);
    expect(await ledgerSum(adv.user.id)).toBe(await balanceOf(adv.user.id));
    expect(await balanceOf(pub.user.id)).toBe(140_000n);
    expect(await ledgerSum(pub.user.id)).toBe(140_000n);
    const [s] = await app.ctx.db
      .select({
        i: sql<string>`sum(${statsHourly.impressions})::text`,
        c: sql<string>`sum(${statsHourly.costMicros})::text`,
        e: sql<string>`sum(${statsHourly.earningsMicros})::text`,
      })
      .from(statsHourly)
      .where(eq(statsHourly.campaignId, campaignId));
    expect(s).toEqual({ i: '1000', c: '200000', e: '140000' });
  });

  it('earnings are floored per event: 3 clicks of 1 micro-euro earn 0, never a rounded-up sum', async () => {
    const adv = await fundedAdvertiser(app, 1);
    const pub = (await approvedWebsite(app)).publisher;
    const r = await recordBatch(
      app.ctx,
      [1, 2, 3].map(() => event({ advertiserId: adv.user.id, publisherId: pub.user.id, costMicros: 1n })),
    );
    expect(r.costMicros).toBe(3n);
    expect(r.earningsMicros).toBe(0n);
    expect(await ledgerSum(pub.user.id)).toBe(0n);
  });

  it('never spends below zero: what the balance no longer covers is filtered, the campaigns turn Out of Funds', async () => {
    const adv = await fundedAdvertiser(app, 0);
    await depositFor(app, adv.user.id, 500n);
    const id = await runningCampaign(app, adv.headers);
    const pub = (await approvedWebsite(app)).publisher;
    const r = await recordBatch(
      app.ctx,
      Array.from({ length: 4 }, () => event({ campaignId: id, advertiserId: adv.user.id, publisherId: pub.user.id })),
    );
    // 2 × 200 fit in 500; the third would need 200 of the 100 left: filtered, not billed at 100 or 0.
    expect(r.costMicros).toBe(400n);
    expect(r.recorded).toBe(2);
    expect(r.filtered).toBe(2);
    expect(r.outOfFunds).toEqual([id]);
    expect(await balanceOf(adv.user.id)).toBe(100n);
    expect(await ledgerSum(adv.user.id)).toBe(100n);
    expect(await statusOf(id)).toBe(4);
  });

  it('stores texts exactly, quotes and backslashes included', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const pub = (await approvedWebsite(app)).publisher;
    const odd = 'Weird "OS" \\ {x,y}';
    await recordBatch(app.ctx, [
      event({ campaignId: 900_006, advertiserId: adv.user.id, publisherId: pub.user.id, os: odd }),
    ]);
    const [raw] = await app.ctx.db.select().from(adEvents).where(eq(adEvents.campaignId, 900_006));
    const [hourly] = await app.ctx.db.select().from(statsHourly).where(eq(statsHourly.campaignId, 900_006));
    expect(raw?.os).toBe(odd);
    expect(hourly?.os).toBe(odd);
  });

  it('writes one batch in one transaction: a failing batch leaves nothing', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const before = {
      events: await countRows(app, 'ad_events'),
      hourly: await countRows(app, 'stats_hourly'),
      balance: await balanceOf(adv.user.id),
    };
    // The publisher does not exist: its credit fails after everything else was written.
    await expect(
      recordBatch(app.ctx, [event({ campaignId: 900_002, advertiserId: adv.user.id, publisherId: 2_000_000_000 })]),
    ).rejects.toThrow();
    expect(await countRows(app, 'ad_events')).toBe(before.events);
    expect(await countRows(app, 'stats_hourly')).toBe(before.hourly);
    expect(await balanceOf(adv.user.id)).toBe(before.balance);
  });

  it('keeps a failed batch in the recorder buffer and writes it on the next flush', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const pub = (await approvedWebsite(app)).publisher;
    const rec = delivery(app).recorder;
    await app.ctx.db.execute(sql`alter table ad_events add constraint test_block check (country <> 'ZZ')`);
    rec.push(event({ campaignId: 900_003, advertiserId: adv.user.id, publisherId: pub.user.id, country: 'ZZ' }));
    await expect(rec.flush()).rejects.toThrow();
    expect(rec.size).toBe(1);
    await app.ctx.db.execute(sql`alter table ad_events drop constraint test_block`);
    await rec.flush();
    expect(rec.size).toBe(0);
    const rows = await app.ctx.db.select().from(adEvents).where(eq(adEvents.campaignId, 900_003));
    expect(rows).toHaveLength(1);
  });

  it('history mode skips raw events older than the retention; the retention job deletes old ones', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const pub = (await approvedWebsite(app)).publisher;
    const old = new Date(Date.now() - 40 * 86_400_000);
    await recordBatch(
      app.ctx,
      [event({ campaignId: 900_004, at: old, advertiserId: adv.user.id, publisherId: pub.user.id })],
      {
        raw: false,
      },
    );
    expect(await app.ctx.db.select().from(adEvents).where(eq(adEvents.campaignId, 900_004))).toHaveLength(0);
    expect(await app.ctx.db.select().from(statsHourly).where(eq(statsHourly.campaignId, 900_004))).toHaveLength(1);
    await recordBatch(app.ctx, [
      event({ campaignId: 900_005, at: old, advertiserId: adv.user.id, publisherId: pub.user.id }),
    ]);
    expect(await pruneAdEvents(app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await app.ctx.db.select().from(adEvents).where(eq(adEvents.campaignId, 900_005))).toHaveLength(0);
  });
});

describe('Recorder', () => {
  it('keeps every event while the database refuses batches, and says when delivery must pause', async () => {
    const config = loadConfig({ DELIVERY_BATCH_MAX: '2', DELIVERY_FLUSH_MS: '10000' });
    const refusing = {
      transaction: async () => {
        throw new Error('database unavailable');
      },
    } as unknown as TestApp['ctx']['db'];
    const recorder = new Recorder({ db: refusing, config });
    const event = (n: number): DeliveryEvent => ({
      kind: EventKind.Impression,
      at: new Date(),
      impressionId: `imp-${n}`,
      campaignId: 1,
      creativeId: 1,
      zoneId: 1,
      websiteId: 1,
      advertiserId: 1,
      publisherId: 2,
      country: 'DE',
      os: 'Windows',
      browser: 'Chrome',
      device: 1,
      costMicros: 200n,
    });
    for (let n = 0; n < 19; n++) recorder.push(event(n));
    await expect(recorder.flush()).rejects.toThrow('database unavailable');
    expect(recorder.size).toBe(19);
    expect(recorder.saturated).toBe(false);
    recorder.push(event(19));
    expect(recorder.saturated).toBe(true);
  });
});

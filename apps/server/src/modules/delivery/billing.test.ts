import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { DAY_MS } from '@cryptads/contract/dates';
import { FilterReason } from '@cryptads/contract/delivery';
import { eurosToMicros } from '@cryptads/contract/money';
import { campaigns } from '../../db/schema/campaigns';
import { adEvents } from '../../db/schema/stats';
import { drainEvents } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { depositFor, ledgerSumOf } from '../ledger/test-helpers';
import { recordBatch } from './writer/record-batch';
import { SpendCounters } from './spend';
import {
  approvedWebsite,
  delivery,
  fundedAdvertiser,
  MOBILE_UA,
  pauseAllCampaigns,
  runningCampaign,
  serve,
  served,
  balanceOf as balanceOfUser,
  statusOf as campaignStatusOf,
} from './test-helpers';
import { type DeliveryEvent, EventKind } from './types';

/**
 * Budgets, campaign states and the balance hold when an event is billed
 * (docs/decisions/020-budgets-at-click-time.md). Money to the micro-euro.
 */

let app: TestApp;
beforeAll(async () => {
  // The billing rules alone: the invalid-traffic filter (its own suite) is off, so that the
  // test's quick clicks from one address are judged by budgets, states and balance only.
  app = await createTestApp({
    DATA_DIR: tempDataDir(),
    PUBLIC_URL: 'http://ads.test',
    DELIVERY_FLUSH_MS: '10000',
    IVT_ENABLED: '0',
  });
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
const statusOf = (id: number) => campaignStatusOf(app, id);
async function billed(campaignId: number, kind: EventKind = EventKind.Click) {
  const [r] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int`, cost: sql<string>`coalesce(sum(${adEvents.costMicros}), 0)::text` })
    .from(adEvents)
    .where(and(eq(adEvents.campaignId, campaignId), eq(adEvents.kind, kind)));
  return { n: Number(r?.n ?? 0), cost: BigInt(r?.cost ?? '0') };
}

let seq = 0;
/** `n` clicks (each on its own impression) of a campaign, costing `costMicros` each. */
function clicks(
  n: number,
  c: { campaignId: number; advertiserId: number; publisherId: number },
  costMicros: bigint,
  at = new Date(),
): DeliveryEvent[] {
  return Array.from({ length: n }, () => ({
    kind: EventKind.Click,
    at,
    impressionId: `billing-${process.pid}-${seq++}`,
    campaignId: c.campaignId,
    creativeId: 0,
    zoneId: 1,
    websiteId: 1,
    advertiserId: c.advertiserId,
    publisherId: c.publisherId,
    country: 'DE',
    os: 'Windows',
    browser: 'Chrome',
    device: 1,
    costMicros,
  }));
}

/** A CPC native campaign at €0.20 a click with the given budgets (stored columns). */
async function cpcCampaign(euros: number, columns: Partial<typeof campaigns.$inferInsert>) {
  const adv = await fundedAdvertiser(app, euros);
  const campaignId = await runningCampaign(app, adv.headers, 'native', { price: 0.2, paymentMode: 1 }, columns);
  const site = await approvedWebsite(app);
  return { adv, site, campaignId, advertiserId: adv.user.id, publisherId: site.publisher.user.id };
}

describe('budgets at click time (recordBatch)', () => {
  it('a CPC campaign with a €50 daily and €60 total budget is billed €60, not €200', async () => {
    const c = await cpcCampaign(300, {
      dailyBudgetMicros: eurosToMicros(50),
      budgetFlag: true,
      budgetMicros: eurosToMicros(60),
    });
    const click = 200_000n; // €0.20
    // Yesterday: 500 clicks (€100) against a €50 daily budget.
    const first = await recordBatch(app.ctx, clicks(500, c, click, new Date(Date.now() - DAY_MS)));
    expect(first.costMicros).toBe(eurosToMicros(50));
    expect(first.recorded).toBe(250);
    expect(first.filteredBy).toEqual({ [FilterReason.DailyBudget]: 250 });
    // Today: another €100 asked for; only €10 of the total budget is left.
    const second = await recordBatch(app.ctx, clicks(500, c, click));
    expect(second.costMicros).toBe(eurosToMicros(10));
    expect(second.recorded).toBe(50);
    expect(second.filteredBy).toEqual({ [FilterReason.TotalBudget]: 450 });
    expect(await billed(c.campaignId)).toEqual({ n: 300, cost: eurosToMicros(60) });
    expect(await balanceOf(c.advertiserId)).toBe(eurosToMicros(240));
    expect(await ledgerSumOf(app.ctx.db, c.advertiserId)).toBe(eurosToMicros(240));
    expect(await statusOf(c.campaignId)).toBe(CampaignStatus.LimitReached);
  });

  it('a total budget the next click no longer fits in turns the campaign Limit Reached', async () => {
    const c = await cpcCampaign(100, { budgetFlag: true, budgetMicros: 500_000n });
    const r = await recordBatch(app.ctx, clicks(3, c, 200_000n));
    expect(r.costMicros).toBe(400_000n);
    expect(r.filteredBy).toEqual({ [FilterReason.TotalBudget]: 1 });
    expect(await statusOf(c.campaignId)).toBe(CampaignStatus.LimitReached);
  });

  it('bills no click of a paused, archived or pending campaign, and never records one at cost 0', async () => {
    for (const status of [CampaignStatus.Paused, CampaignStatus.Archived, CampaignStatus.Pending]) {
      const c = await cpcCampaign(100, {});
      await app.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, c.campaignId));
      const r = await recordBatch(app.ctx, clicks(4, c, 200_000n));
      expect(r.costMicros).toBe(0n);
      expect(r.filteredBy).toEqual({ [FilterReason.CampaignInactive]: 4 });
      expect(await billed(c.campaignId)).toEqual({ n: 0, cost: 0n });
      expect(await balanceOf(c.advertiserId)).toBe(eurosToMicros(100));
    }
  });

  it('impressions beyond the balance are filtered (Insufficient funds), never billed at 0 EUR', async () => {
    const adv = await fundedAdvertiser(app, 0);
    await depositFor(app, adv.user.id, 1_100n);
    const campaignId = await runningCampaign(app, adv.headers); // €0.50 CPM: 500 per impression
    const site = await approvedWebsite(app);
    const c = { campaignId, advertiserId: adv.user.id, publisherId: site.publisher.user.id };
    // The deposit's after-commit handler (campaigns of a funded account deliver again) has run:
    // run late, it would set the campaign back to Delivering after the batch.
    await drainEvents(app);
    const r = await recordBatch(
      app.ctx,
      clicks(4, c, 500n).map((e) => ({ ...e, kind: EventKind.Impression })),
    );
    expect(r.costMicros).toBe(1_000n);
    expect(r.recorded).toBe(2);
    expect(r.filteredBy).toEqual({ [FilterReason.InsufficientFunds]: 2 });
    const zero = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adEvents)
      .where(and(eq(adEvents.campaignId, campaignId), eq(adEvents.costMicros, 0n)));
    expect(Number(zero[0]?.n)).toBe(0);
    expect(await billed(campaignId, EventKind.Impression)).toEqual({ n: 2, cost: 1_000n });
    expect(await balanceOf(adv.user.id)).toBe(100n);
    expect(await ledgerSumOf(app.ctx.db, adv.user.id)).toBe(100n);
    // The balance no longer covers an impression: the campaign says so.
    expect(await statusOf(campaignId)).toBe(CampaignStatus.OutOfFunds);
  });

  it('a CPC impression costs nothing and is billed whatever the budgets; only its click costs', async () => {
    const c = await cpcCampaign(1, { dailyBudgetMicros: 200_000n });
    const imp = clicks(1, c, 0n).map((e) => ({ ...e, kind: EventKind.Impression }));
    const r = await recordBatch(app.ctx, [...clicks(1, c, 200_000n), ...imp, ...clicks(1, c, 200_000n)]);
    expect(r.recorded).toBe(2);
    expect(r.costMicros).toBe(200_000n);
    expect(r.filteredBy).toEqual({ [FilterReason.DailyBudget]: 1 });
  });

  itOnPostgres('a €20 total budget holds against 8 batches recorded in parallel', async () => {
    const c = await cpcCampaign(100, { budgetFlag: true, budgetMicros: eurosToMicros(20) });
    // 8 batches × 30 clicks × €0.20 = €48 asked for at once.
    const results = await Promise.all(Array.from({ length: 8 }, () => recordBatch(app.ctx, clicks(30, c, 200_000n))));
    const cost = results.reduce((s, r) => s + r.costMicros, 0n);
    const filtered = results.reduce((s, r) => s + (r.filteredBy[FilterReason.TotalBudget] ?? 0), 0);
    expect(cost).toBe(eurosToMicros(20));
    expect(filtered).toBe(240 - 100);
    expect(await billed(c.campaignId)).toEqual({ n: 100, cost: eurosToMicros(20) });
    expect(await balanceOf(c.advertiserId)).toBe(eurosToMicros(80));
    expect(await ledgerSumOf(app.ctx.db, c.advertiserId)).toBe(eurosToMicros(80));
  });

  itOnPostgres('a €50 daily budget holds against 8 batches recorded in parallel, balance too', async () => {
    const c = await cpcCampaign(30, { dailyBudgetMicros: eurosToMicros(50) });
    // €48 asked for by 8 parallel batches; the balance (€30) stops it first.
    const results = await Promise.all(Array.from({ length: 8 }, () => recordBatch(app.ctx, clicks(30, c, 200_000n))));
    expect(results.reduce((s, r) => s + r.costMicros, 0n)).toBe(eurosToMicros(30));
    expect(results.reduce((s, r) => s + (r.filteredBy[FilterReason.InsufficientFunds] ?? 0), 0)).toBe(90);
    expect(await balanceOf(c.advertiserId)).toBe(0n);
    expect(await ledgerSumOf(app.ctx.db, c.advertiserId)).toBe(0n);
  });
});

describe('GET /click at click time', () => {
  /** Serves `n` impressions of a CPC native campaign and answers their click paths. */
  async function servedClicks(zone: string, n: number) {
    const paths: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await serve(app, zone, { query: '?format=native' });
      expect(res.statusCode).toBe(200);
      paths.push(new URL(served(res).clickUrl).pathname);
    }
    return paths;
  }
  const click = (path: string) => app.inject({ method: 'GET', url: path, headers: { 'user-agent': MOBILE_UA } });

  it('bills clicks up to the daily budget and filters the rest (daily budget)', async () => {
    const c = await cpcCampaign(100, { dailyBudgetMicros: 500_000n }); // 2 clicks at €0.20
    const paths = await servedClicks(c.site.zone(4).unique, 5);
    for (const p of paths) expect((await click(p)).statusCode).toBe(302);
    await flush();
    expect(await billed(c.campaignId)).toEqual({ n: 2, cost: 400_000n });
    expect(await balanceOf(c.advertiserId)).toBe(eurosToMicros(100) - 400_000n);
  });

  it('does not bill clicks on a campaign paused or archived after the impression', async () => {
    for (const status of [CampaignStatus.Paused, CampaignStatus.Archived]) {
      await pauseAllCampaigns(app);
      const c = await cpcCampaign(100, {});
      const paths = await servedClicks(c.site.zone(4).unique, 2);
      // The first click with the engine not told yet (the database decides), the second after.
      await app.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, c.campaignId));
      expect((await click(paths[0] ?? '')).statusCode).toBe(302);
      await delivery(app).engine.refresh();
      expect((await click(paths[1] ?? '')).statusCode).toBe(302);
      await flush();
      expect(await billed(c.campaignId)).toEqual({ n: 0, cost: 0n });
      expect(await balanceOf(c.advertiserId)).toBe(eurosToMicros(100));
    }
  });
});

describe('SpendCounters', () => {
  it('ignore filtered events: they cost nothing and are not spend', () => {
    const counters = new SpendCounters();
    const now = Date.now();
    counters.setBalance(7, 1_000n);
    const e = clicks(1, { campaignId: 3, advertiserId: 7, publisherId: 8 }, 400n)[0] as DeliveryEvent;
    const filtered = { ...e, filterReason: FilterReason.IpRate };
    counters.onPushed(filtered, now);
    expect(counters.available(7)).toBe(1_000n);
    expect(counters.of(3, now)).toMatchObject({ today: 0n, total: 0n, clicks: 0 });
    counters.onPushed(e, now);
    expect(counters.available(7)).toBe(600n);
    counters.onCommitted([filtered, e], new Map([[7, 600n]]));
    expect(counters.available(7)).toBe(600n);
  });
});

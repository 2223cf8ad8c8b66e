import { rmSync } from 'node:fs';
import { and, eq, lt, sql } from 'drizzle-orm';
import { eurosToMicros } from '@cryptads/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../db/schema/campaigns';
import { adEvents, statsHourly } from '../db/schema/stats';
import { users } from '../db/schema/users';
import { seedDemoCampaigns } from '../modules/campaigns/demo-campaigns';
import { tempDataDir } from '../modules/campaigns/test-helpers';
import { EventKind } from '../modules/delivery/types';
import { available, statementOf, type TransferKind } from '../modules/ledger/ledger.service';
import { depositFor, ledgerSumOf } from '../modules/ledger/test-helpers';
import { seedDemoWebsites } from '../modules/websites/demo-websites';
import { loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { planHistory, runHistory } from './history';
import { loadSimWorld } from './world';

const DAY = 86_400_000;
/** Yesterday 23:30 UTC: a period entirely in the past, whatever the time the test runs. */
const yesterdayLate = () => new Date(Math.floor(Date.now() / DAY) * DAY - 30 * 60_000);

async function deposit(app: TestApp, userId: number, euros: number) {
  await depositFor(app, userId, eurosToMicros(euros));
}

/** Ad spend leaves an advertiser as `spend` (network revenue) and `earning` (publishers) transfers. */
const AD_SPEND: TransferKind[] = ['spend', 'earning'];
const ledgerSum = (app: TestApp, userId: number, kinds: TransferKind[]) => ledgerSumOf(app.ctx.db, userId, kinds);

async function balanceOf(app: TestApp, userId: number) {
  const [row] = await app.ctx.db.select({ b: users.balanceMicros }).from(users).where(eq(users.id, userId));
  return row?.b ?? 0n;
}

describe('history mode', () => {
  let app: TestApp;
  let dir: string;
  let publisher: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir, EVENT_RETENTION_DAYS: '30' });
    publisher = await loginAs(app, 'publisher');
    await seedDemoWebsites(app.ctx.db, publisher.email);
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the requested days through the recorder; cost equals the debits, earnings the credits', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    await seedDemoCampaigns(app.ctx, advertiser.email);
    await deposit(app, advertiser.user.id, 100);
    const now = yesterdayLate();
    const summary = await runHistory(app.ctx, {
      days: 7,
      now,
      seed: 11,
      perDay: 600,
      rawDays: 2,
      filter: { advertiserIds: [advertiser.user.id], publisherIds: [publisher.user.id] },
      fund: { description: 'Simulated history', idempotencyKey: (id) => `test-history:${id}` },
    });
    expect(summary.days).toBe(7);
    expect(summary.impressions).toBeGreaterThan(7 * 200);
    expect(summary.clicks).toBeGreaterThan(0);

    const rows = await app.ctx.db.select().from(statsHourly).where(eq(statsHourly.advertiserId, advertiser.user.id));
    // Every one of the 7 UTC days ending at `now` has traffic, nothing outside them.
    const days = new Set(rows.map((r) => r.hour.toISOString().slice(0, 10)));
    const expected = Array.from({ length: 7 }, (_, i) =>
      new Date(now.getTime() - (6 - i) * DAY).toISOString().slice(0, 10),
    );
    expect([...days].sort()).toEqual(expected);
    expect(rows.every((r) => r.hour.getTime() <= now.getTime() && r.publisherId === publisher.user.id)).toBe(true);

    const cost = rows.reduce((a, r) => a + r.costMicros, 0n);
    const earnings = rows.reduce((a, r) => a + r.earningsMicros, 0n);
    expect(rows.reduce((a, r) => a + r.impressions, 0)).toBe(summary.impressions);
    // Most display impressions were measured and most of those viewable: the reports show a rate.
    const measured = rows.reduce((a, r) => a + r.measuredImpressions, 0);
    const viewable = rows.reduce((a, r) => a + r.viewableImpressions, 0);
    expect(measured).toBeGreaterThan(summary.impressions / 2);
    expect(measured).toBeLessThan(summary.impressions);
    expect(viewable / measured).toBeGreaterThan(0.4);
    expect(viewable / measured).toBeLessThan(0.95);
    expect(rows.reduce((a, r) => a + r.clicks, 0)).toBe(summary.clicks);
    expect(cost).toBe(summary.costMicros);
    expect(cost).toBeGreaterThan(0n);
    expect(await ledgerSum(app, advertiser.user.id, AD_SPEND)).toBe(-cost);
    expect(await ledgerSum(app, publisher.user.id, ['earning'])).toBe(earnings);
    // 70 % revenue share, floored per event.
    expect(earnings).toBeLessThanOrEqual((cost * 7n) / 10n);
    expect(earnings).toBeGreaterThan((cost * 69n) / 100n);
    // Funded exactly: the balance after the history is the balance before it.
    expect(await balanceOf(app, advertiser.user.id)).toBe(eurosToMicros(100));

    // Only Delivering campaigns of this advertiser, and several of them (display, native, popunder...).
    const running = await app.ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.ownerId, advertiser.user.id), eq(campaigns.status, 1)));
    const runningIds = new Set(running.map((c) => c.id));
    const served = new Set(rows.map((r) => r.campaignId));
    expect([...served].every((id) => runningIds.has(id))).toBe(true);
    expect(served.size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThan(5);

    // Raw events for the last 2 days only.
    const raw = await app.ctx.db
      .select({ at: adEvents.at })
      .from(adEvents)
      .where(eq(adEvents.advertiserId, advertiser.user.id));
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.every((e) => e.at.getTime() >= now.getTime() - 2 * DAY)).toBe(true);
    const [older] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adEvents)
      .where(and(eq(adEvents.advertiserId, advertiser.user.id), lt(adEvents.at, new Date(now.getTime() - 2 * DAY))));
    expect(older?.n).toBe(0);
  });

  it('plans the same traffic for the same world, seed and time, in order, clicks after their impressions', async () => {
    const world = await loadSimWorld(app.ctx.db, { publisherIds: [publisher.user.id] });
    const now = yesterdayLate();
    const a = [...planHistory(world, { days: 3, now, seed: 3, perDay: 300 })];
    const b = [...planHistory(world, { days: 3, now, seed: 3, perDay: 300 })];
    expect(a).toEqual(b);
    const c = [...planHistory(world, { days: 3, now, seed: 4, perDay: 300 })];
    expect(c).not.toEqual(a);
    const events = a.flatMap((d) => d.events);
    const impressions = new Map(events.filter((e) => e.kind === EventKind.Impression).map((e) => [e.impressionId, e]));
    expect(impressions.size).toBe(events.filter((e) => e.kind === EventKind.Impression).length);
    for (const e of events) {
      if (e.kind !== EventKind.Click) continue;
      const imp = impressions.get(e.impressionId);
      expect(imp).toBeDefined();
      expect(e.at.getTime()).toBeGreaterThanOrEqual(imp?.at.getTime() ?? Infinity);
      expect(e.campaignId).toBe(imp?.campaignId);
    }
    for (const d of a)
      for (let i = 1; i < d.events.length; i++)
        expect(d.events[i]?.at.getTime()).toBeGreaterThanOrEqual(d.events[i - 1]?.at.getTime() ?? 0);
  });

  it('without funding, spends only what the advertiser has and stops there', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    await seedDemoCampaigns(app.ctx, advertiser.email);
    await deposit(app, advertiser.user.id, 0.2);
    const since = new Date();
    const summary = await runHistory(app.ctx, {
      days: 5,
      now: yesterdayLate(),
      seed: 9,
      perDay: 800,
      filter: { advertiserIds: [advertiser.user.id], publisherIds: [publisher.user.id] },
    });
    expect(summary.costMicros).toBeLessThanOrEqual(eurosToMicros(0.2));
    expect(summary.costMicros).toBeGreaterThan(eurosToMicros(0.15));
    const balance = await balanceOf(app, advertiser.user.id);
    expect(balance).toBe(eurosToMicros(0.2) - summary.costMicros);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(await ledgerSum(app, advertiser.user.id, AD_SPEND)).toBe(-summary.costMicros);
    const [row] = await app.ctx.db
      .select({ cost: sql<string>`coalesce(sum(${statsHourly.costMicros}), 0)::text` })
      .from(statsHourly)
      .where(eq(statsHourly.advertiserId, advertiser.user.id));
    expect(BigInt(row?.cost ?? '0')).toBe(summary.costMicros);
    // No funding deposit was made.
    const stray = (await statementOf(app.ctx.db, available(advertiser.user.id), { kinds: ['deposit'] })).filter(
      (l) => l.createdAt >= since,
    );
    expect(stray).toHaveLength(0);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@cryptads/contract/dates';
import { FORECAST_MESSAGES } from '@cryptads/contract/forecasts';
import { eurosToMicros } from '@cryptads/contract/money';
import { domainEvents } from '../db/schema/events';
import { notifications } from '../db/schema/notifications';
import { statsHourly } from '../db/schema/stats';
import { publisherZones, runningCampaign } from '../modules/forecasts/test-helpers';
import { depositFor, spendFor } from '../modules/ledger/test-helpers';
import { loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { checkAdvertiser, checkBalanceRunOut } from './balance-runout';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

/** An advertiser whose campaign spent €1 an hour over the 24 hours before `now`. */
async function spendingAdvertiser(now: Date, balanceEuros: number) {
  const a = await loginAs(app, 'advertiser');
  const p = await loginAs(app, 'publisher');
  const { banner } = await publisherZones(app.ctx.db, p.user.id);
  const c = await runningCampaign(app.ctx.db, a.user.id, { dailyBudgetMicros: eurosToMicros(1000) });
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  await app.ctx.db.insert(statsHourly).values(
    Array.from({ length: 24 }, (_, i) => ({
      hour: new Date(hour - i * HOUR_MS),
      campaignId: c.id,
      zoneId: banner.id,
      websiteId: banner.websiteId,
      advertiserId: a.user.id,
      publisherId: p.user.id,
      country: 'DE',
      os: 'Windows',
      browser: 'Chrome',
      impressions: 1000,
      costMicros: eurosToMicros(1),
    })),
  );
  if (balanceEuros > 0) await depositFor(app, a.user.id, eurosToMicros(balanceEuros));
  return a.user.id;
}

const noticesOf = (userId: number) =>
  app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, FORECAST_MESSAGES.balanceLowTitle)));
const eventsOf = async (userId: number) =>
  (await app.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'balance.runout'))).filter(
    (e) => e.payload.userId === userId,
  );

describe('balance run-out notice', () => {
  const now = new Date('2026-11-20T12:30:00.000Z');

  it('fires once within 72 hours, not twice, and again after a top-up and a fall', async () => {
    // €50 at €1 an hour: 50 hours left.
    const userId = await spendingAdvertiser(now, 50);
    expect(await checkAdvertiser(app.ctx.db, userId, now)).toBe('notified');
    const [notice] = await noticesOf(userId);
    expect(notice).toMatchObject({ link: '/billing/deposit/', pinned: true });
    expect(notice?.message).toContain('2026-11-22 14:30 UTC');
    const [event] = await eventsOf(userId);
    expect(event?.payload).toMatchObject({
      type: 'balance.runout',
      userId,
      balanceMicros: '50000000',
      runOutAt: '2026-11-22T14:30:00.000Z',
    });

    // An hour later: still within 72 hours, no second notice.
    const later = new Date(now.getTime() + HOUR_MS);
    expect(await checkAdvertiser(app.ctx.db, userId, later)).toBe('unchanged');
    expect(await noticesOf(userId)).toHaveLength(1);

    // Topped up to €150: 150 hours; re-armed and the pinned notice cleared.
    await depositFor(app, userId, eurosToMicros(100));
    expect(await checkAdvertiser(app.ctx.db, userId, later)).toBe('rearmed');
    expect(await checkAdvertiser(app.ctx.db, userId, later)).toBe('unchanged');
    expect((await noticesOf(userId))[0]?.viewedAt).not.toBeNull();

    // Spent down to €40: fires again.
    await spendFor(app, userId, eurosToMicros(110));
    expect(await checkAdvertiser(app.ctx.db, userId, later)).toBe('notified');
    expect(await noticesOf(userId)).toHaveLength(2);
    expect(await eventsOf(userId)).toHaveLength(2);
  });

  it('a balance lasting longer than 72 hours, or no spend, fires nothing', async () => {
    const rich = await spendingAdvertiser(now, 100);
    expect(await checkAdvertiser(app.ctx.db, rich, now)).toBe('unchanged');
    // A day later nothing was spent in the 24 hours before: no pace.
    expect(await checkAdvertiser(app.ctx.db, rich, new Date(now.getTime() + 30 * HOUR_MS))).toBe('unchanged');
    expect(await noticesOf(rich)).toHaveLength(0);
  });

  it('the job checks every advertiser with a running campaign', async () => {
    const userId = await spendingAdvertiser(now, 10);
    const results = await checkBalanceRunOut(app.ctx.db, now);
    expect(results.notified).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(userId)).toHaveLength(1);
  });
});

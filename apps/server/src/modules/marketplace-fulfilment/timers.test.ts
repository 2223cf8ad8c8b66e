import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_ATTRIBUTE, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { marketplaceTimersJob } from '../../jobs/marketplace-timers';
import { notifications } from '../../db/schema/notifications';
import { drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accountBalance, available, held, platform } from '../ledger/ledger.service';
import { acceptItem, deliverItem } from './lifecycle';
import { articleWith, expectLedgerOk, itemRow, paidOrder, servePages } from './test-helpers';
import { runMarketplaceTimers } from './timers';

const DAY = 86_400_000;
const TARGET = 'https://buyer.example/landing';

let app: TestApp;
let site: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  app = await createTestApp({ VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '2000' });
  site = await servePages({
    '/live': { body: articleWith(`<a href="${TARGET}">buyer</a>`) },
    '/changing': { body: articleWith(`<a href="${TARGET}">buyer</a>`) },
  });
});
afterAll(async () => {
  await site.close();
  await app.closeAll();
});

const balance = (ref: Parameters<typeof accountBalance>[1]) => accountBalance(app.ctx.db, ref);
const later = (days: number, from = Date.now()) => new Date(from + days * DAY);

async function paidItem(price = 100) {
  const seller = await loginAs(app, 'publisher');
  const paid = await paidOrder(app, [
    { ownerId: seller.user.id, price, attributes: { [LISTING_ATTRIBUTE.dofollowLinksAllowed]: 'Yes' } },
  ]);
  const item = paid.items[0];
  if (!item) throw new Error('no item');
  return { seller, ...paid, item, actor: { kind: 'seller' as const, userId: seller.user.id } };
}

describe('the marketplace timers, on an injected clock', () => {
  it('leaves items alone before their deadlines', async () => {
    const { item } = await paidItem();
    const run = await runMarketplaceTimers(app.ctx, { now: new Date(Date.now() + 60_000) });
    expect(run.expired).not.toContain(item.id);
    expect((await itemRow(app, item.id)).state).toBe('pending');
  });

  it('expires an item not accepted in time and refunds the buyer, once', async () => {
    const { buyer, item } = await paidItem(75);
    const acceptBy = (await itemRow(app, item.id)).acceptBy as Date;
    // MARKETPLACE_ACCEPT_DAYS = 3 working days: at least 3 calendar days, at most 5.
    expect(acceptBy.getTime() - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect(acceptBy.getTime() - Date.now()).toBeLessThanOrEqual(5 * DAY);

    const just = new Date(acceptBy.getTime() - 1);
    expect((await runMarketplaceTimers(app.ctx, { now: just })).expired).not.toContain(item.id);
    const after = new Date(acceptBy.getTime() + 1);
    expect((await runMarketplaceTimers(app.ctx, { now: after })).expired).toContain(item.id);
    expect(await itemRow(app, item.id)).toMatchObject({
      state: 'expired',
      deniedAt: after,
      denyReason: M.expiredNotAccepted,
      refundedMicros: 75_000_000n,
    });
    expect(await balance(available(buyer.user.id))).toBe(75_000_000n);
    // A second run (a retried job) refunds nothing more.
    expect((await runMarketplaceTimers(app.ctx, { now: after })).expired).not.toContain(item.id);
    expect(await balance(available(buyer.user.id))).toBe(75_000_000n);
    await expectLedgerOk(app);

    await drainEvents(app);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(told.map((n) => n.title)).toContain('Order item expired');
  });

  it('expires an accepted item not delivered within MARKETPLACE_DELIVER_DAYS', async () => {
    const { buyer, item, actor } = await paidItem(30);
    const acceptedAt = new Date();
    await acceptItem(app.ctx, actor, item.id, acceptedAt);
    expect((await runMarketplaceTimers(app.ctx, { now: later(14, acceptedAt.getTime() - 1) })).expired).not.toContain(
      item.id,
    );
    expect((await runMarketplaceTimers(app.ctx, { now: later(14, acceptedAt.getTime()) })).expired).toContain(item.id);
    expect(await itemRow(app, item.id)).toMatchObject({ state: 'expired', denyReason: M.expiredNotDelivered });
    expect(await balance(available(buyer.user.id))).toBe(30_000_000n);
    await expectLedgerOk(app);
  });

  it('completes a delivered item when the review window is over and pays the seller once', async () => {
    const { seller, buyer, item, actor } = await paidItem(99.99);
    await acceptItem(app.ctx, actor, item.id);
    const deliveredAt = new Date();
    await deliverItem(app.ctx, actor, item.id, { proofUrl: site.url('/live') }, deliveredAt);
    const revenue = await balance(platform('revenue'));

    const early = await runMarketplaceTimers(app.ctx, { now: later(7, deliveredAt.getTime() - 1) });
    expect(early.completed).not.toContain(item.id);
    // The week-old proof check is done again (daily) before the window closes.
    expect(early.rechecked).toContain(item.id);
    const due = later(7, deliveredAt.getTime());
    const run = await runMarketplaceTimers(app.ctx, { now: due });
    expect(run.completed).toContain(item.id);
    expect(await itemRow(app, item.id)).toMatchObject({ state: 'completed', completedAt: due });
    // 20 % of 99.99 € = 19.998 €.
    expect(await balance(available(seller.user.id))).toBe(79_992_000n);
    expect((await balance(platform('revenue'))) - revenue).toBe(19_998_000n);
    expect(await balance(held(buyer.user.id))).toBe(0n);

    const again = await runMarketplaceTimers(app.ctx, { now: due });
    expect(again.completed).not.toContain(item.id);
    expect(await balance(available(seller.user.id))).toBe(79_992_000n);
    await expectLedgerOk(app);

    await drainEvents(app);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(told.map((n) => n.message)).toContainEqual(expect.stringContaining('€79.99 was added to your balance'));
  });

  it('does not complete an item whose proof page broke; the daily re-check tells both sides', async () => {
    const { seller, buyer, item, actor } = await paidItem(10);
    await acceptItem(app.ctx, actor, item.id);
    const deliveredAt = new Date();
    await deliverItem(app.ctx, actor, item.id, { proofUrl: site.url('/changing') }, deliveredAt);
    expect((await itemRow(app, item.id)).proofCheck?.broken).toBe(false);

    // The publisher removes the link the next day.
    site.pages['/changing'] = { body: articleWith('no link any more') };
    const nextDay = later(1, deliveredAt.getTime() + 1000);
    const daily = await runMarketplaceTimers(app.ctx, { now: nextDay });
    expect(daily.rechecked).toContain(item.id);
    expect((await itemRow(app, item.id)).proofCheck).toMatchObject({
      checkedAt: nextDay.toISOString(),
      linksToTarget: false,
      broken: true,
    });
    // Checked once a day, not at every run.
    expect((await runMarketplaceTimers(app.ctx, { now: later(0.5, nextDay.getTime()) })).rechecked).not.toContain(
      item.id,
    );

    const overdue = later(8, deliveredAt.getTime());
    const run = await runMarketplaceTimers(app.ctx, { now: overdue });
    expect(run.completed).not.toContain(item.id);
    expect((await itemRow(app, item.id)).state).toBe('delivered');
    expect(await balance(available(seller.user.id))).toBe(0n);
    expect(await balance(held(buyer.user.id))).toBe(10_000_000n);

    await drainEvents(app);
    for (const userId of [buyer.user.id, seller.user.id]) {
      const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(told.map((n) => n.title)).toContain('Proof page problem');
    }

    // The link is back: the next check finds it and the item completes.
    site.pages['/changing'] = { body: articleWith(`<a href="${TARGET}">buyer</a>`) };
    const fixed = later(9, deliveredAt.getTime());
    expect((await runMarketplaceTimers(app.ctx, { now: fixed })).completed).toContain(item.id);
    expect(await balance(available(seller.user.id))).toBe(8_000_000n);
    await expectLedgerOk(app);
  });

  it('checks the proof page again right before completing when its last check is over an hour old', async () => {
    const { seller, item, actor } = await paidItem(50);
    await acceptItem(app.ctx, actor, item.id);
    const deliveredAt = new Date();
    await deliverItem(app.ctx, actor, item.id, { proofUrl: site.url('/live') }, deliveredAt);
    // The proof was checked 2 hours before the window closes; then the page disappears.
    const twoHoursBefore = new Date(later(7, deliveredAt.getTime()).getTime() - 2 * 3_600_000);
    expect((await runMarketplaceTimers(app.ctx, { now: twoHoursBefore })).rechecked).toContain(item.id);
    const page = site.pages['/live'];
    site.pages['/live'] = { status: 404, body: 'gone' };
    try {
      const run = await runMarketplaceTimers(app.ctx, { now: later(7, deliveredAt.getTime()) });
      expect(run.rechecked).toContain(item.id);
      expect(run.completed).not.toContain(item.id);
    } finally {
      if (page) site.pages['/live'] = page;
    }
    expect(await itemRow(app, item.id)).toMatchObject({
      state: 'delivered',
      proofCheck: { httpStatus: 404, broken: true },
    });
    expect(await balance(available(seller.user.id))).toBe(0n);
  });

  it('runs as a scheduled job on the real clock without error', async () => {
    await expect(marketplaceTimersJob.run(app.ctx)).resolves.toBeUndefined();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema/ledger';
import { marketplaceOrderItems } from '../../db/schema/marketplace';
import { loginAs } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accountBalance, available, held, postAdSpend } from '../ledger/ledger.service';
import { depositFor } from '../ledger/test-helpers';
import { payWallet } from '../marketplace-orders/order-payment.service';
import { createOrder } from '../marketplace-orders/orders.service';
import { acceptItem, deliverItem, denyItem } from './lifecycle';
import type { Fetcher } from './proof-check';
import { articleWith, call, expectLedgerOk, insertListing, itemRow, newBuyer, paidOrder } from './test-helpers';
import { runMarketplaceTimers } from './timers';

const DAY = 86_400_000;
const TARGET = 'https://buyer.example/landing';

/** Every proof page is live with the buyer's link (no network: these tests are about locks). */
const livePage: Fetcher = async (url) => ({
  status: 200,
  url,
  contentType: 'text/html',
  body: articleWith(`<a href="${TARGET}">buyer</a>`),
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const balance = (ref: Parameters<typeof accountBalance>[1]) => accountBalance(app.ctx.db, ref);

/** Paid items of `seller`, accepted and delivered now. */
async function deliveredItems(sellerId: number, prices: number[], buyer?: Awaited<ReturnType<typeof newBuyer>>) {
  const paid = await paidOrder(
    app,
    prices.map((price) => ({ ownerId: sellerId, price })),
    buyer ? { buyer } : {},
  );
  const actor = { kind: 'seller' as const, userId: sellerId };
  for (const item of paid.items) {
    await acceptItem(app.ctx, actor, item.id);
    await deliverItem(app.ctx, actor, item.id, { proofUrl: 'https://news.example/article' }, new Date(), livePage);
  }
  return paid;
}

describe('fulfilment under concurrency', () => {
  itOnPostgres('pays the seller once when the buyer approves while the timer completes the item', async () => {
    const seller = await loginAs(app, 'publisher');
    const { buyer, order, items } = await deliveredItems(seller.user.id, [10, 20, 30, 40, 50, 60, 70, 80]);
    const future = new Date(Date.now() + 8 * DAY);
    const outcomes = await Promise.all(
      items.map(async (item) => {
        const [approve, timers] = await Promise.all([
          call(app, buyer.headers, 'POST', `/marketplace/orders/${order.unique}/items/${item.id}/approve`),
          runMarketplaceTimers(app.ctx, { now: future, fetcher: livePage }),
        ]);
        return {
          id: item.id,
          approved: approve.status,
          byTimer: timers.completed.includes(item.id),
          failed: timers.failed,
        };
      }),
    );
    for (const o of outcomes) {
      expect(o.failed).toEqual([]);
      // Exactly one of them completed it; the other found it completed (409, or nothing to do).
      expect([o.approved === 200, o.byTimer].filter(Boolean)).toHaveLength(1);
      if (!o.byTimer) expect(o.approved).toBe(200);
      else expect(o.approved).toBe(409);
      expect((await itemRow(app, o.id)).state).toBe('completed');
      const sales = await app.ctx.db
        .select()
        .from(ledgerTransfers)
        .where(
          and(eq(ledgerTransfers.kind, 'marketplace_sale'), eq(ledgerTransfers.reference, `marketplace-item:${o.id}`)),
        );
      expect(sales).toHaveLength(1);
    }
    // 80 % of 360 €.
    expect(await balance(available(seller.user.id))).toBe(288_000_000n);
    expect(await balance(held(buyer.user.id))).toBe(0n);
    await expectLedgerOk(app);
  });

  it('completes, refunds, pays new orders and records ad spend at once, losing nothing', async () => {
    const sellers = [await loginAs(app, 'publisher'), await loginAs(app, 'publisher')] as const;
    const buyers = [await newBuyer(app), await newBuyer(app)] as const;
    const [s1, s2] = sellers;
    const [b1, b2] = buyers;
    const first = await deliveredItems(s1.user.id, [11, 12, 13], b1);
    const second = await deliveredItems(s2.user.id, [21, 22, 23], b2);
    const crossed = await deliveredItems(s2.user.id, [31, 32], b1);
    const pending = await paidOrder(
      app,
      [
        { ownerId: s1.user.id, price: 5 },
        { ownerId: s2.user.id, price: 6 },
      ],
      { buyer: b2 },
    );
    // The timer below runs 8 days ahead: these must still be open for their sellers to deny.
    await app.ctx.db
      .update(marketplaceOrderItems)
      .set({ acceptBy: new Date(Date.now() + 30 * DAY) })
      .where(eq(marketplaceOrderItems.orderId, pending.order.id));
    // Money for the new orders and the ad spend, beyond what the orders above took.
    for (const b of buyers) await depositFor(app, b.user.id, 500_000_000n);
    const fresh = await Promise.all(
      buyers.map(async (b, i) => {
        const listing = await insertListing(app, { ownerId: sellers[i]?.user.id ?? null, price: 7 });
        return {
          buyer: b,
          order: await createOrder(app.ctx, b.user, {
            email: 'x@y.example',
            livechat: '',
            targetUrl: '',
            listings: [listing.unique],
          }),
        };
      }),
    );

    const future = new Date(Date.now() + 8 * DAY);
    const work: Promise<unknown>[] = [
      // The buyer approves first's items while the timer completes the rest.
      ...first.items.map((item) =>
        call(app, b1.headers, 'POST', `/marketplace/orders/${first.order.unique}/items/${item.id}/approve`),
      ),
      runMarketplaceTimers(app.ctx, { now: future, fetcher: livePage }),
      // Sellers deny the pending ones (refunds into b2's balance).
      denyItem(app.ctx, { kind: 'seller', userId: s1.user.id }, pending.items[0]?.id ?? 0, 'Full this month.'),
      denyItem(app.ctx, { kind: 'seller', userId: s2.user.id }, pending.items[1]?.id ?? 0, 'Full this month.'),
      // Both buyers pay new orders (holds on the same held accounts).
      ...fresh.map(({ buyer, order }) => payWallet(app.ctx, buyer.user, order.unique)),
      // Ad delivery: the buyers advertise on the sellers' sites (their user rows, revenue).
      ...Array.from({ length: 6 }, (_, i) =>
        app.ctx.db.transaction((tx) =>
          postAdSpend(tx, [
            {
              advertiserId: b1.user.id,
              publisherId: sellers[i % 2]?.user.id ?? 0,
              costMicros: 1_000_000n,
              earningsMicros: 700_000n,
            },
            {
              advertiserId: b2.user.id,
              publisherId: sellers[(i + 1) % 2]?.user.id ?? 0,
              costMicros: 2_000_000n,
              earningsMicros: 1_400_000n,
            },
          ]),
        ),
      ),
    ];
    const settled = await Promise.allSettled(work);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    for (const item of pending.items) expect((await itemRow(app, item.id)).state).toBe('denied');

    for (const item of [...first.items, ...second.items, ...crossed.items])
      expect((await itemRow(app, item.id)).state).toBe('completed');
    // Sales: 80 % of (11+12+13) to s1; of (21+22+23+31+32) to s2; earnings 3 x 0.70 + 3 x 1.40 each.
    const earnings = 3n * 700_000n + 3n * 1_400_000n;
    expect(await balance(available(s1.user.id))).toBe(28_800_000n + earnings);
    expect(await balance(available(s2.user.id))).toBe(103_200_000n + earnings);
    await expectLedgerOk(app);
  });
});

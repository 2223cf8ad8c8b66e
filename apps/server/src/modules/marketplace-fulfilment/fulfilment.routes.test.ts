import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingItem, OrderDetail } from '@cryptads/contract/marketplace';
import { LISTING_ATTRIBUTE, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { notifications } from '../../db/schema/notifications';
import { marketplaceOrderItems } from '../../db/schema/marketplace';
import { drainEvents, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { accountBalance, available, held, platform } from '../ledger/ledger.service';
import { createOrder } from '../marketplace-orders/orders.service';
import {
  articleWith,
  call,
  expectLedgerOk,
  insertListing,
  itemRow,
  newBuyer,
  paidOrder,
  servePages,
} from './test-helpers';

const DAY = 86_400_000;
const TARGET = 'https://buyer.example/landing';
const dofollow = { [LISTING_ATTRIBUTE.dofollowLinksAllowed]: 'Yes' };

let app: TestApp;
let site: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  // Proof pages are served on 127.0.0.1: allowed here as in website verification's tests.
  app = await createTestApp({ VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '2000' });
  site = await servePages({
    '/article': { body: articleWith(`<a href="${TARGET}">the buyer</a>`) },
    '/nofollow': { body: articleWith(`<a rel="nofollow" href="${TARGET}">the buyer</a>`) },
  });
});
afterAll(async () => {
  await site.close();
  await app.closeAll();
});

const balance = (ref: Parameters<typeof accountBalance>[1]) => accountBalance(app.ctx.db, ref);
const sellerPath = (itemId: number, action: 'accept' | 'deny' | 'deliver') =>
  `/marketplace/selling/items/${itemId}/${action}`;
const noticesOf = async (userId: number) =>
  (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
    title: n.title,
    message: n.message,
    link: n.link,
  }));

/** A publisher and one paid item of their listing. */
async function sale(price = 123.45, opts: { attributes?: Record<string, string>; targetUrl?: string | null } = {}) {
  const seller = await loginAs(app, 'publisher');
  const paid = await paidOrder(
    app,
    [
      {
        ownerId: seller.user.id,
        price,
        title: 'Sponsored article on Coin News',
        attributes: opts.attributes ?? dofollow,
      },
    ],
    { targetUrl: opts.targetUrl === undefined ? TARGET : opts.targetUrl },
  );
  const item = paid.items[0];
  if (!item) throw new Error('no item');
  return { seller, ...paid, item };
}

describe('a paid item from acceptance to the seller’s payout', () => {
  it('goes pending -> accepted -> delivered -> completed by the buyer, paying the seller 80 % to the micro-euro', async () => {
    const { seller, buyer, order, item } = await sale(123.45);
    const revenueBefore = await balance(platform('revenue'));
    const escrowBefore = await balance(platform('marketplace_escrow'));
    expect(await balance(held(buyer.user.id))).toBe(123_450_000n);
    expect(await balance(available(buyer.user.id))).toBe(0n);

    const incoming = await call<{ items: IncomingItem[] }>(app, seller.headers, 'GET', '/marketplace/selling/items');
    expect(incoming.status).toBe(200);
    expect(incoming.response.items).toEqual([
      expect.objectContaining({
        id: item.id,
        state: 'pending',
        order: order.unique,
        buyerEmail: 'contact@buyer.example',
        buyerLivechat: '@buyer',
        targetUrl: TARGET,
        price: 123.45,
        payout: 98.76,
        seller: 'publisher',
      }),
    ]);

    const before = Date.now();
    const accepted = await call<IncomingItem>(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    expect([accepted.status, accepted.reason]).toEqual([200, null]);
    expect(accepted.response.state).toBe('accepted');
    const deliverBy = (await itemRow(app, item.id)).deliverBy?.getTime() ?? 0;
    expect(deliverBy - before).toBeGreaterThanOrEqual(14 * DAY);
    expect(deliverBy - Date.now()).toBeLessThanOrEqual(14 * DAY);

    const delivered = await call<IncomingItem>(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/article'),
    });
    expect([delivered.status, delivered.reason]).toEqual([200, null]);
    expect(delivered.response).toMatchObject({
      state: 'delivered',
      proofUrl: site.url('/article'),
      deliveryDate: new Date().toISOString().slice(0, 10),
      proofCheck: { live: true, httpStatus: 200, linksToTarget: true, rel: 'dofollow', broken: false, problem: null },
    });
    const completeBy = new Date(delivered.response.completeBy ?? 0).getTime();
    expect(completeBy - before).toBeGreaterThanOrEqual(7 * DAY);

    const approved = await call<OrderDetail>(
      app,
      buyer.headers,
      'POST',
      `/marketplace/orders/${order.unique}/items/${item.id}/approve`,
    );
    expect([approved.status, approved.reason]).toEqual([200, null]);
    expect(approved.response.unique).toBe(order.unique);
    expect(approved.response.listings).toEqual([
      expect.objectContaining({ id: item.id, state: 'completed', proofUrl: site.url('/article'), refunded: null }),
    ]);

    // 20 % of 123.45 € = 24.69 €; the seller gets the exact rest; escrow is back where it was.
    expect(await balance(available(seller.user.id))).toBe(98_760_000n);
    expect((await balance(platform('revenue'))) - revenueBefore).toBe(24_690_000n);
    expect(await balance(platform('marketplace_escrow'))).toBe(escrowBefore);
    expect(await balance(held(buyer.user.id))).toBe(0n);
    expect(await itemRow(app, item.id)).toMatchObject({ state: 'completed', commissionPercent: 20 });
    await expectLedgerOk(app);

    // A second approval pays nothing more.
    const again = await call(
      app,
      buyer.headers,
      'POST',
      `/marketplace/orders/${order.unique}/items/${item.id}/approve`,
    );
    expect([again.status, again.reason]).toEqual([409, M.itemWrongState]);
    expect(await balance(available(seller.user.id))).toBe(98_760_000n);

    await drainEvents(app);
    const link = `/orders/${order.unique}/`;
    expect(await noticesOf(buyer.user.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Order item accepted', link }),
        expect.objectContaining({
          title: 'Order item delivered',
          message: expect.stringContaining('with your link (dofollow)'),
          link,
        }),
      ]),
    );
    expect(await noticesOf(seller.user.id)).toEqual(
      expect.arrayContaining([
        {
          title: 'Sale completed',
          message: `The buyer approved "Sponsored article on Coin News" of order ${order.unique}. €98.76 was added to your balance.`,
          link: '/selling/orders/',
        },
      ]),
    );
  });

  it('refunds the buyer when the seller denies, with the reason the buyer reads', async () => {
    const { seller, buyer, order, item } = await sale(50);
    const empty = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deny'), { reason: '  ' });
    expect([empty.status, empty.reason]).toEqual([400, M.reasonRequired]);

    const denied = await call<IncomingItem>(app, seller.headers, 'POST', sellerPath(item.id, 'deny'), {
      reason: 'We no longer publish crypto content.',
    });
    expect([denied.status, denied.reason]).toEqual([200, null]);
    expect(denied.response).toMatchObject({
      state: 'denied',
      denyReason: 'We no longer publish crypto content.',
      refunded: 50,
    });
    expect(await balance(available(buyer.user.id))).toBe(50_000_000n);
    expect(await balance(held(buyer.user.id))).toBe(0n);
    expect(await balance(available(seller.user.id))).toBe(0n);
    await expectLedgerOk(app);

    // Denied is final: no accept, deliver or second deny.
    for (const action of ['accept', 'deny'] as const) {
      const res = await call(app, seller.headers, 'POST', sellerPath(item.id, action), { reason: 'again' });
      expect([res.status, res.reason]).toEqual([409, M.itemWrongState]);
    }
    await drainEvents(app);
    expect(await noticesOf(buyer.user.id)).toContainEqual({
      title: 'Order item denied',
      message: `"Sponsored article on Coin News" of order ${order.unique} was denied: We no longer publish crypto content. €50.00 is back in your balance.`,
      link: `/orders/${order.unique}/`,
    });
  });

  it('lets the seller deny an accepted item too', async () => {
    const { seller, buyer, item } = await sale(20);
    await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    const denied = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deny'), { reason: 'Site is down.' });
    expect(denied.status).toBe(200);
    expect(await balance(available(buyer.user.id))).toBe(20_000_000n);
    await expectLedgerOk(app);
  });

  it('refuses steps out of order with 409', async () => {
    const { seller, buyer, order, item } = await sale(30);
    const early = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/article'),
    });
    expect([early.status, early.reason]).toEqual([409, M.itemWrongState]);
    const approveEarly = await call(
      app,
      buyer.headers,
      'POST',
      `/marketplace/orders/${order.unique}/items/${item.id}/approve`,
    );
    expect([approveEarly.status, approveEarly.reason]).toEqual([409, M.itemWrongState]);
    await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    const twice = await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    expect([twice.status, twice.reason]).toEqual([409, M.itemWrongState]);
    expect((await itemRow(app, item.id)).state).toBe('accepted');
  });

  it('expires an item accepted after its accept-by time: 409, and the buyer has the money back', async () => {
    const { seller, buyer, item } = await sale(40);
    await app.ctx.db
      .update(marketplaceOrderItems)
      .set({ acceptBy: new Date(Date.now() - 1000) })
      .where(eq(marketplaceOrderItems.id, item.id));
    const late = await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    expect([late.status, late.reason]).toEqual([409, M.itemWrongState]);
    expect(await itemRow(app, item.id)).toMatchObject({
      state: 'expired',
      denyReason: M.expiredNotAccepted,
      refundedMicros: 40_000_000n,
    });
    expect(await balance(available(buyer.user.id))).toBe(40_000_000n);
    await expectLedgerOk(app);
  });

  it('expires an item delivered after its deliver-by time: 409, refunded, the page not fetched', async () => {
    const { seller, buyer, item } = await sale(35);
    await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    await app.ctx.db
      .update(marketplaceOrderItems)
      .set({ deliverBy: new Date(Date.now() - 1000) })
      .where(eq(marketplaceOrderItems.id, item.id));
    const late = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: 'http://127.0.0.1:9/never-fetched',
    });
    expect([late.status, late.reason]).toEqual([409, M.itemWrongState]);
    expect(await itemRow(app, item.id)).toMatchObject({
      state: 'expired',
      denyReason: M.expiredNotDelivered,
      proofUrl: null,
      proofCheck: null,
    });
    expect(await balance(available(buyer.user.id))).toBe(35_000_000n);
    await expectLedgerOk(app);
  });

  it('checks the delivery date: not in the future, not before the order', async () => {
    const { seller, item } = await sale(30);
    await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const future = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/article'),
      deliveryDate: tomorrow,
    });
    expect([future.status, future.reason]).toEqual([400, M.deliveryDateFuture]);
    const old = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/article'),
      deliveryDate: '2020-01-01',
    });
    expect([old.status, old.reason]).toEqual([400, M.deliveryDateBeforeOrder]);
    const bad = await call(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), { proofUrl: 'ftp://x' });
    expect([bad.status, bad.reason]).toEqual([400, M.proofUrlInvalid]);
    expect((await itemRow(app, item.id)).state).toBe('accepted');
  });

  it('records a broken proof (nofollow on a dofollow listing), tells the buyer, and takes a corrected delivery', async () => {
    const { seller, buyer, order, item } = await sale(60);
    await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    const first = await call<IncomingItem>(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/nofollow'),
    });
    expect(first.status).toBe(200);
    expect(first.response.proofCheck).toMatchObject({
      rel: 'nofollow',
      broken: true,
      problem: `The link to ${TARGET} is marked nofollow, but this listing promises dofollow links.`,
    });
    await drainEvents(app);
    expect(await noticesOf(buyer.user.id)).toContainEqual(
      expect.objectContaining({
        title: 'Order item delivered',
        message: expect.stringContaining('It will not complete on its own'),
        link: `/orders/${order.unique}/`,
      }),
    );
    const second = await call<IncomingItem>(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/article'),
    });
    expect(second.response).toMatchObject({ state: 'delivered', proofCheck: { rel: 'dofollow', broken: false } });
  });

  it('delivers to an order without a target URL by checking only that the page is there', async () => {
    const { seller, item } = await sale(25, { targetUrl: null });
    await call(app, seller.headers, 'POST', sellerPath(item.id, 'accept'));
    const res = await call<IncomingItem>(app, seller.headers, 'POST', sellerPath(item.id, 'deliver'), {
      proofUrl: site.url('/article'),
    });
    expect(res.response).toMatchObject({
      targetUrl: null,
      proofCheck: { live: true, linksToTarget: null, broken: false },
    });
  });
});

describe('whose item it is', () => {
  it('answers 404 for another seller’s item and another buyer’s order, 403 for an advertiser', async () => {
    const { buyer, order, item } = await sale(10);
    const otherSeller = await loginAs(app, 'publisher');
    for (const action of ['accept', 'deny', 'deliver'] as const) {
      const res = await call(app, otherSeller.headers, 'POST', sellerPath(item.id, action), {
        reason: 'x',
        proofUrl: site.url('/article'),
      });
      expect([res.status, res.reason]).toEqual([404, M.itemNotFound]);
    }
    const missing = await call(app, otherSeller.headers, 'POST', sellerPath(999_999, 'accept'));
    expect(missing.status).toBe(404);

    const otherBuyer = await newBuyer(app);
    const approve = await call(
      app,
      otherBuyer.headers,
      'POST',
      `/marketplace/orders/${order.unique}/items/${item.id}/approve`,
    );
    expect(approve.status).toBe(404);
    // The right buyer, but the item named under another order of theirs: 404 too.
    const { order: second } = await paidOrder(app, [{ price: 5 }], { buyer });
    const mixed = await call(
      app,
      buyer.headers,
      'POST',
      `/marketplace/orders/${second.unique}/items/${item.id}/approve`,
    );
    expect(mixed.status).toBe(404);

    const advertiser = await call(app, buyer.headers, 'POST', sellerPath(item.id, 'accept'));
    expect([advertiser.status, advertiser.reason]).toEqual([403, M.listingRequestsPublisherOnly]);
    expect((await itemRow(app, item.id)).state).toBe('pending');
  });

  it('hides items of unpaid orders from the seller', async () => {
    const seller = await loginAs(app, 'publisher');
    const listing = await insertListing(app, { ownerId: seller.user.id, price: 10 });
    const buyer = await newBuyer(app);
    await createOrder(app.ctx, buyer.user, {
      email: 'a@b.example',
      livechat: '',
      targetUrl: '',
      listings: [listing.unique],
    });
    const [unpaid] = await app.ctx.db
      .select()
      .from(marketplaceOrderItems)
      .where(eq(marketplaceOrderItems.listingId, listing.id));
    const res = await call(app, seller.headers, 'POST', sellerPath(unpaid?.id ?? 0, 'accept'));
    expect(res.status).toBe(404);
    const incoming = await call<{ items: IncomingItem[] }>(app, seller.headers, 'GET', '/marketplace/selling/items');
    expect(incoming.response.items).toEqual([]);
  });
});

describe('the seller’s lists', () => {
  it('lists open items first (most urgent first), then finished ones, and counts what waits', async () => {
    const seller = await loginAs(app, 'publisher');
    const mine = (price: number) => ({ ownerId: seller.user.id, price, attributes: dofollow });
    const { items } = await paidOrder(app, [mine(10), mine(11), mine(12)]);
    const [a, b, c] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    await call(app, seller.headers, 'POST', sellerPath(a.id, 'deny'), { reason: 'No.' });
    await call(app, seller.headers, 'POST', sellerPath(b.id, 'accept'));
    const list = await call<{ items: IncomingItem[] }>(app, seller.headers, 'GET', '/marketplace/selling/items');
    // c (pending, accept by in 3 working days) before b (accepted, deliver by in 14 days), then the denied a.
    expect(list.response.items.map((i) => [i.id, i.state])).toEqual([
      [c.id, 'pending'],
      [b.id, 'accepted'],
      [a.id, 'denied'],
    ]);
    const can = await call(app, seller.headers, 'GET', '/marketplace/selling');
    expect(can.response).toEqual({ canSell: true, waiting: 2 });
    const advertiser = await loginAs(app, 'advertiser');
    expect((await call(app, advertiser.headers, 'GET', '/marketplace/selling')).response).toEqual({
      canSell: false,
      waiting: 0,
    });
  });
});

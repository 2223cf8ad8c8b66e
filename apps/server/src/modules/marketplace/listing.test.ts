import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '@cryptads/contract/dates';
import { readAnswer } from '@cryptads/contract/money-schema';
import { ListingDetailSchema, ListingSearchResultSchema } from '@cryptads/contract/marketplace';
import { ListingStatus, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { listingActivity, listings, marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordListingActivity, refreshTrending } from './trending';
import { insertListing } from './test-helpers';

/** The listing page (docs/product/marketplace.md#listings): who may read which listing, views, trending, completion rate. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const read = (unique: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/marketplace/listings/${unique}`, headers });
const trendingOf = async (id: number) =>
  (await app.ctx.db.select({ t: listings.trending }).from(listings).where(eq(listings.id, id)))[0]?.t;

describe('reading a listing', () => {
  it('shows an active listing to anyone, with its page fields', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const owner = await loginAs(app, 'publisher');
    const row = await insertListing(app.ctx.db, {
      ownerId: owner.user.id,
      title: 'Daily Finance Press Release',
      category: 0,
      price: 250,
      discount: 20,
      description: '<p>Distributed to <strong>40</strong> outlets.</p>',
    });
    await app.ctx.db
      .update(listings)
      .set({ gallery: ['gallery-one-000000000000000000000000000.png'], cover: '/uploads/cover.png' })
      .where(eq(listings.id, row.id));
    const res = await read(row.unique, headers);
    expect(res.statusCode, res.body).toBe(200);
    const detail = readAnswer(ListingDetailSchema, body(res).response);
    expect(detail).toMatchObject({
      unique: row.unique,
      title: 'Daily Finance Press Release',
      price: 250,
      discount: 20,
      finalPrice: 200,
      seller: 'publisher',
      status: ListingStatus.Active,
      description: '<p>Distributed to <strong>40</strong> outlets.</p>',
      image: '/uploads/fixture-image-key-000000000000000000000.png',
      gallery: ['/uploads/gallery-one-000000000000000000000000000.png'],
      cover: '/uploads/cover.png',
      inWishlist: false,
      inCart: false,
      completionRate: null,
    });
  });

  it('answers 404 for unknown listings and for pending, rejected or archived ones of others; owners read theirs', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const owner = await loginAs(app, 'publisher');
    const otherPublisher = await loginAs(app, 'publisher');
    for (const status of [ListingStatus.Pending, ListingStatus.Rejected, ListingStatus.Archived]) {
      const row = await insertListing(app.ctx.db, { ownerId: owner.user.id, status });
      for (const h of [headers, otherPublisher.headers]) {
        const res = await read(row.unique, h);
        expect(res.statusCode).toBe(404);
        expect(body(res).reason).toBe(M.listingNotFound);
      }
      const mine = await read(row.unique, owner.headers);
      expect(mine.statusCode).toBe(200);
      expect(readAnswer(ListingDetailSchema, body(mine).response).status).toBe(status);
    }
    expect((await read('no-such-listing', headers)).statusCode).toBe(404);
    // The owner reading a pending request counts no view.
    const [pending] = await app.ctx.db.select().from(listings).where(eq(listings.status, ListingStatus.Pending));
    expect(Number(pending?.trending)).toBe(0);
  });

  it('counts one view per account, listing and day; the owner’s own reads do not count', async () => {
    const owner = await loginAs(app, 'publisher');
    const a = await loginAs(app, 'advertiser');
    const b = await loginAs(app, 'advertiser');
    const row = await insertListing(app.ctx.db, { ownerId: owner.user.id });
    await read(row.unique, a.headers);
    await read(row.unique, a.headers);
    await read(row.unique, b.headers);
    await read(row.unique, owner.headers);
    const [activity] = await app.ctx.db.select().from(listingActivity).where(eq(listingActivity.listingId, row.id));
    expect(activity).toMatchObject({ day: todayUtc(), views: 2, wishlistAdds: 0, orders: 0 });
    expect(await trendingOf(row.id)).toBe(2);
  });

  it('gives the completion rate of finished paid items', async () => {
    const buyer = await loginAs(app, 'advertiser');
    const row = await insertListing(app.ctx.db, { title: 'Rated' });
    const [order] = await app.ctx.db
      .insert(marketplaceOrders)
      .values({
        unique: randomBytes(9).toString('base64url'),
        buyerId: buyer.user.id,
        email: buyer.email,
        totalMicros: 400_000_000n,
        status: 1,
      })
      .returning();
    if (!order) throw new Error('no order');
    // 3 completed of 4 finished (completed, denied, expired); accepted is not finished yet.
    for (const state of ['completed', 'completed', 'completed', 'denied', 'accepted'] as const)
      await app.ctx.db
        .insert(marketplaceOrderItems)
        .values({ orderId: order.id, listingId: row.id, priceMicros: 100_000_000n, state });
    const res = await read(row.unique, buyer.headers);
    expect(readAnswer(ListingDetailSchema, body(res).response).completionRate).toBe(75);
    await app.ctx.db
      .insert(marketplaceOrderItems)
      .values({ orderId: order.id, listingId: row.id, priceMicros: 100_000_000n, state: 'expired' });
    const search = await app.inject({
      method: 'POST',
      url: '/api/marketplace/listings',
      headers: buyer.headers,
      payload: { q: 'Rated' },
    });
    const card = Object.values(readAnswer(ListingSearchResultSchema, body(search).response).listings).find(
      (l) => l.title === 'Rated',
    );
    expect(card?.completionRate).toBe(60);
  });
});

describe('trending', () => {
  // A database of its own (the default order is the whole catalogue's), built once here rather
  // than inside the test: a second database and app take seconds, and several times that on a
  // busy machine.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(async () => {
    await fresh.closeAll();
  });

  it('moves with wishlist adds and orders at once, decays with the days, and orders the default sort', async () => {
    const { headers } = await loginAs(fresh, 'advertiser');
    const db = fresh.ctx.db;
    const quiet = await insertListing(db, { title: 'Quiet' });
    const wished = await insertListing(db, { title: 'Wished' });
    const ordered = await insertListing(db, { title: 'Ordered' });
    const order = async () => {
      const res = await fresh.inject({ method: 'POST', url: '/api/marketplace/listings', headers, payload: {} });
      return readAnswer(ListingSearchResultSchema, body(res).response).order.map(
        (u) => readAnswer(ListingSearchResultSchema, body(res).response).listings[u]?.title,
      );
    };
    expect(await order()).toEqual(['Ordered', 'Wished', 'Quiet']);

    await db.transaction((tx) => recordListingActivity(tx, wished.id, { wishlistAdds: 2 }));
    await db.transaction((tx) => recordListingActivity(tx, quiet.id, { wishlistAdds: 1 }));
    expect(await order()).toEqual(['Wished', 'Quiet', 'Ordered']);
    await recordListingActivity(db, ordered.id, { orders: 1 });
    expect(await order()).toEqual(['Ordered', 'Wished', 'Quiet']);

    // The job recomputes the same scores the same day...
    await refreshTrending(db);
    const score = async (id: number) =>
      Number((await db.select({ t: listings.trending }).from(listings).where(eq(listings.id, id)))[0]?.t);
    expect([await score(ordered.id), await score(wished.id), await score(quiet.id)]).toEqual([10, 6, 3]);
    // ...halves them after 7 days, and forgets them after 30.
    const now = new Date();
    await refreshTrending(db, new Date(now.getTime() + 7 * 86_400_000));
    expect([await score(ordered.id), await score(wished.id)]).toEqual([5, 3]);
    // Older activity weighs less than the same activity today.
    await db.insert(listingActivity).values({ listingId: quiet.id, day: addDays(todayUtc(now), -14), orders: 2 });
    await refreshTrending(db, now);
    expect(await score(quiet.id)).toBe(3 + 20 / 4);
    await refreshTrending(db, new Date(now.getTime() + 31 * 86_400_000));
    expect([await score(ordered.id), await score(wished.id), await score(quiet.id)]).toEqual([0, 0, 0]);
    expect(await db.select().from(listingActivity)).toEqual([]);
  });
});

describe('display view', () => {
  it('is grid until the account chooses list, per account', async () => {
    const a = await loginAs(app, 'advertiser');
    const b = await loginAs(app, 'publisher');
    const get = async (h: Record<string, string>) =>
      body(await app.inject({ method: 'GET', url: '/api/marketplace/displayView', headers: h })).response;
    expect(await get(a.headers)).toEqual({ view: 'grid' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/marketplace/displayView',
      headers: a.headers,
      payload: { view: 'list' },
    });
    expect(body(put).response).toEqual({ view: 'list' });
    expect(await get(a.headers)).toEqual({ view: 'list' });
    expect(await get(b.headers)).toEqual({ view: 'grid' });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/marketplace/displayView',
      headers: a.headers,
      payload: { view: 'table' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

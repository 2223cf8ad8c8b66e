import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, CartSchema, type Wishlist, WishlistSchema } from '@cryptads/contract/marketplace';
import { readAnswer } from '@cryptads/contract/money-schema';
import { ListingStatus, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { listingActivity, listings, marketplaceOrderItems } from '../../db/schema/marketplace';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, insertListing, itemRows, placeOrder } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

type H = Record<string, string>;
const getWishlist = async (headers: H) => {
  const res = await call<Wishlist>(app, headers, 'GET', '/marketplace/wishlist/general');
  expect(res.status).toBe(200);
  return readAnswer(WishlistSchema, res.response);
};
const putWishlist = (headers: H, unique: string, listingIds: string[], remove = false) =>
  call<Wishlist>(app, headers, 'PUT', `/marketplace/wishlist/${unique}${remove ? '/deleteListings' : ''}`, {
    listings: listingIds,
  });
const getCart = async (headers: H) => {
  const res = await call<Cart>(app, headers, 'GET', '/marketplace/cart');
  expect(res.status).toBe(200);
  return readAnswer(CartSchema, res.response);
};
const titles = (list: { listings: { title: string }[] }) => list.listings.map((l) => l.title);
const activityOf = async (listingId: number) =>
  (await app.ctx.db.select().from(listingActivity).where(eq(listingActivity.listingId, listingId)))[0];

describe('the wishlist', () => {
  it('is made on first read, once, for both account types', async () => {
    for (const role of ['advertiser', 'publisher'] as const) {
      const { headers } = await loginAs(app, role);
      const first = await getWishlist(headers);
      expect(first).toEqual({ unique: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/), listings: [] });
      expect((await getWishlist(headers)).unique).toBe(first.unique);
    }
  });

  it('adds listings as cards, counts each add once for trending, and takes an item already there without error', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { unique } = await getWishlist(headers);
    const a = await insertListing(app, { title: 'Alpha', price: 99.99, discount: 15 });
    const b = await insertListing(app, { title: 'Beta' });
    const added = await putWishlist(headers, unique, [a.unique]);
    expect(added.status).toBe(200);
    expect(readAnswer(WishlistSchema, added.response).listings).toEqual([
      expect.objectContaining({
        unique: a.unique,
        title: 'Alpha',
        price: 99.99,
        discount: 15,
        finalPrice: 84.99,
        image: '/uploads/fixture-image.png',
        seller: 'platform',
        available: true,
        lastOrder: null,
      }),
    ]);
    const again = await putWishlist(headers, unique, [a.unique, b.unique, b.unique]);
    expect(again.status).toBe(200);
    expect(titles(again.response).sort()).toEqual(['Alpha', 'Beta']);
    expect(await activityOf(a.id)).toMatchObject({ wishlistAdds: 1 });
    expect(await activityOf(b.id)).toMatchObject({ wishlistAdds: 1 });
    expect(titles(await getWishlist(headers)).sort()).toEqual(['Alpha', 'Beta']);
  });

  it('answers 404 for an unknown or inactive listing and adds none of the list', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { unique } = await getWishlist(headers);
    const ok = await insertListing(app);
    for (const status of [ListingStatus.Pending, ListingStatus.Rejected, ListingStatus.Archived]) {
      const inactive = await insertListing(app, { status });
      const res = await putWishlist(headers, unique, [ok.unique, inactive.unique]);
      expect([res.status, res.reason]).toEqual([404, M.listingNotFound]);
    }
    const unknown = await putWishlist(headers, unique, ['no-such-listing']);
    expect([unknown.status, unknown.reason]).toEqual([404, M.listingNotFound]);
    expect((await getWishlist(headers)).listings).toEqual([]);
  });

  it("answers 404 for another account's wishlist, and changes nothing in it", async () => {
    const owner = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    const { unique } = await getWishlist(owner.headers);
    await putWishlist(owner.headers, unique, [listing.unique]);
    const add = await putWishlist(other.headers, unique, [listing.unique]);
    expect([add.status, add.reason]).toEqual([404, M.wishlistNotFound]);
    const remove = await putWishlist(other.headers, unique, [listing.unique], true);
    expect([remove.status, remove.reason]).toEqual([404, M.wishlistNotFound]);
    expect((await putWishlist(other.headers, 'no-such-wishlist', [listing.unique])).status).toBe(404);
    expect(titles(await getWishlist(owner.headers))).toEqual(['Sponsored article']);
    expect((await getWishlist(other.headers)).listings).toEqual([]);
  });

  it('removes listings, ignoring those not in it', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { unique } = await getWishlist(headers);
    const a = await insertListing(app, { title: 'Keep' });
    const b = await insertListing(app, { title: 'Drop' });
    const c = await insertListing(app, { title: 'Never added' });
    await putWishlist(headers, unique, [a.unique, b.unique]);
    const res = await putWishlist(headers, unique, [b.unique, c.unique, 'unknown-one'], true);
    expect(res.status).toBe(200);
    expect(titles(res.response)).toEqual(['Keep']);
  });

  it('keeps a listing that is no longer active, marked unavailable', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { unique } = await getWishlist(headers);
    const listing = await insertListing(app);
    await putWishlist(headers, unique, [listing.unique]);
    await app.ctx.db.update(listings).set({ status: ListingStatus.Archived }).where(eq(listings.id, listing.id));
    expect((await getWishlist(headers)).listings).toEqual([
      expect.objectContaining({ unique: listing.unique, available: false }),
    ]);
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { unique } = await getWishlist(headers);
    expect((await putWishlist(headers, unique, [])).status).toBe(400);
    expect((await putWishlist(headers, unique, ['not a unique!'])).status).toBe(400);
    expect((await call(app, headers, 'PUT', `/marketplace/wishlist/${unique}`, {})).status).toBe(400);
    expect((await call(app, {}, 'GET', '/marketplace/wishlist/general')).status).toBe(401);
    expect((await call(app, {}, 'GET', '/marketplace/cart')).status).toBe(401);
  });
});

describe('the cart', () => {
  it('adds, keeps one of each, removes some and empties', async () => {
    const { headers } = await loginAs(app, 'publisher');
    expect(await getCart(headers)).toEqual({ listings: [] });
    const a = await insertListing(app, { title: 'A' });
    const b = await insertListing(app, { title: 'B' });
    const c = await insertListing(app, { title: 'C' });
    expect((await call(app, headers, 'PUT', '/marketplace/cart', { listings: [a.unique] })).status).toBe(200);
    const added = await call<Cart>(app, headers, 'PUT', '/marketplace/cart', {
      listings: [a.unique, b.unique, c.unique],
    });
    expect(titles(added.response).sort()).toEqual(['A', 'B', 'C']);
    const removed = await call<Cart>(app, headers, 'DELETE', '/marketplace/cart', {
      listings: [b.unique, 'unknown-one'],
    });
    expect([removed.status, titles(removed.response).sort()]).toEqual([200, ['A', 'C']]);
    const kept = await call<Cart>(app, headers, 'DELETE', '/marketplace/cart', { listings: [] });
    expect(titles(kept.response).sort()).toEqual(['A', 'C']);
    const emptied = await call<Cart>(app, headers, 'DELETE', '/marketplace/cart');
    expect([emptied.status, emptied.response]).toEqual([200, { listings: [] }]);
  });

  it('answers 404 for an unknown or inactive listing; each account has its own cart', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const inactive = await insertListing(app, { status: ListingStatus.Pending });
    const res = await call(app, headers, 'PUT', '/marketplace/cart', { listings: [inactive.unique] });
    expect([res.status, res.reason]).toEqual([404, M.listingNotFound]);
    const mine = await insertListing(app);
    await call(app, headers, 'PUT', '/marketplace/cart', { listings: [mine.unique] });
    expect((await getCart(other.headers)).listings).toEqual([]);
    await call(app, other.headers, 'DELETE', '/marketplace/cart');
    expect((await getCart(headers)).listings.map((l) => l.unique)).toEqual([mine.unique]);
  });

  it("shows this account's latest order of each listing: its state, proof and delivery date; not a canceled one", async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    await call(app, headers, 'PUT', '/marketplace/cart', { listings: [listing.unique] });
    const order = await placeOrder(app, headers, [listing.unique]);
    // Ordering took it out of the cart; put it back to see the badge.
    expect((await getCart(headers)).listings).toEqual([]);
    await call(app, headers, 'PUT', '/marketplace/cart', { listings: [listing.unique] });
    await call(app, other.headers, 'PUT', '/marketplace/cart', { listings: [listing.unique] });
    expect((await getCart(headers)).listings[0]?.lastOrder).toEqual({
      order,
      state: 'pending',
      proofUrl: null,
      deliveryDate: null,
    });
    const [item] = await itemRows(app, order);
    await app.ctx.db
      .update(marketplaceOrderItems)
      .set({ state: 'completed', proofUrl: 'https://news.example/post', deliveryDate: '2026-03-02' })
      .where(eq(marketplaceOrderItems.id, item?.id ?? 0));
    expect((await getCart(headers)).listings[0]?.lastOrder).toEqual({
      order,
      state: 'completed',
      proofUrl: 'https://news.example/post',
      deliveryDate: '2026-03-02',
    });
    expect((await getCart(other.headers)).listings[0]?.lastOrder).toBeNull();
    const newer = await placeOrder(app, headers, [listing.unique]);
    expect((await call(app, headers, 'DELETE', `/marketplace/orders/${newer}`)).status).toBe(200);
    await call(app, headers, 'PUT', '/marketplace/cart', { listings: [listing.unique] });
    expect((await getCart(headers)).listings[0]?.lastOrder?.order).toBe(order);
  });
});

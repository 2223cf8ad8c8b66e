import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderDetail, OrderDetailSchema, type OrderList, OrderListSchema } from '@cryptads/contract/marketplace';
import { ListingStatus, MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { giveBillingDetails } from '../payments/test-helpers';
import {
  call,
  fund,
  getOrder,
  insertListing,
  insertPackage,
  itemRows,
  ORDER_FORM,
  orderRow,
  placeOrder,
} from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

type H = Record<string, string>;
const create = (headers: H, payload: Record<string, unknown>) =>
  call<{ unique: string }>(app, headers, 'POST', '/marketplace/orders', payload);
const cartOf = async (headers: H) =>
  (await call<{ listings: { unique: string }[] }>(app, headers, 'GET', '/marketplace/cart')).response.listings.map(
    (l) => l.unique,
  );

describe('placing an order', () => {
  it('creates an order waiting for payment at the prices of now, and takes the listings out of the cart', async () => {
    const seller = await loginAs(app, 'publisher');
    const { headers } = await loginAs(app, 'advertiser');
    const discounted = await insertListing(app, { title: 'Discounted', price: 99.99, discount: 15 });
    const publishers = await insertListing(app, { title: 'By a publisher', price: 120, ownerId: seller.user.id });
    const stays = await insertListing(app, { title: 'Stays in the cart' });
    await call(app, headers, 'PUT', '/marketplace/cart', {
      listings: [discounted.unique, publishers.unique, stays.unique],
    });

    const unique = await placeOrder(app, headers, [discounted.unique, publishers.unique, discounted.unique]);
    expect(unique).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await cartOf(headers)).toEqual([stays.unique]);

    const res = await getOrder(app, headers, unique);
    expect(res.status).toBe(200);
    const order = OrderDetailSchema.parse(res.response);
    expect(order).toMatchObject({
      unique,
      status: OrderStatus.Pending,
      price: 204.99,
      items: 2,
      title: 'Discounted',
      email: ORDER_FORM.email,
      livechat: ORDER_FORM.livechat,
      targetUrl: ORDER_FORM.targetUrl,
      package: null,
      paymentMethod: null,
      paidAt: null,
      billingComplete: false,
    });
    expect(order.listings.map((i) => [i.listing.title, i.price, i.seller, i.state, i.acceptBy])).toEqual([
      ['Discounted', 84.99, 'platform', 'pending', null],
      ['By a publisher', 120, 'publisher', 'pending', null],
    ]);
    const items = await itemRows(app, unique);
    expect(items.map((i) => [i.priceMicros, i.sellerId, i.holdId])).toEqual([
      [eurosToMicros(84.99), null, null],
      [eurosToMicros(120), seller.user.id, null],
    ]);
    expect((await orderRow(app, unique)).totalMicros).toBe(eurosToMicros(204.99));
  });

  it('prices each way to pay as a deposit of the total would be, and says whether the balance covers it', async () => {
    const { headers, user } = await loginAs(app, 'advertiser');
    const a = await insertListing(app, { price: 99.99, discount: 15 });
    const b = await insertListing(app, { price: 120 });
    const unique = await placeOrder(app, headers, [a.unique, b.unique]);
    await giveBillingDetails(app, user.id);
    await fund(app, user.id, 204.98);
    const before = OrderDetailSchema.parse((await getOrder(app, headers, unique)).response);
    // Crypto: 1 % fee (2.05, rounded up) and 23 % VAT on both (47.62); card: no fee, VAT 47.15.
    expect([before.billingComplete, before.payOptions]).toEqual([
      true,
      {
        wallet: { total: 204.99, enabled: false },
        crypto: { total: 254.66, fee: 2.05, vat: 47.62 },
        card: { total: 252.14, fee: 0, vat: 47.15 },
      },
    ]);
    await fund(app, user.id, 0.01);
    expect((await getOrder(app, headers, unique)).response.payOptions.wallet.enabled).toBe(true);
    // A company in another member state with a confirmed VAT number pays no VAT (reverse charge).
    await giveBillingDetails(app, user.id, {
      isCompany: true,
      companyName: 'Acme GmbH',
      country: 'DE',
      vatValid: true,
    });
    expect((await getOrder(app, headers, unique)).response.payOptions).toMatchObject({
      crypto: { total: 207.04, fee: 2.05, vat: 0 },
      card: { total: 204.99, fee: 0, vat: 0 },
    });
  });

  it('refuses the contract’s bad input with its messages', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    const base = { ...ORDER_FORM, listings: [listing.unique] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: '' }, M.required],
      [{ ...base, email: '   ' }, M.required],
      [{ ...base, email: `${'a'.repeat(39)}@example.com` }, M.emailTooLong],
      [{ ...base, email: 'not-an-email' }, M.emailInvalid],
      [{ ...base, livechat: 'x'.repeat(51) }, M.livechatTooLong],
      [{ ...base, targetUrl: 'buyer.example' }, M.targetUrlInvalid],
      [{ ...base, listings: [] }, M.cartEmptyOrder],
    ];
    for (const [payload, reason] of cases) {
      const res = await create(headers, payload);
      expect([res.status, res.reason], JSON.stringify(payload)).toEqual([400, reason]);
    }
    // 50 characters is the most an email may have.
    const fifty = `${'a'.repeat(38)}@example.com`;
    expect(fifty).toHaveLength(50);
    expect((await create(headers, { ...base, email: fifty })).status).toBe(200);
    expect((await create(headers, { email: 'a@b.example', listings: [listing.unique] })).status).toBe(200);
  });

  it('refuses listings that are not active, unknown, or the caller’s own (409), and creates nothing', async () => {
    const publisher = await loginAs(app, 'publisher');
    const active = await insertListing(app);
    const own = await insertListing(app, { ownerId: publisher.user.id });
    for (const status of [ListingStatus.Pending, ListingStatus.Rejected, ListingStatus.Archived]) {
      const inactive = await insertListing(app, { status });
      const res = await create(publisher.headers, { ...ORDER_FORM, listings: [active.unique, inactive.unique] });
      expect([res.status, res.reason]).toEqual([409, M.listingUnavailable]);
    }
    const unknown = await create(publisher.headers, { ...ORDER_FORM, listings: [active.unique, 'no-such-listing'] });
    expect([unknown.status, unknown.reason]).toEqual([409, M.listingUnavailable]);
    const mine = await create(publisher.headers, { ...ORDER_FORM, listings: [active.unique, own.unique] });
    expect([mine.status, mine.reason]).toEqual([409, M.ownListing]);
    expect((await call<OrderList>(app, publisher.headers, 'GET', '/marketplace/orders')).response.order).toEqual([]);
    // A publisher may order what others sell (paying is for advertisers).
    expect((await create(publisher.headers, { ...ORDER_FORM, listings: [active.unique] })).status).toBe(200);
  });
});

describe('reading orders', () => {
  it('lists the account’s orders as a map, newest first, titled by their first item', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const a = await insertListing(app, { title: 'First', price: 10 });
    const b = await insertListing(app, { title: 'Second', price: 20 });
    const older = await placeOrder(app, headers, [a.unique, b.unique]);
    const newer = await placeOrder(app, headers, [b.unique]);
    await placeOrder(app, other.headers, [a.unique]);
    const res = await call<OrderList>(app, headers, 'GET', '/marketplace/orders');
    const list = OrderListSchema.parse(res.response);
    expect(list.order).toEqual([newer, older]);
    expect(list.orders[older]).toEqual({
      unique: older,
      date: expect.any(String),
      price: 30,
      status: OrderStatus.Pending,
      items: 2,
      title: 'First',
    });
    expect(list.orders[newer]).toMatchObject({ price: 20, items: 1, title: 'Second' });
  });

  it("answers 404 for another account's order on every order endpoint", async () => {
    const owner = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    await giveBillingDetails(app, other.user.id);
    await fund(app, other.user.id, 1000);
    const listing = await insertListing(app);
    const unique = await placeOrder(app, owner.headers, [listing.unique]);
    for (const [method, path] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/pay/wallet'],
      ['POST', '/pay/crypto'],
      ['POST', '/pay/card'],
    ] as const) {
      const res = await call(app, other.headers, method, `/marketplace/orders/${unique}${path}`);
      expect([method, path, res.status, res.reason]).toEqual([method, path, 404, M.orderNotFound]);
    }
    expect((await getOrder(app, owner.headers, 'no-such-order')).status).toBe(404);
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Pending);
  });
});

describe('canceling an order', () => {
  it('cancels an order waiting for payment, once', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    const unique = await placeOrder(app, headers, [listing.unique]);
    const res = await call<OrderDetail>(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    expect([res.status, res.response.status]).toEqual([200, OrderStatus.Denied]);
    expect((await orderRow(app, unique)).canceledAt).toBeInstanceOf(Date);
    const again = await call(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    expect([again.status, again.reason]).toEqual([409, M.orderNotPending]);
  });

  it('refuses to cancel a paid order', async () => {
    const { headers, user } = await loginAs(app, 'advertiser');
    await giveBillingDetails(app, user.id);
    await fund(app, user.id, 100);
    const listing = await insertListing(app, { price: 100 });
    const unique = await placeOrder(app, headers, [listing.unique]);
    expect((await call(app, headers, 'POST', `/marketplace/orders/${unique}/pay/wallet`)).status).toBe(200);
    const res = await call(app, headers, 'DELETE', `/marketplace/orders/${unique}`);
    expect([res.status, res.reason]).toEqual([409, M.orderNotPending]);
    expect((await orderRow(app, unique)).status).toBe(OrderStatus.Completed);
  });
});

describe('ordering a package', () => {
  it('makes one item per active listing, the package price split so that the items add up to it', async () => {
    const seller = await loginAs(app, 'publisher');
    const { headers, email } = await loginAs(app, 'advertiser');
    const a = await insertListing(app, { title: 'A', price: 100 });
    const b = await insertListing(app, { title: 'B', price: 200, ownerId: seller.user.id });
    const c = await insertListing(app, { title: 'C', price: 400, discount: 50 });
    const gone = await insertListing(app, { title: 'Gone', price: 900, status: ListingStatus.Archived });
    const pkg = await insertPackage(app, { price: 400, listingIds: [a.id, b.id, c.id, gone.id], title: 'PR bundle' });
    const res = await call<{ unique: string }>(app, headers, 'POST', '/marketplace/buckets/order', {
      unique: pkg.unique,
    });
    expect(res.status).toBe(200);
    const order = OrderDetailSchema.parse((await getOrder(app, headers, res.response.unique)).response);
    // Weights 100 : 200 : 200 (C after its discount) of 400: 80, 160, 160.
    expect(order).toMatchObject({
      status: OrderStatus.Pending,
      price: 400,
      title: 'PR bundle',
      package: { unique: pkg.unique, title: 'PR bundle' },
      email,
      livechat: '',
      targetUrl: null,
    });
    expect(order.listings.map((i) => [i.listing.title, i.price, i.seller])).toEqual([
      ['A', 80, 'platform'],
      ['B', 160, 'publisher'],
      ['C', 160, 'platform'],
    ]);
  });

  it('splits an uneven price to the cent', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const ids = [];
    for (const title of ['X', 'Y', 'Z']) ids.push((await insertListing(app, { title, price: 50 })).id);
    const pkg = await insertPackage(app, { price: 100, listingIds: ids });
    const res = await call<{ unique: string }>(app, headers, 'POST', '/marketplace/buckets/order', {
      unique: pkg.unique,
    });
    const items = await itemRows(app, res.response.unique);
    expect(items.map((i) => i.priceMicros)).toEqual([eurosToMicros(33.34), eurosToMicros(33.33), eurosToMicros(33.33)]);
    expect((await orderRow(app, res.response.unique)).totalMicros).toBe(eurosToMicros(100));
  });

  it('answers 404 for an unknown or withdrawn package, or one with no active listing left', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const listing = await insertListing(app);
    const withdrawn = await insertPackage(app, { price: 100, listingIds: [listing.id], active: false });
    const archived = await insertListing(app, { status: ListingStatus.Archived });
    const empty = await insertPackage(app, { price: 100, listingIds: [archived.id] });
    for (const unique of ['no-such-package', withdrawn.unique, empty.unique]) {
      const res = await call(app, headers, 'POST', '/marketplace/buckets/order', { unique });
      expect([res.status, res.reason]).toEqual([404, M.packageNotFound]);
    }
    expect((await call(app, headers, 'POST', '/marketplace/buckets/order', {})).status).toBe(400);
  });
});

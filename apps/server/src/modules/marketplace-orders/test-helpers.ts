import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OrderDetail } from '@cryptads/contract/marketplace';
import { eurosToMicros } from '@cryptads/contract/money';
import type { App } from '../../app';
import { ledgerHolds } from '../../db/schema/ledger';
import {
  listings,
  marketplaceOrderItems,
  marketplaceOrders,
  marketplacePackageListings,
  marketplacePackages,
} from '../../db/schema/marketplace';
import { body } from '../../testing/helpers';
import { depositFor } from '../ledger/test-helpers';

/** Fixtures and calls for the buyer's side of the marketplace (listings written straight into the database). */

export type ListingFixture = {
  title?: string;
  ownerId?: number | null;
  price?: number;
  discount?: number;
  status?: number;
  category?: number;
};

const unique = () => randomBytes(9).toString('base64url');

export async function insertListing(app: App, f: ListingFixture = {}) {
  const [row] = await app.ctx.db
    .insert(listings)
    .values({
      unique: unique(),
      ownerId: f.ownerId ?? null,
      title: f.title ?? 'Sponsored article',
      category: f.category ?? 1,
      niches: ['Finance'],
      website: 'fixture.example',
      image: 'fixture-image.png',
      priceMicros: eurosToMicros(f.price ?? 100),
      discount: f.discount ?? 0,
      status: f.status ?? 1,
    })
    .returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}

export async function insertPackage(
  app: App,
  f: { price: number; listingIds: number[]; title?: string; active?: boolean },
) {
  const [row] = await app.ctx.db
    .insert(marketplacePackages)
    .values({
      unique: unique(),
      type: 0,
      title: f.title ?? 'Press release bundle',
      priceMicros: eurosToMicros(f.price),
      active: f.active ?? true,
    })
    .returning();
  if (!row) throw new Error('package insert returned nothing');
  if (f.listingIds.length > 0)
    await app.ctx.db
      .insert(marketplacePackageListings)
      .values(f.listingIds.map((listingId, position) => ({ packageId: row.id, listingId, position })));
  return row;
}

/** Money on a user's balance, as a paid deposit brings it. */
export const fund = (app: App, userId: number, euros: number) => depositFor(app, userId, eurosToMicros(euros));

type Headers = Record<string, string>;

export async function call<T = unknown>(
  app: App,
  headers: Headers,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const envelope = body<T>(res);
  return { status: res.statusCode, response: envelope.response, reason: envelope.reason };
}

export const ORDER_FORM = { email: 'buyer@example.com', livechat: '@buyer', targetUrl: 'https://buyer.example/page' };

/** Orders listings through the API; answers the new order's unique. */
export async function placeOrder(app: App, headers: Headers, listingUniques: string[], form = ORDER_FORM) {
  const res = await call<{ unique: string }>(app, headers, 'POST', '/marketplace/orders', {
    ...form,
    listings: listingUniques,
  });
  expect([res.status, res.reason]).toEqual([200, null]);
  return res.response.unique;
}

export const getOrder = (app: App, headers: Headers, unique: string) =>
  call<OrderDetail>(app, headers, 'GET', `/marketplace/orders/${unique}`);

export const payWallet = (app: App, headers: Headers, unique: string) =>
  call<OrderDetail>(app, headers, 'POST', `/marketplace/orders/${unique}/pay/wallet`);

export async function orderRow(app: App, unique: string) {
  const [row] = await app.ctx.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.unique, unique));
  if (!row) throw new Error(`no order ${unique}`);
  return row;
}

export async function itemRows(app: App, unique: string) {
  const order = await orderRow(app, unique);
  return app.ctx.db
    .select()
    .from(marketplaceOrderItems)
    .where(eq(marketplaceOrderItems.orderId, order.id))
    .orderBy(marketplaceOrderItems.id);
}

/** The ledger holds of a buyer (all statuses). */
export const holdsOf = (app: App, userId: number) =>
  app.ctx.db.select().from(ledgerHolds).where(eq(ledgerHolds.userId, userId)).orderBy(ledgerHolds.id);

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { eurosToMicros } from '@cryptads/contract/money';
import type { App } from '../../app';
import { billingProfiles } from '../../db/schema/billing-profile';
import { listings, marketplaceOrderItems, marketplaceOrders } from '../../db/schema/marketplace';
import { body, loginAs } from '../../testing/helpers';
import { checkLedger } from '../ledger/check';
import { depositFor } from '../ledger/test-helpers';
import { payWallet } from '../marketplace-orders/order-payment.service';
import { createOrder } from '../marketplace-orders/orders.service';

/**
 * Paid order items for the fulfilment tests, made the way a buyer makes them: listings in the
 * catalogue, an advertiser with billing details and money, an order, and the wallet payment
 * of modules/marketplace-orders (one escrow hold per item).
 */

type Headers = Record<string, string>;

export type ListingFixture = {
  title?: string;
  /** The selling publisher; null (default) for the network's own listing. */
  ownerId?: number | null;
  category?: number;
  price?: number;
  attributes?: Record<string, string>;
};

/** An active listing written straight into the catalogue. */
export async function insertListing(app: App, f: ListingFixture = {}) {
  const [row] = await app.ctx.db
    .insert(listings)
    .values({
      unique: randomBytes(9).toString('base64url'),
      ownerId: f.ownerId ?? null,
      title: f.title ?? 'Sponsored article',
      category: f.category ?? 1,
      niches: ['Finance'],
      website: 'news.example',
      image: 'fixture-image-key-000000000000000000000.png',
      priceMicros: eurosToMicros(f.price ?? 100),
      status: 1,
      attributes: f.attributes ?? {},
    })
    .returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}
export type Buyer = Awaited<ReturnType<typeof loginAs>>;

export async function newBuyer(app: App, euros = 0): Promise<Buyer> {
  const buyer = await loginAs(app, 'advertiser');
  await app.ctx.db.insert(billingProfiles).values({
    userId: buyer.user.id,
    isCompany: false,
    firstName: 'Ada',
    lastName: 'Buyer',
    address: '1 Main Street',
    country: 'DE',
  });
  if (euros > 0) await depositFor(app, buyer.user.id, eurosToMicros(euros));
  return buyer;
}

/**
 * An order of `listings` paid from a new buyer's balance (funded with the total plus `spare`
 * euros). `targetUrl` is the page the placements must link to (null: none).
 */
export async function paidOrder(
  app: App,
  listingFixtures: ListingFixture[],
  opts: { targetUrl?: string | null; buyer?: Buyer; spare?: number } = {},
) {
  const created = [];
  for (const f of listingFixtures) created.push(await insertListing(app, f));
  const total = listingFixtures.reduce((sum, f) => sum + (f.price ?? 100), 0);
  const buyer = opts.buyer ?? (await newBuyer(app));
  await depositFor(app, buyer.user.id, eurosToMicros(total + (opts.spare ?? 0)));
  const targetUrl = opts.targetUrl === undefined ? 'https://buyer.example/landing' : opts.targetUrl;
  const { unique } = await createOrder(app.ctx, buyer.user, {
    email: 'contact@buyer.example',
    livechat: '@buyer',
    targetUrl: targetUrl ?? '',
    listings: created.map((l) => l.unique),
  });
  await payWallet(app.ctx, buyer.user, unique);
  const [order] = await app.ctx.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.unique, unique));
  if (!order) throw new Error('order vanished');
  const items = await app.ctx.db
    .select()
    .from(marketplaceOrderItems)
    .where(eq(marketplaceOrderItems.orderId, order.id))
    .orderBy(asc(marketplaceOrderItems.id));
  for (const item of items) expect(item.holdId).not.toBeNull();
  return { buyer, order, items, listings: created };
}

export async function itemRow(app: App, itemId: number) {
  const [row] = await app.ctx.db.select().from(marketplaceOrderItems).where(eq(marketplaceOrderItems.id, itemId));
  if (!row) throw new Error(`no item ${itemId}`);
  return row;
}

/** Calls the API and answers status, response and reason. */
export async function call<T = unknown>(
  app: App,
  headers: Headers,
  method: 'GET' | 'POST',
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

/** Every ledger invariant holds (modules/ledger/check.ts). */
export async function expectLedgerOk(app: App) {
  const check = await checkLedger(app.ctx.db);
  expect(check.items.filter((i) => i.violations > 0)).toEqual([]);
}

type Page = { status?: number; type?: string; body: string };

/**
 * Proof pages served on 127.0.0.1 by the test (the app runs with VERIFY_ALLOW_PRIVATE=1, as
 * website verification's tests do). `pages` maps a path to what it answers; others are 404.
 */
export async function servePages(pages: Record<string, Page> = {}) {
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page?.status ?? (page ? 200 : 404), { 'content-type': page?.type ?? 'text/html; charset=utf-8' });
    res.end(page?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    pages,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const articleWith = (links: string) =>
  `<!doctype html><html><head><title>Article</title></head><body><article><h1>News</h1><p>Read ${links} today.</p></article></body></html>`;

/** The header of a WebP file: RIFF, then one VP8X, 'VP8 ' or VP8L chunk with its sizes. */
export function webpHeader(kind: 'VP8X' | 'VP8 ' | 'VP8L', width: number, height: number): Buffer {
  const b = Buffer.alloc(64);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(56, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(kind, 12, 'latin1');
  b.writeUInt32LE(36, 16);
  if (kind === 'VP8X') {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  } else if (kind === 'VP8 ') {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else {
    b[20] = 0x2f;
    b.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  }
  return b;
}

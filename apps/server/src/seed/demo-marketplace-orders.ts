import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { finalPriceMicros, ListingStatus } from '@cryptads/contract/marketplace-messages';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { listings, marketplaceOrderItems, marketplaceOrders, marketplacePackages } from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { backdateTransfers, lastTransferId, operatorCredit } from '../modules/ledger/ledger.service';
import {
  acceptItem,
  type Actor,
  approveItem,
  deliverItem,
  denyItem,
  expireIfOverdue,
} from '../modules/marketplace-fulfilment/lifecycle';
import type { Fetcher } from '../modules/marketplace-fulfilment/proof-check';
import { payByProvider, payWallet } from '../modules/marketplace-orders/order-payment.service';
import { cancelOrder, createOrder, orderPackage } from '../modules/marketplace-orders/orders.service';
import { paymentsOf } from '../modules/payments/deposits.service';

/**
 * The demo advertiser's marketplace orders, made through the same service functions
 * as the API and the item lifecycle of modules/marketplace-fulfilment, so that balances, holds,
 * escrow and the ledger agree (`npm run operator -- ledger check`):
 *
 * - a finished order (12 days ago): one item completed with its proof, one denied by the
 *   network, one expired because the publisher did not accept it in time;
 * - an order in progress (2 days ago): one item delivered with its proof (the buyer's review
 *   window is open), one accepted, one waiting for the demo publisher to accept;
 * - a canceled order, an order waiting for payment, one with a sandbox card payment open
 *   (when the sandbox takes cards or crypto) and a package order waiting for payment.
 *
 * The wallet payments are funded by a demo deposit of exactly what they leave spent or held,
 * so the advertiser's visible balance is the one the demo promises. Runs after the catalogue
 * (seed/demo-marketplace.ts) and the advertiser's billing details (seed/demo-billing.ts); does
 * nothing once the advertiser has an order.
 */

const DAY_MS = 86_400_000;
/** How long ago the finished order was placed: the first of the demo orders. */
export const FINISHED_DAYS_AGO = 12;
const TARGET_URL = 'https://ada-media.example/launch';
const ORDER_FORM = { email: 'advertiser@cryptads.example', livechat: '@ada_media', targetUrl: TARGET_URL };
export const demoOrdersFundingKey = (email: string) => `demo-marketplace-orders:${email}`;

type Listing = { id: number; unique: string; website: string | null; priceMicros: bigint; discount: number };

/** The publication the demo proofs point to: a page that links to the order's target, as a real one would. */
const demoProofPage: Fetcher = async (url) => ({
  status: 200,
  url,
  contentType: 'text/html; charset=utf-8',
  body: `<!doctype html><html><body><article><h1>Ada Media launches its index</h1><p>Read more at <a href="${TARGET_URL}">Ada Media</a>.</p></article></body></html>`,
});

export async function seedDemoMarketplaceOrders(
  ctx: AppContext,
  opts: { advertiserEmail: string; publisherEmail: string; log?: (message: string) => void },
): Promise<number> {
  const db = ctx.db as Db;
  const [advertiser] = await db.select().from(users).where(eq(users.email, opts.advertiserEmail)).limit(1);
  const [publisher] = await db.select().from(users).where(eq(users.email, opts.publisherEmail)).limit(1);
  if (!advertiser || !publisher) return 0;
  const [existing] = await db
    .select({ n: count() })
    .from(marketplaceOrders)
    .where(eq(marketplaceOrders.buyerId, advertiser.id));
  if ((existing?.n ?? 0) > 0) return 0;

  // The cheapest active listings of each seller: the demo keeps its sums modest.
  const pick = (owner: number | null) =>
    db
      .select({
        id: listings.id,
        unique: listings.unique,
        website: listings.website,
        priceMicros: listings.priceMicros,
        discount: listings.discount,
      })
      .from(listings)
      .where(
        and(
          eq(listings.status, ListingStatus.Active),
          owner === null ? isNull(listings.ownerId) : eq(listings.ownerId, owner),
        ),
      )
      .orderBy(asc(listings.priceMicros), asc(listings.id))
      .limit(6);
  const ofPublisher = await pick(publisher.id);
  const ofNetwork = await pick(null);
  if (ofPublisher.length < 4 || ofNetwork.length < 5) return 0;
  const [p1, p2, p3, p4, p5 = ofPublisher[0]] = ofPublisher as [Listing, Listing, Listing, Listing, Listing?];
  const [n1, n2, n3, n4, n5] = ofNetwork as [Listing, Listing, Listing, Listing, Listing];

  const seller: Actor = { kind: 'seller', userId: publisher.id };
  const network: Actor = { kind: 'operator' };
  const order = (picked: Listing[]) =>
    createOrder(ctx, advertiser, { ...ORDER_FORM, listings: picked.map((l) => l.unique) });
  const itemsOf = async (unique: string) =>
    db
      .select({
        id: marketplaceOrderItems.id,
        listingId: marketplaceOrderItems.listingId,
        acceptBy: marketplaceOrderItems.acceptBy,
      })
      .from(marketplaceOrderItems)
      .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderItems.orderId))
      .where(eq(marketplaceOrders.unique, unique))
      .orderBy(asc(marketplaceOrderItems.id));
  const proofOf = (l: Listing) => ({ proofUrl: `https://${l.website ?? 'news.example'}/sponsored/ada-media-launch` });

  // Funded first: what the paid orders cost (each item at its price after discount, as the
  // order fixes it) less what their denied and expired items give back.
  const finished = [p1, n1, p2];
  const inProgress = [p3, n2, p4];
  const price = (l: Listing) => finalPriceMicros(l.priceMicros, l.discount);
  const refunded = price(n1) + price(p2);
  const spent = [...finished, ...inProgress].reduce((sum, l) => sum + price(l), 0n) - refunded;
  // Credited before the first order was placed (12 days ago, see the dates below).
  await db.transaction((tx) =>
    operatorCredit(tx, {
      userId: advertiser.id,
      amountMicros: spent,
      description: 'Demo deposit (marketplace orders)',
      reference: 'demo',
      idempotencyKey: demoOrdersFundingKey(opts.advertiserEmail),
      at: new Date(Date.now() - FINISHED_DAYS_AGO * DAY_MS - 60_000),
    }),
  );

  // 1. Finished: completed, denied by the network, expired (not accepted in time).
  const beforeFinished = await lastTransferId(db);
  const done = (await order(finished)).unique;
  await payWallet(ctx, advertiser, done);
  const [completed, denied, expired] = await itemsOf(done);
  if (!completed || !denied || !expired) throw new Error('demo order without its items');
  await acceptItem(ctx, seller, completed.id);
  await deliverItem(ctx, seller, completed.id, proofOf(p1), new Date(), demoProofPage);
  await approveItem(ctx, advertiser.id, done, completed.id);
  await denyItem(ctx, network, denied.id, 'This week’s sponsored slots are sold out. Please order again next week.');
  await expireIfOverdue(ctx, expired.id, new Date((expired.acceptBy?.getTime() ?? Date.now()) + 60_000));

  // 2. In progress: delivered (review window open), accepted, waiting for the publisher.
  const beforeOpen = await lastTransferId(db);
  const open = (await order(inProgress)).unique;
  await payWallet(ctx, advertiser, open);
  const [delivered, accepted] = await itemsOf(open);
  if (!delivered || !accepted) throw new Error('demo order without its items');
  await acceptItem(ctx, seller, delivered.id);
  await deliverItem(ctx, seller, delivered.id, proofOf(p3), new Date(), demoProofPage);
  await acceptItem(ctx, network, accepted.id);
  const afterOpen = await lastTransferId(db);

  // 3. Canceled, 4. waiting for payment, 5. a card (or crypto) payment open, 6. a package.
  const canceled = (await order([n3])).unique;
  await cancelOrder(ctx, advertiser, canceled);
  const waiting = (await order([p5 ?? p1, n4])).unique;
  const providers = paymentsOf(ctx);
  const method =
    providers.forMethod('card').name === 'sandbox'
      ? 'card'
      : providers.forMethod('crypto').name === 'sandbox'
        ? 'crypto'
        : null;
  let processing: string | null = null;
  if (method) {
    processing = (await order([n5])).unique;
    await payByProvider(ctx, advertiser, processing, method);
  }
  const [pkg] = await db
    .select({ unique: marketplacePackages.unique })
    .from(marketplacePackages)
    .where(eq(marketplacePackages.active, true))
    .orderBy(asc(marketplacePackages.position), asc(marketplacePackages.id))
    .limit(1);
  const bundle = pkg ? (await orderPackage(ctx, advertiser, pkg.unique)).unique : null;

  // Dates: each order as if placed some days ago (its steps and timers moved with it, so the
  // open items' deadlines stay ahead and the timers job leaves them alone), and its money in
  // the ledger with it (the statement shows the purchase on the day it was made).
  await backdate(db, done, FINISHED_DAYS_AGO);
  await backdateTransfers(db, { afterId: beforeFinished, upToId: beforeOpen }, FINISHED_DAYS_AGO * DAY_MS);
  await backdate(db, open, 2);
  await backdateTransfers(db, { afterId: beforeOpen, upToId: afterOpen }, 2 * DAY_MS);
  await backdate(db, canceled, 8);
  if (processing) await backdate(db, processing, 1 / 24);

  const made = [done, open, canceled, waiting, processing, bundle].filter(Boolean).length;
  ctx.events?.wake();
  opts.log?.(`Demo marketplace orders: ${made} for ${opts.advertiserEmail}`);
  return made;
}

/** Moves an order and its items' steps `days` into the past, all by the same amount. */
async function backdate(db: Db, unique: string, days: number) {
  const ms = Math.round(days * DAY_MS);
  const back = (column: unknown) => sql`${column} - make_interval(secs => ${ms / 1000})`;
  const [order] = await db
    .update(marketplaceOrders)
    .set({
      createdAt: back(marketplaceOrders.createdAt),
      updatedAt: back(marketplaceOrders.updatedAt),
      paidAt: back(marketplaceOrders.paidAt),
      canceledAt: back(marketplaceOrders.canceledAt),
    })
    .where(eq(marketplaceOrders.unique, unique))
    .returning({ id: marketplaceOrders.id });
  if (!order) return;
  const i = marketplaceOrderItems;
  await db
    .update(i)
    .set({
      acceptBy: back(i.acceptBy),
      acceptedAt: back(i.acceptedAt),
      deliverBy: back(i.deliverBy),
      deliveredAt: back(i.deliveredAt),
      completeBy: back(i.completeBy),
      completedAt: back(i.completedAt),
      deniedAt: back(i.deniedAt),
      updatedAt: back(i.updatedAt),
      deliveryDate: sql`(${i.deliveryDate} - ${Math.round(days)}::int)`,
      proofCheck: sql`case when ${i.proofCheck} is null then null else jsonb_set(${i.proofCheck}, '{checkedAt}',
        to_jsonb(to_char((((${i.proofCheck}->>'checkedAt')::timestamptz - make_interval(secs => ${ms / 1000})) at time zone 'UTC'),
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) end`,
    })
    .where(eq(i.orderId, order.id));
}

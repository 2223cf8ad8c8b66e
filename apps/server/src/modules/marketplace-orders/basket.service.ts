import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type {
  BasketItem,
  BasketItemSchema,
  CartSchema,
  ItemState,
  WishlistSchema,
} from '@cryptads/contract/marketplace';
import { ListingStatus, MARKETPLACE_MESSAGES as M, OrderStatus } from '@cryptads/contract/marketplace-messages';
import type { Served } from '@cryptads/contract/money-schema';
import type { Db, DbOrTx } from '../../db/client';
import {
  cartItems,
  listings,
  marketplaceOrderItems,
  marketplaceOrders,
  wishlistItems,
  wishlists,
} from '../../db/schema/marketplace';
import { notFound } from '../../lib/errors';
import { cardColumns, presentCards, recordListingActivity } from '../marketplace/marketplace.service';

/**
 * The wishlist and the cart (docs/product/marketplace.md#wishlist-and-cart, #api): lists of listings an account keeps, each
 * shown as the catalogue shows it, marked when no longer available (still listed, cannot be
 * ordered) and with what became of this account's latest order of it (the status badge; a
 * completed item shows its proof and delivery date).
 */

type WishlistRow = typeof wishlists.$inferSelect;
/** Prices in micro-euros: the schemas write euros (money-schema.ts). */
type Wishlist = Served<typeof WishlistSchema>;
type Cart = Served<typeof CartSchema>;

/** Items of every order but canceled ones: a waiting or paid order of a listing is its latest state. */
async function lastOrders(db: DbOrTx, buyerId: number, listingIds: readonly number[]) {
  if (listingIds.length === 0) return new Map<number, BasketItem['lastOrder']>();
  const rows = await db
    .selectDistinctOn([marketplaceOrderItems.listingId], {
      listingId: marketplaceOrderItems.listingId,
      order: marketplaceOrders.unique,
      state: marketplaceOrderItems.state,
      proofUrl: marketplaceOrderItems.proofUrl,
      deliveryDate: marketplaceOrderItems.deliveryDate,
    })
    .from(marketplaceOrderItems)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderItems.orderId))
    .where(
      and(
        eq(marketplaceOrders.buyerId, buyerId),
        ne(marketplaceOrders.status, OrderStatus.Denied),
        inArray(marketplaceOrderItems.listingId, [...listingIds]),
      ),
    )
    .orderBy(marketplaceOrderItems.listingId, desc(marketplaceOrders.createdAt), desc(marketplaceOrderItems.id));
  return new Map(
    rows.map((r) => [
      r.listingId,
      { order: r.order, state: r.state as ItemState, proofUrl: r.proofUrl, deliveryDate: r.deliveryDate },
    ]),
  );
}

type Kept = { id: number; status: number } & Parameters<typeof presentCards>[1][number];

async function presentBasket(db: DbOrTx, buyerId: number, rows: Kept[]): Promise<Served<typeof BasketItemSchema>[]> {
  const [cards, last] = await Promise.all([
    presentCards(db, rows),
    lastOrders(
      db,
      buyerId,
      rows.map((r) => r.id),
    ),
  ]);
  return cards.map((card, i) => {
    const row = rows[i] as Kept;
    return { ...card, available: row.status === ListingStatus.Active, lastOrder: last.get(row.id) ?? null };
  });
}

/** Active listings by public id; one that is unknown or not active answers 404. */
async function activeListingIds(db: DbOrTx, uniques: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(uniques)];
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.unique, wanted), eq(listings.status, ListingStatus.Active)));
  if (rows.length !== wanted.length) throw notFound(M.listingNotFound);
  return rows.map((r) => r.id);
}

const listingIdsOf = async (db: DbOrTx, uniques: readonly string[]) =>
  (
    await db
      .select({ id: listings.id })
      .from(listings)
      .where(inArray(listings.unique, [...new Set(uniques)]))
  ).map((r) => r.id);

// ---------------------------------------------------------------- wishlist

/** The account's one wishlist, made on first read (two first reads at once: one insert wins). */
async function wishlistOf(db: DbOrTx, userId: number): Promise<WishlistRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db.select().from(wishlists).where(eq(wishlists.userId, userId)).limit(1);
    if (row) return row;
    await db
      .insert(wishlists)
      .values({ userId, unique: randomBytes(9).toString('base64url') })
      .onConflictDoNothing();
  }
  throw new Error(`could not make the wishlist of user ${userId}`);
}

/** The wishlist named `unique` if it is the caller's; another account's (or none) answers 404. */
async function ownedWishlist(db: DbOrTx, userId: number, unique: string): Promise<WishlistRow> {
  const [row] = await db
    .select()
    .from(wishlists)
    .where(and(eq(wishlists.unique, unique), eq(wishlists.userId, userId)))
    .limit(1);
  if (!row) throw notFound(M.wishlistNotFound);
  return row;
}

async function presentWishlist(db: DbOrTx, list: WishlistRow): Promise<Wishlist> {
  const rows = await db
    .select({ ...cardColumns, status: listings.status })
    .from(wishlistItems)
    .innerJoin(listings, eq(listings.id, wishlistItems.listingId))
    .where(eq(wishlistItems.wishlistId, list.id))
    .orderBy(desc(wishlistItems.addedAt), desc(listings.id));
  return { unique: list.unique, listings: await presentBasket(db, list.userId, rows) };
}

/** GET /marketplace/wishlist/general. */
export async function wishlist(db: DbOrTx, userId: number): Promise<Wishlist> {
  return presentWishlist(db, await wishlistOf(db, userId));
}

/**
 * PUT /marketplace/wishlist/{unique}: adds active listings; one already there stays (not an
 * error). Each listing newly added counts as a wishlist add for trending.
 */
export async function addToWishlist(db: Db, userId: number, unique: string, uniques: readonly string[]) {
  const list = await ownedWishlist(db, userId, unique);
  await db.transaction(async (tx) => {
    const ids = await activeListingIds(tx, uniques);
    const added = await tx
      .insert(wishlistItems)
      .values(ids.map((listingId) => ({ wishlistId: list.id, listingId })))
      .onConflictDoNothing()
      .returning({ listingId: wishlistItems.listingId });
    // In id order: two accounts adding the same listings at once lock their rows in one order.
    const counted = added.map((a) => a.listingId).sort((a, b) => a - b);
    for (const listingId of counted) await recordListingActivity(tx, listingId, { wishlistAdds: 1 });
  });
  return presentWishlist(db, list);
}

/** PUT /marketplace/wishlist/{unique}/deleteListings: listings not in it (or unknown) are ignored. */
export async function removeFromWishlist(db: DbOrTx, userId: number, unique: string, uniques: readonly string[]) {
  const list = await ownedWishlist(db, userId, unique);
  const ids = await listingIdsOf(db, uniques);
  if (ids.length > 0)
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, list.id), inArray(wishlistItems.listingId, ids)));
  return presentWishlist(db, list);
}

// ---------------------------------------------------------------- cart

/** GET /marketplace/cart: newest first. */
export async function cart(db: DbOrTx, userId: number): Promise<Cart> {
  const rows = await db
    .select({ ...cardColumns, status: listings.status })
    .from(cartItems)
    .innerJoin(listings, eq(listings.id, cartItems.listingId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.addedAt), desc(listings.id));
  return { listings: await presentBasket(db, userId, rows) };
}

/** PUT /marketplace/cart: adds active listings (404 for another); one already there stays. */
export async function addToCart(db: DbOrTx, userId: number, uniques: readonly string[]) {
  const ids = await activeListingIds(db, uniques);
  await db
    .insert(cartItems)
    .values(ids.map((listingId) => ({ userId, listingId })))
    .onConflictDoNothing();
  return cart(db, userId);
}

/** DELETE /marketplace/cart: removes the listings named, or, without any, empties the cart. */
export async function removeFromCart(db: DbOrTx, userId: number, uniques: readonly string[] | undefined) {
  if (uniques === undefined) await db.delete(cartItems).where(eq(cartItems.userId, userId));
  else {
    const ids = await listingIdsOf(db, uniques);
    if (ids.length > 0)
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.listingId, ids)));
  }
  return cart(db, userId);
}

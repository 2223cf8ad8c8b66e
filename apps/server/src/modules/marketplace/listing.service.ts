import { and, eq, or, sql } from 'drizzle-orm';
import type { ListingDetail, ListingDetailSchema, ListingView } from '@cryptads/contract/marketplace';
import { ListingStatus, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import type { Served } from '@cryptads/contract/money-schema';
import type { Db, DbOrTx } from '../../db/client';
import { cartItems, listings, marketplacePreferences, wishlistItems, wishlists } from '../../db/schema/marketplace';
import { notFound } from '../../lib/errors';
import { completionRates, mediaUrl, toCard } from './cards';
import { recordListingView } from './trending';

export type ListingRow = typeof listings.$inferSelect;

/**
 * A listing `userId` may read: any active one, and their own whatever its status (a publisher
 * follows their pending or rejected request). Anything else answers 404, whether it exists or not.
 */
export async function readableListing(db: DbOrTx, unique: string, userId: number): Promise<ListingRow> {
  const [row] = await db
    .select()
    .from(listings)
    .where(
      and(eq(listings.unique, unique), or(eq(listings.status, ListingStatus.Active), eq(listings.ownerId, userId))),
    )
    .limit(1);
  if (!row) throw notFound(M.listingNotFound);
  return row;
}

/**
 * GET /marketplace/listings/{id}: the listing page. Reading an active listing of someone else
 * counts a view for trending (once per account and day).
 */
export async function listingDetail(
  db: Db,
  unique: string,
  userId: number,
): Promise<Served<typeof ListingDetailSchema>> {
  const row = await readableListing(db, unique, userId);
  if (row.status === ListingStatus.Active && row.ownerId !== userId) await recordListingView(db, row.id, userId);
  const [wished, carted, rates] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(wishlistItems)
      .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
      .where(and(eq(wishlists.userId, userId), eq(wishlistItems.listingId, row.id)))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.listingId, row.id)))
      .limit(1),
    completionRates(db, [row.id]),
  ]);
  return {
    ...toCard(row, rates.get(row.id) ?? null),
    cover: mediaUrl(row.cover),
    description: row.description,
    gallery: row.gallery.map((g) => mediaUrl(g)),
    metadata: {
      logo: mediaUrl(row.metadata.logo),
      attributes: row.metadata.attributes ?? {},
      features: row.metadata.features ?? [],
    },
    samplePostUrl: row.samplePostUrl,
    status: row.status as ListingDetail['status'],
    inWishlist: wished.length > 0,
    inCart: carted.length > 0,
  };
}

/** GET /marketplace/displayView: grid until the account chose. */
export async function displayView(db: DbOrTx, userId: number): Promise<{ view: ListingView }> {
  const [row] = await db
    .select({ view: marketplacePreferences.view })
    .from(marketplacePreferences)
    .where(eq(marketplacePreferences.userId, userId))
    .limit(1);
  return { view: row?.view === 'list' ? 'list' : 'grid' };
}

/** PUT /marketplace/displayView. */
export async function setDisplayView(db: DbOrTx, userId: number, view: ListingView): Promise<{ view: ListingView }> {
  await db
    .insert(marketplacePreferences)
    .values({ userId, view })
    .onConflictDoUpdate({ target: marketplacePreferences.userId, set: { view } });
  return { view };
}

import { and, inArray, sql } from 'drizzle-orm';
import type { ListingCardSchema } from '@cryptads/contract/marketplace';
import { finalPriceMicros } from '@cryptads/contract/marketplace-messages';
import type { Served } from '@cryptads/contract/money-schema';
import type { DbOrTx } from '../../db/client';
import { listings, marketplaceOrderItems } from '../../db/schema/marketplace';

/**
 * Listing cards (rows, cards, the wishlist, the cart): the columns a card needs, selected the
 * same way everywhere, and the presenter. Other modules (wishlist, cart, selling) build their
 * rows from `cardColumns` and present them with `presentCards`.
 */

export const cardColumns = {
  id: listings.id,
  unique: listings.unique,
  ownerId: listings.ownerId,
  title: listings.title,
  image: listings.image,
  icon: listings.icon,
  category: listings.category,
  niches: listings.niches,
  language: listings.language,
  website: listings.website,
  priceMicros: listings.priceMicros,
  discount: listings.discount,
  sticky: listings.sticky,
  featured: listings.featured,
  attributes: listings.attributes,
  turnaroundDays: listings.turnaroundDays,
};

export type CardRow = {
  id: number;
  unique: string;
  ownerId: number | null;
  title: string;
  image: string;
  icon: string | null;
  category: number;
  niches: string[];
  language: string;
  website: string | null;
  priceMicros: bigint;
  discount: number;
  sticky: boolean;
  featured: number;
  attributes: Record<string, string>;
  turnaroundDays: number;
};

/** Only active listings are public (ListingStatus.Active); literal so partial indexes apply. */
export const isActive = sql`${listings.status} = 1`;

/** The price a buyer pays in SQL: the same rounding as finalPriceMicros (migration 0008). */
export const finalPriceSql = sql`marketplace_final_price(${listings.priceMicros}, ${listings.discount})`;

/**
 * A stored image as a URL: the column holds a storage key (served under /uploads/) or, for
 * images stored elsewhere by us, a path or URL already.
 */
export function mediaUrl(value: string): string;
export function mediaUrl(value: string | null): string | null;
export function mediaUrl(value: string | null): string | null {
  if (value === null || value === '') return value === '' ? '' : null;
  return /^(\/|https?:\/\/)/.test(value) ? value : `/uploads/${value}`;
}

/**
 * Per listing: percent of its finished items (completed, denied, expired) that completed.
 * Only paid items ever reach those states. One grouped query for a whole page.
 */
export async function completionRates(db: DbOrTx, listingIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(listingIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      listingId: marketplaceOrderItems.listingId,
      completed: sql<number>`count(*) filter (where ${marketplaceOrderItems.state} = 'completed')`.mapWith(Number),
      finished: sql<number>`count(*)`.mapWith(Number),
    })
    .from(marketplaceOrderItems)
    .where(
      and(
        inArray(marketplaceOrderItems.listingId, ids),
        inArray(marketplaceOrderItems.state, ['completed', 'denied', 'expired']),
      ),
    )
    .groupBy(marketplaceOrderItems.listingId);
  return new Map(rows.map((r) => [r.listingId, Math.round((r.completed / r.finished) * 1000) / 10]));
}

/** A card as a handler returns it: prices in micro-euros (the schema writes euros). */
export type Card = Served<typeof ListingCardSchema>;

/** One card, given its completion rate (null before its first finished item). */
export function toCard(row: CardRow, completionRate: number | null): Card {
  return {
    unique: row.unique,
    title: row.title,
    image: mediaUrl(row.image),
    icon: mediaUrl(row.icon),
    category: row.category,
    niches: row.niches,
    language: row.language,
    website: row.website,
    price: row.priceMicros,
    discount: row.discount,
    finalPrice: finalPriceMicros(row.priceMicros, row.discount),
    sticky: row.sticky,
    featured: row.featured,
    attributes: row.attributes,
    turnaroundDays: row.turnaroundDays,
    completionRate,
    seller: row.ownerId === null ? 'platform' : 'publisher',
  };
}

/** Cards for rows, in their order, with their completion rates in one query. */
export async function presentCards(db: DbOrTx, rows: readonly CardRow[]): Promise<Card[]> {
  const rates = await completionRates(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toCard(row, rates.get(row.id) ?? null));
}

import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AccountType } from '@cryptads/contract/account';
import type { IncomingItem, MyListing, MyListingSchema, NewListingSchema } from '@cryptads/contract/marketplace';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_YES_NO_ATTRIBUTES,
  LISTING_ATTRIBUTE,
  type ListingCategoryId,
  ListingStatus,
  MARKETPLACE_MESSAGES as M,
  SOCIAL_ATTRIBUTES,
  VIDEO_CATEGORY,
  YES_NO_ATTRIBUTES,
} from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import type { Served } from '@cryptads/contract/money-schema';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { listings, marketplaceOrderItems as items } from '../../db/schema/marketplace';
import { badRequest } from '../../lib/errors';
import { cardColumns, presentCards } from '../marketplace/marketplace.service';
import type { UserRow } from '../sessions/sessions.service';
import { loadItems, presentIncomingItem } from './item-view';
import { checkThumbnail } from './thumbnail';

/** A publisher's side of the marketplace (docs/product/marketplace.md#selling): request listings, see them and their sales. */

type NewListing = z.output<typeof NewListingSchema>;

/** A random public id (URL-safe, 12 characters). */
export const newUnique = () => randomBytes(9).toString('base64url');

function yesNo(value: string | undefined): 'Yes' | 'No' {
  if (value === undefined) return 'Yes';
  const v = value.trim().toLowerCase();
  if (v === 'yes') return 'Yes';
  if (v === 'no') return 'No';
  throw badRequest(M.yesNoInvalid);
}

/**
 * The attribute map a requested listing gets (docs/product/marketplace.md#selling): every yes/no option of its
 * category (Yes unless the publisher said No), the article-only options only for article
 * categories, Youtube only for video, the social fields when filled in, and its language.
 * Keys that do not apply to the category are left out rather than refused: the form may send
 * the whole set.
 */
export function listingAttributes(
  category: number,
  language: string,
  given: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const yesNoKeys: string[] = [...YES_NO_ATTRIBUTES];
  if (ARTICLE_CATEGORIES.includes(category as ListingCategoryId)) yesNoKeys.push(...ARTICLE_YES_NO_ATTRIBUTES);
  for (const key of yesNoKeys) out[key] = yesNo(given[key]);
  const textKeys: string[] = [...SOCIAL_ATTRIBUTES];
  if (category === VIDEO_CATEGORY) textKeys.push(LISTING_ATTRIBUTE.youtube);
  for (const key of textKeys) {
    const value = given[key]?.trim();
    if (value) out[key] = value;
  }
  out[LISTING_ATTRIBUTE.language] = language;
  return out;
}

/** The host name of the Website attribute ('https://www.News.example/x' -> 'news.example'), if it is one. */
export function websiteHost(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * POST /marketplace/listings/new: checks the thumbnail by content, stores it, and records a
 * pending listing owned by the publisher; an operator approves or rejects it
 * (`npm run operator -- listing approve|reject`).
 */
export async function requestListing(ctx: Pick<AppContext, 'db' | 'storage'>, user: UserRow, input: NewListing) {
  const thumbnail = checkThumbnail(input.icon);
  const attributes = listingAttributes(input.category, input.language, input.attributes);
  const key = `${randomBytes(24).toString('base64url')}.${thumbnail.extension}`;
  await ctx.storage.put(key, thumbnail.bytes);
  try {
    const [row] = await ctx.db
      .insert(listings)
      .values({
        unique: newUnique(),
        ownerId: user.id,
        title: input.title,
        category: input.category,
        niches: input.niches,
        language: input.language,
        website: websiteHost(attributes[LISTING_ATTRIBUTE.website]),
        image: key,
        icon: key,
        priceMicros: eurosToMicros(input.price),
        status: ListingStatus.Pending,
        attributes,
      })
      .returning({ unique: listings.unique });
    if (!row) throw new Error('listing insert returned nothing');
    return { unique: row.unique };
  } catch (error) {
    // No listing, no file: an orphan image would never be served nor cleaned up.
    await ctx.storage.remove(key).catch(() => {});
    throw error;
  }
}

/** GET /marketplace/selling/listings: every listing of the publisher, newest first, with its sales. */
export async function myListings(db: DbOrTx, userId: number): Promise<{ listings: Served<typeof MyListingSchema>[] }> {
  const rows = await db
    .select({
      ...cardColumns,
      status: listings.status,
      rejectReason: listings.rejectReason,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .where(eq(listings.ownerId, userId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  if (rows.length === 0) return { listings: [] };
  const sales = await db
    .select({
      listingId: items.listingId,
      sold: sql<number>`count(*) filter (where ${items.holdId} is not null)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${items.state} = 'completed')`.mapWith(Number),
    })
    .from(items)
    .where(
      inArray(
        items.listingId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(items.listingId);
  const byListing = new Map(sales.map((s) => [s.listingId, s]));
  const cards = await presentCards(db, rows);
  return {
    listings: rows.map((row, i) => ({
      ...(cards[i] as (typeof cards)[number]),
      status: row.status as MyListing['status'],
      rejectReason: row.rejectReason,
      createdAt: row.createdAt.toISOString(),
      sold: byListing.get(row.id)?.sold ?? 0,
      completed: byListing.get(row.id)?.completed ?? 0,
    })),
  };
}

/** Most incoming items a seller's list shows (open ones always come first). */
const INCOMING_MAX = 500;

/**
 * GET /marketplace/selling/items: paid items of the publisher's listings. Open ones first, the
 * most urgent deadline first; then finished ones, the latest first.
 */
export async function incomingItems(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
): Promise<{ items: IncomingItem[] }> {
  const rows = await loadItems(ctx.db, and(eq(items.sellerId, userId), isNotNull(items.holdId)), {
    orderBy: [
      sql`case when ${items.state} in ('pending', 'accepted', 'delivered') then 0 else 1 end`,
      sql`case ${items.state} when 'pending' then ${items.acceptBy} when 'accepted' then ${items.deliverBy}
        when 'delivered' then ${items.completeBy} end asc nulls last`,
      sql`${items.updatedAt} desc`,
      sql`${items.id} desc`,
    ],
    limit: INCOMING_MAX,
  });
  return { items: rows.map((r) => presentIncomingItem(r, ctx.config)) };
}

/** GET /marketplace/selling: whether the account lists offers, and how many of its items wait for it. */
export async function canSell(db: DbOrTx, user: UserRow) {
  if (user.type !== AccountType.Publisher) return { canSell: false, waiting: 0 };
  const [row] = await db
    .select({ waiting: sql<number>`count(*)`.mapWith(Number) })
    .from(items)
    .where(and(eq(items.sellerId, user.id), isNotNull(items.holdId), inArray(items.state, ['pending', 'accepted'])));
  return { canSell: true, waiting: row?.waiting ?? 0 };
}

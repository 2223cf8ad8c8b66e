import { eq, lt, sql } from 'drizzle-orm';
import { addDays, todayUtc } from '@cryptads/contract/dates';
import type { DbOrTx } from '../../db/client';
import { listingActivity, listings, listingViews } from '../../db/schema/marketplace';

/**
 * Trending (the default sort): what accounts did with a listing over the last 30 days, each day
 * weighing half as much every 7 days. Activity is counted per listing and day in
 * listing_activity: a view when an account reads the listing (once per account, listing and
 * day), a wishlist add, an order.
 *
 * The score in `listings.trending` moves at once: recording activity adds its weight (today's
 * weight is the full one). The decay is applied by the hourly job (jobs/marketplace-trending.ts),
 * which recomputes every score from listing_activity; between two runs a score is at most an
 * hour's decay too high.
 */
export const TRENDING_WEIGHTS = { views: 1, wishlistAdds: 3, orders: 10 } as const;
export const TRENDING_HALF_LIFE_DAYS = 7;
export const TRENDING_WINDOW_DAYS = 30;

export type ListingActivityCounts = { views?: number; wishlistAdds?: number; orders?: number };

/**
 * Counts activity on a listing today, in the caller's transaction (wishlist adds and paid
 * orders call this; views come through recordListingView). Cheap: one upsert and one update.
 */
export async function recordListingActivity(
  db: DbOrTx,
  listingId: number,
  counts: ListingActivityCounts,
  now: Date = new Date(),
): Promise<void> {
  const views = counts.views ?? 0;
  const wishlistAdds = counts.wishlistAdds ?? 0;
  const orders = counts.orders ?? 0;
  const weight =
    views * TRENDING_WEIGHTS.views + wishlistAdds * TRENDING_WEIGHTS.wishlistAdds + orders * TRENDING_WEIGHTS.orders;
  if (weight === 0) return;
  await db
    .insert(listingActivity)
    .values({ listingId, day: todayUtc(now), views, wishlistAdds, orders })
    .onConflictDoUpdate({
      target: [listingActivity.listingId, listingActivity.day],
      set: {
        views: sql`${listingActivity.views} + excluded.views`,
        wishlistAdds: sql`${listingActivity.wishlistAdds} + excluded.wishlist_adds`,
        orders: sql`${listingActivity.orders} + excluded.orders`,
      },
    });
  await db
    .update(listings)
    .set({ trending: sql`${listings.trending} + ${weight}` })
    .where(eq(listings.id, listingId));
}

/** A view by an account: counted once per account, listing and day. Returns whether it counted. */
export async function recordListingView(db: DbOrTx, listingId: number, userId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(listingViews)
      .values({ listingId, userId, day: todayUtc(now) })
      .onConflictDoNothing()
      .returning({ listingId: listingViews.listingId });
    if (fresh.length === 0) return false;
    await recordListingActivity(tx, listingId, { views: 1 }, now);
    return true;
  });
}

/**
 * Recomputes every score from the activity of the last 30 days as of `now` (decay), sets the
 * listings without activity back to 0, and forgets per-account views older than yesterday and
 * activity older than the window. Returns how many scores changed.
 */
export async function refreshTrending(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const today = todayUtc(now);
  const from = addDays(today, -(TRENDING_WINDOW_DAYS - 1));
  const w = TRENDING_WEIGHTS;
  const result = await db.execute(sql`
    update listings l set trending = s.score
    from (
      select l2.id,
        coalesce(round(sum(
          (a.views * ${w.views} + a.wishlist_adds * ${w.wishlistAdds} + a.orders * ${w.orders})
          * power(0.5::numeric, (${today}::date - a.day)::numeric / ${TRENDING_HALF_LIFE_DAYS})
        ), 4), 0) as score
      from listings l2
      left join listing_activity a on a.listing_id = l2.id and a.day >= ${from}::date and a.day <= ${today}::date
      where l2.trending <> 0 or a.listing_id is not null
      group by l2.id
    ) s
    where l.id = s.id and l.trending <> s.score`);
  await db.delete(listingViews).where(lt(listingViews.day, addDays(today, -1)));
  await db.delete(listingActivity).where(lt(listingActivity.day, from));
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}

import { and, arrayOverlaps, count, desc, eq, gt, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type {
  HomepageSchema,
  ListingFilter,
  ListingSearchResultSchema,
  ListingStatsSchema,
} from '@cryptads/contract/marketplace';
import { type ListingSort, MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';
import type { Served } from '@cryptads/contract/money-schema';
import type { Db, DbOrTx } from '../../db/client';
import { listings, marketplaceSearches } from '../../db/schema/marketplace';
import { type Card, type CardRow, cardColumns, finalPriceSql, isActive, presentCards } from './cards';
import { anyOf, filterConditions, fullTextMatch, priceMatch, sortOrder, trigramMatch } from './filters';

const PAGE_SIZE = MARKETPLACE_LIMITS.pageSize;

/** Active listings matching `where`, in `sort` order (`walk`: see sortOrder). */
function activeCards(
  db: DbOrTx,
  where: SQL[],
  sort: ListingSort,
  limit: number,
  offset = 0,
  walk = true,
): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(listings)
    .where(and(...where))
    .orderBy(...sortOrder(sort, walk))
    .limit(limit)
    .offset(offset);
}

async function countWhere(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(...where));
  return row?.n ?? 0;
}

/**
 * Below this many matches a page is collected through the filter indexes and sorted; from it
 * on, read by walking the sort's index (see sortOrder). A walk reads about 18 × listings ÷
 * matches index entries per page (600 at 3,000 matches of 100,000), a sort reads every match:
 * the count, which the page shows anyway, tells which is cheaper.
 */
const WALK_FROM = 3000;

/**
 * A filter's conditions and how many listings match. The text is searched in full text first;
 * when that finds nothing (a typo), by trigram similarity on the title.
 */
async function resolveFilter(db: DbOrTx, filter: ListingFilter): Promise<{ where: SQL[]; count: number }> {
  const base = filterConditions(filter);
  if (!filter.q) return { where: base, count: await countWhere(db, base) };
  const fullText = fullTextMatch(filter.q);
  if (fullText) {
    const where = [...base, fullText];
    const n = await countWhere(db, where);
    if (n > 0) return { where, count: n };
  }
  const where = [...base, trigramMatch(filter.q)];
  return { where, count: await countWhere(db, where) };
}

/** POST /marketplace/listings: one page of 18, a map keyed by unique plus the order of its keys. */
export async function searchListings(
  db: Db,
  input: ListingFilter & { page: number; sort: ListingSort },
): Promise<Served<typeof ListingSearchResultSchema>> {
  const { where, count: resultCount } = await resolveFilter(db, input);
  const offset = (input.page - 1) * PAGE_SIZE;
  const rows =
    offset < resultCount ? await activeCards(db, where, input.sort, PAGE_SIZE, offset, resultCount >= WALK_FROM) : [];
  const cards = await presentCards(db, rows);
  return {
    listings: Object.fromEntries(cards.map((c) => [c.unique, c])),
    order: cards.map((c) => c.unique),
    resultCount,
    page: input.page,
    pageSize: PAGE_SIZE,
  };
}

/** POST /marketplace/listings/available. */
export async function countAvailable(db: DbOrTx, filter: ListingFilter) {
  return { count: (await resolveFilter(db, filter)).count };
}

/** GET /marketplace/listingStats: the filter panel's totals and price range (what buyers pay). */
export async function listingStats(db: Db): Promise<Served<typeof ListingStatsSchema>> {
  // One pass over the covering filter index for both totals; the range from the price index.
  const [groups, [range]] = await Promise.all([
    db
      .select({ category: listings.category, language: listings.language, n: count() })
      .from(listings)
      .where(isActive)
      .groupBy(listings.category, listings.language),
    db
      .select({
        min: sql<string | null>`min(${finalPriceSql})::text`,
        max: sql<string | null>`max(${finalPriceSql})::text`,
      })
      .from(listings)
      .where(isActive),
  ]);
  const byCategory = new Map<number, number>();
  const byLanguage = new Map<string, number>();
  for (const g of groups) {
    byCategory.set(g.category, (byCategory.get(g.category) ?? 0) + g.n);
    byLanguage.set(g.language, (byLanguage.get(g.language) ?? 0) + g.n);
  }
  const micros = (v: string | null | undefined) => (v ? BigInt(v) : 0n);
  return {
    total: groups.reduce((sum, g) => sum + g.n, 0),
    totalByCategory: Object.fromEntries([...byCategory].sort((a, b) => a[0] - b[0]).map(([k, n]) => [String(k), n])),
    totalByLanguage: Object.fromEntries([...byLanguage].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    minimumAndMaximum: { minimum: micros(range?.min), maximum: micros(range?.max) },
  };
}

/** GET /marketplace/filterPreferredWebsites: websites with active listings, most listings first. */
export async function preferredWebsites(db: DbOrTx) {
  const rows = await db
    .select({ website: listings.website })
    .from(listings)
    .where(and(isActive, sql`${listings.website} is not null`))
    .groupBy(listings.website)
    .orderBy(desc(count()), listings.website)
    .limit(500);
  return { websites: rows.map((r) => r.website as string) };
}

/** Trending active listings (the dashboard teaser, the empty instant search). */
export async function trendingCards(db: DbOrTx, limit: number): Promise<Card[]> {
  return presentCards(db, await activeCards(db, [isActive], 'trending', limit));
}

/**
 * GET /marketplace/listings/homepage: a row per category that has active listings (up to 8,
 * trending first, with the category's total) and the dashboard's teaser.
 */
export async function homepage(db: Db): Promise<Served<typeof HomepageSchema>> {
  const totals = await db
    .select({ category: listings.category, n: count() })
    .from(listings)
    .where(isActive)
    .groupBy(listings.category)
    .orderBy(listings.category);
  const [perCategory, teaserRows] = await Promise.all([
    Promise.all(totals.map((t) => activeCards(db, [isActive, eq(listings.category, t.category)], 'trending', 8))),
    activeCards(db, [isActive], 'trending', MARKETPLACE_LIMITS.dashboardTeaser),
  ]);
  const cards = await presentCards(db, [...perCategory.flat(), ...teaserRows]);
  const byUnique = new Map(cards.map((c) => [c.unique, c]));
  const pick = (rows: CardRow[]) => rows.map((r) => byUnique.get(r.unique) as Card);
  return {
    rows: totals.map((t, i) => ({ category: t.category, total: t.n, listings: pick(perCategory[i] ?? []) })),
    teaser: pick(teaserRows),
  };
}

/**
 * POST /marketplace/listings/{id}/: active listings like `listing`, itself excluded: the same
 * category first, then those sharing a niche, each group in `sort` order.
 */
export async function similarListings(
  db: DbOrTx,
  listing: { id: number; category: number; niches: string[] },
  opts: { number: number; sort: ListingSort },
): Promise<{ listings: Card[] }> {
  // Two short reads instead of one ordered by "same category" (which would sort every active
  // listing): each walks its sort's index, matches being frequent.
  const notItself = ne(listings.id, listing.id);
  const rows = await activeCards(
    db,
    [isActive, notItself, eq(listings.category, listing.category)],
    opts.sort,
    opts.number,
  );
  if (rows.length < opts.number && listing.niches.length)
    rows.push(
      ...(await activeCards(
        db,
        [isActive, notItself, ne(listings.category, listing.category), arrayOverlaps(listings.niches, listing.niches)],
        opts.sort,
        opts.number - rows.length,
      )),
    );
  return { listings: await presentCards(db, rows) };
}

/**
 * GET /marketplace/instantSearch: at most 10 active listings whose title or text matches `q`,
 * or whose final price is `q` euros; trending first. A non-empty search is recorded for
 * 'Others also searched for:'.
 */
export async function instantSearch(db: Db, userId: number, q: string): Promise<{ listings: Card[] }> {
  const query = q.trim();
  if (!query) return { listings: [] };
  // Full text first: PostgreSQL estimates how common its words are well, so it chooses between
  // walking the trending index and sorting the matches. With a price, or for the trigram
  // fallback (a typo), the matches are always collected through their indexes and sorted:
  // prices match few listings, trigram estimates are poor, and walking every listing for a rare
  // match would check each one.
  const limit = MARKETPLACE_LIMITS.instantSearchMax;
  const price = priceMatch(query);
  const find = (match: SQL | null, walk: boolean) =>
    match ? activeCards(db, [isActive, match], 'trending', limit, 0, walk) : [];
  let rows = await find(anyOf(fullTextMatch(query), price), price === null);
  if (rows.length === 0) rows = await find(anyOf(trigramMatch(query), price), false);
  await recordSearch(db, userId, query, rows.length);
  return { listings: await presentCards(db, rows) };
}

/** While someone types, the search grows ('bi', 'bit', 'bitcoin'): one row, the last text. */
const TYPING_MS = 60_000;

/**
 * Records a search, lower-cased. A search that continues the account's previous one (typed on,
 * or corrected with backspace, within a minute) replaces it, so keystrokes are not counted as
 * searches of their own.
 */
export async function recordSearch(db: Db, userId: number, q: string, results: number, now: Date = new Date()) {
  const query = q.trim().toLowerCase().slice(0, 100);
  if (!query) return;
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(marketplaceSearches)
      .where(
        and(
          eq(marketplaceSearches.userId, userId),
          gt(marketplaceSearches.createdAt, new Date(now.getTime() - TYPING_MS)),
        ),
      )
      .orderBy(desc(marketplaceSearches.createdAt), desc(marketplaceSearches.id))
      .limit(1);
    if (last && (query.startsWith(last.query) || last.query.startsWith(query))) {
      await tx
        .update(marketplaceSearches)
        .set({ query, results, createdAt: now })
        .where(eq(marketplaceSearches.id, last.id));
      return;
    }
    await tx.insert(marketplaceSearches).values({ userId, query, results, createdAt: now });
  });
}

const FOCUS_SEARCHES = 8;
const FOCUS_DAYS = 30;

/**
 * GET /marketplace/instantSearchFocus: what OTHER accounts searched for in the last 30 days that
 * found something, most frequent first (8), and trending listings. The caller's own searches
 * (typos included) are never offered back to them as what others searched for.
 */
export async function instantSearchFocus(db: Db, userId: number, now: Date = new Date()) {
  const since = new Date(now.getTime() - FOCUS_DAYS * 86_400_000);
  const [searches, cards] = await Promise.all([
    db
      .select({ query: marketplaceSearches.query })
      .from(marketplaceSearches)
      .where(
        and(
          gt(marketplaceSearches.createdAt, since),
          gt(marketplaceSearches.results, 0),
          // A deleted account's searches (user_id null) are someone else's too.
          or(isNull(marketplaceSearches.userId), ne(marketplaceSearches.userId, userId)),
        ),
      )
      .groupBy(marketplaceSearches.query)
      .orderBy(desc(count()), desc(max(marketplaceSearches.createdAt)), marketplaceSearches.query)
      .limit(FOCUS_SEARCHES),
    trendingCards(db, MARKETPLACE_LIMITS.dashboardTeaser),
  ]);
  return { searches: searches.map((s) => s.query), listings: cards };
}

import { and, asc, desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ListingFilter } from '@cryptads/contract/marketplace';
import { LISTING_ATTRIBUTE, type ListingSort } from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import { listings } from '../../db/schema/marketplace';
import { finalPriceSql, isActive } from './cards';

/**
 * The search state of docs/product/marketplace.md#search-and-filters as SQL over active listings: OR inside a list, AND across
 * lists; prices on what the buyer pays (after the discount); yes/no filters on the attribute
 * map (a listing without the attribute matches neither YES nor NO). Every index these use is
 * in migration 0008_marketplace_search.
 */

/** Words of a query as a prefix tsquery ('bitc:* & news:*'); only letters and digits reach SQL syntax. */
export function prefixTsQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Full-text search on the stored document of migration 0008 (title, website and description
 * text, English stemming, every word a prefix). Null when `q` has no word.
 */
export function fullTextMatch(q: string): SQL | null {
  const tsQuery = prefixTsQuery(q);
  return tsQuery ? sql`${listings}.search_document @@ to_tsquery('english', ${tsQuery})` : null;
}

/**
 * Trigram word similarity to the title, every word of `q` on its own: finds 'Cointelegraph
 * Banner' for 'cointelegrph baner'. Used when the full-text search finds nothing (a typo):
 * checking a row costs about 10 µs, too much to pay on every row a common word matched. Per
 * word, the index narrows each word's candidates before any row is checked (the whole text at
 * once would have many more candidates, each sharing a few trigrams with one of its words).
 */
export function trigramMatch(q: string): SQL {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).slice(0, 4);
  if (words.length === 0) return sql`${q} <% ${listings.title}`;
  return and(...words.map((w) => sql`${w} <% ${listings.title}`)) as SQL;
}

const YES_NO: Record<'YES' | 'NO', string> = { YES: 'Yes', NO: 'No' };
const attributeIs = (name: string, value: 'YES' | 'NO') =>
  // The same expression as the filter index's keys (migration 0008), the name inlined for that.
  sql`(${listings.attributes} ->> ${sql.raw(`'${name.replace(/'/g, "''")}'`)}) = ${YES_NO[value]}`;

const micros = (euros: number) => sql`${eurosToMicros(euros).toString()}::bigint`;

/** The conditions of a filter but its text, active listings only. */
export function filterConditions(filter: ListingFilter): SQL[] {
  const out: SQL[] = [isActive];
  if (filter.category?.length) out.push(inArray(listings.category, filter.category));
  if (filter.website?.length)
    out.push(
      inArray(
        listings.website,
        filter.website.map((w) => w.toLowerCase()),
      ),
    );
  if (filter.language?.length) out.push(inArray(listings.language, filter.language));
  if (filter.minPrice !== undefined) out.push(sql`${finalPriceSql} >= ${micros(filter.minPrice)}`);
  if (filter.maxPrice !== undefined) out.push(sql`${finalPriceSql} <= ${micros(filter.maxPrice)}`);
  if (filter.dofollowLinks) out.push(attributeIs(LISTING_ATTRIBUTE.dofollowLinksAllowed, filter.dofollowLinks));
  if (filter.gamblingAllowed) out.push(attributeIs(LISTING_ATTRIBUTE.gamblingAllowed, filter.gamblingAllowed));
  if (filter.indexedArticle) out.push(attributeIs(LISTING_ATTRIBUTE.indexedArticle, filter.indexedArticle));
  return out;
}

/**
 * The order of a sort. Sticky listings come first in every sort (the network pins them); the
 * id breaks ties so that pages never repeat or skip a listing.
 *
 * `walk`: each order matches an index of migration 0008, so PostgreSQL reads a page by walking
 * it and stops after 18 matches: fast while matches are frequent, but a rare filter walks the
 * whole index. Without `walk` the order matches no index (sticky as an integer), so the planner
 * collects the matches through the filter indexes and sorts them: fast while matches are few.
 */
export function sortOrder(sort: ListingSort, walk = true): SQL[] {
  const sticky = walk ? desc(listings.sticky) : sql`${listings.sticky}::int desc`;
  switch (sort) {
    case 'newest':
      return [sticky, desc(listings.createdAt), desc(listings.id)];
    case 'lowtohigh':
      return [sticky, asc(finalPriceSql), asc(listings.id)];
    case 'hightolow':
      return [sticky, desc(finalPriceSql), desc(listings.id)];
    default:
      return [sticky, desc(listings.trending), desc(listings.id)];
  }
}

/** A number typed into the instant search ('150', '€ 99.90', '1,200') as micro-euros. */
export function priceQuery(q: string): bigint | null {
  const cleaned = q
    .replace(/[€\s]/g, '')
    .replace(/eur$/i, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
    .replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  return eurosToMicros(Number(cleaned));
}

/** Instant search's price condition: a final price of exactly the euros typed, if a number. */
export function priceMatch(q: string): SQL | null {
  const price = priceQuery(q);
  return price === null ? null : sql`${finalPriceSql} = ${price.toString()}::bigint`;
}

/** Conditions joined with OR, the nulls left out; null when none is left. */
export function anyOf(...conditions: (SQL | null)[]): SQL | null {
  const present = conditions.filter((c): c is SQL => c !== null);
  return present.length ? (or(...present) as SQL) : null;
}

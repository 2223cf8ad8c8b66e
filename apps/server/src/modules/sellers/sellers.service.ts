import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { AccountType } from '@cryptads/contract/account-types';
import type { SellerListing, SellersJson, SellersJsonSeller, SupplyChain } from '@cryptads/contract/sellers';
import { WebsiteStatus } from '@cryptads/contract/websites-messages';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { billingProfiles } from '../../db/schema/billing-profile';
import { publisherSellers } from '../../db/schema/sellers';
import { users } from '../../db/schema/users';
import { websites } from '../../db/schema/websites';
import type { UserRow } from '../sessions/sessions.service';

/**
 * Our publishers as sellers (docs/product/programmatic.md, docs/decisions/059): each
 * publisher's seller id, the SupplyChain object of the impressions we sell for them, and the
 * IAB sellers.json file that names them (or lists them as confidential).
 */

// ---- Seller ids ----------------------------------------------------------------------------

/**
 * Seller ids known to this process, per database handle (a test process holds several apps,
 * whose user ids overlap). An id never changes once written, so an entry is never stale.
 * Bounded by `maxSize` at one per entry, so the slots grow with the publishers served.
 */
const SELLER_ID_CACHE_MAX = 100_000;
const sellerIdCaches = new WeakMap<object, LRUCache<number, string>>();

function sellerIdCache(ctx: AppContext): LRUCache<number, string> {
  let cache = sellerIdCaches.get(ctx.db);
  if (!cache) {
    cache = new LRUCache<number, string>({ maxSize: SELLER_ID_CACHE_MAX, sizeCalculation: () => 1 });
    sellerIdCaches.set(ctx.db, cache);
  }
  return cache;
}

/** The publisher's seller row, written (random id, listed by name) the first time it is needed. */
async function sellerRow(db: DbOrTx, publisherId: number) {
  const [found] = await db.select().from(publisherSellers).where(eq(publisherSellers.userId, publisherId)).limit(1);
  if (found) return found;
  // Two first requests at once: one insert wins, the other reads its row.
  await db.insert(publisherSellers).values({ userId: publisherId }).onConflictDoNothing();
  const [row] = await db.select().from(publisherSellers).where(eq(publisherSellers.userId, publisherId)).limit(1);
  if (!row) throw new Error(`No seller row for user #${publisherId}.`);
  return row;
}

/**
 * The publisher's seller id: the `seller_id` of /sellers.json, the second field of their
 * ads.txt line and the `sid` of their SupplyChain node. Random and stable; a cache hit reads
 * memory only.
 */
export async function sellerIdOf(ctx: AppContext, publisherId: number): Promise<string> {
  const cache = sellerIdCache(ctx);
  const known = cache.get(publisherId);
  if (known) return known;
  const { sellerId } = await sellerRow(ctx.db, publisherId);
  cache.set(publisherId, sellerId);
  return sellerId;
}

// ---- SupplyChain ---------------------------------------------------------------------------

/**
 * The OpenRTB SupplyChain object (1.0) of ad space we sell directly for one publisher: one
 * node, ours (`asi` our ads.txt domain, `sid` the publisher's seller id, `hp` 1: we take part
 * in the payment), and `complete` 1, because the publisher sells to us directly, so the chain
 * goes back to the owner of the site.
 */
export function supplyChainOf(asi: string, sellerId: string): SupplyChain {
  return { ver: '1.0', complete: 1, nodes: [{ asi, sid: sellerId, hp: 1 }] };
}

/**
 * The SupplyChain object for an impression or a bid on `publisherId`'s inventory: what our
 * OpenRTB bids (`source.schain`) and /serve answers carry. Its `sid` is the seller id that
 * /sellers.json lists for that publisher.
 */
export async function supplyChainFor(ctx: AppContext, publisherId: number): Promise<SupplyChain> {
  return supplyChainOf(ctx.config.sellers.domain, await sellerIdOf(ctx, publisherId));
}

// ---- Who is listed -------------------------------------------------------------------------

/** A publisher appears in sellers.json while their account is active and a website of theirs is approved. */
const hasApprovedWebsite = sql`exists (select 1 from ${websites} where ${websites.ownerId} = ${users.id} and ${websites.status} = ${WebsiteStatus.Active})`;
const listedWhere = (extra?: SQL) =>
  and(eq(users.type, AccountType.Publisher), isNull(users.disabledAt), hasApprovedWebsite, extra);

/** Their oldest approved website's domain: the business domain sellers.json names. */
const primaryDomain = sql<
  string | null
>`(select ${websites.domain} from ${websites} where ${websites.ownerId} = ${users.id} and ${websites.status} = ${WebsiteStatus.Active} order by ${websites.createdAt}, ${websites.id} limit 1)`;

/**
 * The name paid for the inventory: the company's legal name from the billing details, else
 * the person's names there, else the account's names.
 */
function sellerName(r: {
  isCompany: boolean | null;
  companyName: string | null;
  billingFirst: string | null;
  billingLast: string | null;
  firstName: string;
  lastName: string;
}): string {
  if (isNamedCompany(r) && r.companyName) return r.companyName.trim();
  const billing = `${r.billingFirst ?? ''} ${r.billingLast ?? ''}`.trim();
  if (billing) return billing;
  return `${r.firstName} ${r.lastName}`.trim();
}

const listingColumns = {
  userId: users.id,
  sellerId: publisherSellers.sellerId,
  confidential: publisherSellers.confidential,
  isCompany: billingProfiles.isCompany,
  companyName: billingProfiles.companyName,
  billingFirst: billingProfiles.firstName,
  billingLast: billingProfiles.lastName,
  firstName: users.firstName,
  lastName: users.lastName,
  domain: primaryDomain,
};

type ListingRow = {
  sellerId: string | null;
  confidential: boolean | null;
  domain: string | null;
} & Parameters<typeof sellerName>[0];

/** A company from the billing details: the business sellers.json may name without being asked. */
const isNamedCompany = (r: { isCompany: boolean | null; companyName: string | null }) =>
  r.isCompany === true && Boolean(r.companyName?.trim());

/**
 * Whether sellers.json leaves the publisher's name and domain out: their own choice, else
 * yes for a person (their name is personal data, published only when they ask) and no for a
 * company.
 */
export const isConfidential = (r: {
  confidential: boolean | null;
  isCompany: boolean | null;
  companyName: string | null;
}) => r.confidential ?? !isNamedCompany(r);

function sellerEntry(r: ListingRow & { sellerId: string }): SellersJsonSeller {
  if (isConfidential(r)) return { seller_id: r.sellerId, seller_type: 'PUBLISHER', is_confidential: 1 };
  const domain = r.domain ?? '';
  return {
    seller_id: r.sellerId,
    seller_type: 'PUBLISHER',
    is_confidential: 0,
    name: sellerName(r) || domain,
    domain,
  };
}

// ---- /sellers.json -------------------------------------------------------------------------

/** The file as it is now, built from the database. */
export async function buildSellersJson(ctx: AppContext): Promise<SellersJson> {
  // Every listed publisher gets their seller row first (one statement; concurrent builds agree).
  await ctx.db.execute(
    sql`insert into ${publisherSellers} (user_id) select ${users.id} from ${users} where ${listedWhere()} on conflict do nothing`,
  );
  const rows = await ctx.db
    .select(listingColumns)
    .from(users)
    .innerJoin(publisherSellers, eq(publisherSellers.userId, users.id))
    .leftJoin(billingProfiles, eq(billingProfiles.userId, users.id))
    .where(listedWhere())
    // By seller id: the order says nothing about when an account was made.
    .orderBy(publisherSellers.sellerId);
  const { sellers } = ctx.config;
  return {
    contact_email: sellers.contactEmail,
    contact_address: sellers.contactAddress,
    version: '1.0',
    ...(sellers.certificationId ? { identifiers: [{ name: 'TAG-ID', value: sellers.certificationId }] } : {}),
    sellers: rows.map(sellerEntry),
  };
}

/** A built file (its promise, so that readers arriving during a build share it) and when it goes. */
const sellersJsonCaches = new WeakMap<object, { body: Promise<string>; expiresAt: number }>();

/**
 * The /sellers.json body, reused for SELLERS_JSON_CACHE_SECONDS in this process; readers that
 * arrive during a build wait for that build. A publisher's own change drops it here.
 */
export function sellersJsonBody(ctx: AppContext, now = Date.now()): Promise<string> {
  const cached = sellersJsonCaches.get(ctx.db);
  if (cached && cached.expiresAt > now) return cached.body;
  const body = buildSellersJson(ctx).then((file) => JSON.stringify(file));
  const ttlMs = ctx.config.sellers.cacheSeconds * 1000;
  if (ttlMs > 0) {
    sellersJsonCaches.set(ctx.db, { body, expiresAt: now + ttlMs });
    // A failed build is not kept: the next reader builds again.
    body.catch(() => {
      if (sellersJsonCaches.get(ctx.db)?.body === body) sellersJsonCaches.delete(ctx.db);
    });
  }
  return body;
}

/** Drops this process's built file: the next reader builds it again. */
export function forgetSellersJson(ctx: AppContext) {
  sellersJsonCaches.delete(ctx.db);
}

// ---- The publisher's listing (GET/PUT /user/seller) -----------------------------------------

export async function sellerListing(ctx: AppContext, user: UserRow): Promise<SellerListing> {
  const seller = await sellerRow(ctx.db, user.id);
  const [row] = await ctx.db
    .select({ ...listingColumns, listed: sql<boolean>`${listedWhere()}` })
    .from(users)
    .innerJoin(publisherSellers, eq(publisherSellers.userId, users.id))
    .leftJoin(billingProfiles, eq(billingProfiles.userId, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  const listed = row?.listed === true;
  const entry = row && listed ? sellerEntry({ ...row, sellerId: seller.sellerId }) : null;
  return {
    sellerId: seller.sellerId,
    confidential: row ? isConfidential(row) : (seller.confidential ?? true),
    chosen: seller.confidential !== null,
    listed,
    name: entry?.name ?? null,
    domain: entry?.domain ?? null,
  };
}

export async function updateSellerListing(
  ctx: AppContext,
  user: UserRow,
  input: { confidential: boolean },
): Promise<SellerListing> {
  await sellerRow(ctx.db, user.id);
  await ctx.db
    .update(publisherSellers)
    .set({ confidential: input.confidential, updatedAt: new Date() })
    .where(eq(publisherSellers.userId, user.id));
  // This process's next /sellers.json shows the change at once; others within their cache time.
  forgetSellersJson(ctx);
  return sellerListing(ctx, user);
}

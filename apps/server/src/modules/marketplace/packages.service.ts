import { and, asc, eq, sql } from 'drizzle-orm';
import type { PackageDetailSchema, PackageSummarySchema } from '@cryptads/contract/marketplace';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import type { Served } from '@cryptads/contract/money-schema';
import type { Db, DbOrTx } from '../../db/client';
import { listings, marketplacePackageListings, marketplacePackages } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { cardColumns, isActive, presentCards } from './cards';

type PackageRow = typeof marketplacePackages.$inferSelect;
type PackageSummary = Served<typeof PackageSummarySchema>;

const summary = (p: PackageRow, listingCount: number): PackageSummary => ({
  unique: p.unique,
  type: p.type,
  title: p.title,
  price: p.priceMicros,
  metadata: { features: p.metadata.features ?? [], attributes: p.metadata.attributes ?? {} },
  listingCount,
});

/** Active listings per package, counted in the join. */
const activeListingCount = sql<number>`count(${listings.id})`.mapWith(Number);

/**
 * GET /marketplace/buckets: active packages grouped by type id ('0' Press Release, '1' KOL
 * Spotlight, '2' Visibility Boost), each group keyed by package unique in display order.
 */
export async function listPackages(db: DbOrTx) {
  const rows = await db
    .select({ pkg: marketplacePackages, n: activeListingCount })
    .from(marketplacePackages)
    .leftJoin(marketplacePackageListings, eq(marketplacePackageListings.packageId, marketplacePackages.id))
    .leftJoin(listings, and(eq(listings.id, marketplacePackageListings.listingId), isActive))
    .where(eq(marketplacePackages.active, true))
    .groupBy(marketplacePackages.id)
    .orderBy(asc(marketplacePackages.type), asc(marketplacePackages.position), asc(marketplacePackages.id));
  const packages: Record<string, Record<string, PackageSummary>> = {};
  for (const { pkg, n } of rows) {
    const type = String(pkg.type);
    packages[type] = { ...packages[type], [pkg.unique]: summary(pkg, n) };
  }
  return { packages };
}

/**
 * GET /marketplace/buckets/{id}: an active package with its active listings (in the package's
 * order) and its top 3 featured publishers: sellers grouped by owner (a publisher) or, for the
 * network's own listings, by website; most listings in the package first, then the most
 * featured.
 */
export async function packageDetail(db: Db, unique: string): Promise<Served<typeof PackageDetailSchema>> {
  const [pkg] = await db
    .select()
    .from(marketplacePackages)
    .where(and(eq(marketplacePackages.unique, unique), eq(marketplacePackages.active, true)))
    .limit(1);
  if (!pkg) throw notFound(M.packageNotFound);
  const rows = await db
    .select({ ...cardColumns, ownerFirstName: users.firstName, ownerLastName: users.lastName })
    .from(marketplacePackageListings)
    .innerJoin(listings, eq(listings.id, marketplacePackageListings.listingId))
    .leftJoin(users, eq(users.id, listings.ownerId))
    .where(and(eq(marketplacePackageListings.packageId, pkg.id), isActive))
    .orderBy(asc(marketplacePackageListings.position), asc(listings.id));
  const cards = await presentCards(db, rows);

  type Publisher = { name: string; website: string | null; listings: number; featured: number };
  const publishers = new Map<string, Publisher>();
  for (const row of rows) {
    const key = row.ownerId !== null ? `owner:${row.ownerId}` : `site:${row.website ?? row.title}`;
    const found = publishers.get(key);
    if (found) {
      found.listings += 1;
      found.featured += row.featured;
      if (!found.website && row.website) found.website = row.website;
      continue;
    }
    const ownerName = row.ownerId !== null ? `${row.ownerFirstName ?? ''} ${row.ownerLastName ?? ''}`.trim() : '';
    publishers.set(key, {
      // A publisher is known to buyers by its website, the network's listings by theirs.
      name: row.website ?? (ownerName || row.title),
      website: row.website,
      listings: 1,
      featured: row.featured,
    });
  }
  const featuredPublishers = [...publishers.values()]
    .sort((a, b) => b.listings - a.listings || b.featured - a.featured || a.name.localeCompare(b.name))
    .slice(0, MARKETPLACE_LIMITS.packageFeaturedPublishers)
    .map(({ name, website, listings: n }) => ({ name, website, listings: n }));

  return { ...summary(pkg, cards.length), description: pkg.description, listings: cards, featuredPublishers };
}

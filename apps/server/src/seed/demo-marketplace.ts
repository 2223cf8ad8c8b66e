import { eq, inArray } from 'drizzle-orm';
import { addDays, todayUtc } from '@cryptads/contract/dates';
import { finalPriceMicros } from '@cryptads/contract/marketplace-messages';
import { eurosToMicros } from '@cryptads/contract/money';
import type { AppContext } from '../context';
import { listingActivity, listings, marketplacePackageListings, marketplacePackages } from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { refreshTrending, sanitizeDescription } from '../modules/marketplace/marketplace.service';
import { createRng } from '../simulator/random';
import {
  brandOf,
  DEMO_PACKAGES,
  DEMO_SITES,
  type DemoListing,
  demoCatalogue,
  slotLabel,
} from './demo-marketplace-catalogue';
import { cardPng, iconPng, pagePng, pngKey, prepareDemoFonts, releaseDemoFonts } from './demo-marketplace-images';

/**
 * The demo marketplace: about 180 listings of fictional finance and crypto websites
 * in all ten categories, most sold by the network and some by the demo publisher (two of them
 * requests waiting for an operator), ten packages of the three types, pictures drawn here and
 * stored through the storage adapter (served under /uploads/), and three weeks of activity so
 * that trending means something. Deterministic: the same catalogue, ids and pictures on every
 * start.
 *
 * Idempotent: listings and packages are keyed by stable ids and inserted once; a second run
 * finds them all and returns at once. Runs after the demo accounts exist; the demo orders
 * (seed/demo-marketplace-orders.ts) run after it.
 */
export async function seedDemoMarketplace(
  ctx: AppContext,
  opts: { publisherEmail: string; log?: (message: string) => void },
): Promise<{ listings: number; packages: number; ms: number }> {
  const started = performance.now();
  const catalogue = demoCatalogue();
  const existing = await ctx.db
    .select({ unique: listings.unique })
    .from(listings)
    .where(
      inArray(
        listings.unique,
        catalogue.map((l) => l.unique),
      ),
    );
  const have = new Set(existing.map((r) => r.unique));
  const missing = catalogue.filter((l) => !have.has(l.unique));
  const [packagesFound] = await ctx.db
    .select({ unique: marketplacePackages.unique })
    .from(marketplacePackages)
    .where(eq(marketplacePackages.unique, DEMO_PACKAGES[DEMO_PACKAGES.length - 1]?.unique ?? ''))
    .limit(1);
  if (missing.length === 0 && packagesFound) return { listings: 0, packages: 0, ms: 0 };

  const [publisher] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, opts.publisherEmail))
    .limit(1);
  const images = await storeSiteImages(ctx, new Set(missing.map((l) => l.site.host)));
  const now = Date.now();
  const rows = missing.map((l) => {
    const img = images.get(l.site.host);
    if (!img) throw new Error(`no demo images for ${l.site.host}`);
    return {
      unique: l.unique,
      ownerId: l.site.publisher ? (publisher?.id ?? null) : null,
      title: l.title,
      category: l.category,
      niches: l.site.niches,
      language: l.site.language,
      website: l.site.host,
      image: img.card,
      icon: img.icon,
      cover: img.card,
      gallery: [img.card, img.page],
      priceMicros: eurosToMicros(l.priceEuros),
      discount: l.discount,
      sticky: l.sticky,
      featured: l.featured,
      status: l.status,
      description: sanitizeDescription(l.description),
      attributes: l.attributes,
      metadata: { logo: img.icon, attributes: l.metadataAttributes, features: l.features },
      turnaroundDays: l.turnaroundDays,
      samplePostUrl: l.samplePostUrl,
      createdAt: new Date(now - l.ageDays * 86_400_000 - hashHours(l.unique) * 3_600_000),
    };
  });
  let inserted: { id: number; unique: string }[] = [];
  if (rows.length)
    inserted = await ctx.db
      .insert(listings)
      .values(rows)
      .onConflictDoNothing({ target: listings.unique })
      .returning({ id: listings.id, unique: listings.unique });

  const packages = await seedPackages(ctx, catalogue);
  await seedActivity(ctx, catalogue, inserted);
  const ms = Math.round(performance.now() - started);
  opts.log?.(`Demo marketplace: ${inserted.length} listings, ${packages} packages, in ${(ms / 1000).toFixed(1)} s`);
  return { listings: inserted.length, packages, ms };
}

/** A spread of hours from an id, so listings of one day do not share a creation time. */
const hashHours = (unique: string) => (unique.charCodeAt(0) + unique.charCodeAt(1)) % 24;

type SiteImages = { icon: string; card: string; page: string };

/** Each site's icon, card picture and a mock of its page with the slot it sells most; stored once by content. */
async function storeSiteImages(ctx: AppContext, hosts: Set<string>) {
  const catalogue = demoCatalogue();
  const out = new Map<string, SiteImages>();
  const stored = new Set<string>();
  // Keys are content hashes: a picture already stored (by an earlier seed, or twice in this one:
  // two sites with the same initials and colours) is the same file.
  const put = async (bytes: Buffer) => {
    const key = pngKey(bytes);
    if (!stored.has(key) && !(await ctx.storage.get(key))) await ctx.storage.put(key, bytes);
    stored.add(key);
    return key;
  };
  try {
    await prepareDemoFonts();
    for (const site of DEMO_SITES) {
      if (!hosts.has(site.host)) continue;
      const brand = brandOf(site);
      const main = catalogue.find((l) => l.site.host === site.host)?.category ?? 1;
      out.set(site.host, {
        icon: await put(iconPng(brand)),
        card: await put(cardPng(brand)),
        page: await put(pagePng(brand, slotLabel(main))),
      });
    }
  } finally {
    releaseDemoFonts();
  }
  return out;
}

/** Ten packages: each takes the listings its rule picks, priced 15 % under their sum. */
async function seedPackages(ctx: AppContext, catalogue: DemoListing[]) {
  const active = catalogue.filter((l) => l.status === 1);
  const ids = new Map(
    (
      await ctx.db
        .select({ id: listings.id, unique: listings.unique })
        .from(listings)
        .where(
          inArray(
            listings.unique,
            active.map((l) => l.unique),
          ),
        )
    ).map((r) => [r.unique, r.id]),
  );
  let made = 0;
  for (const [position, p] of DEMO_PACKAGES.entries()) {
    const chosen = active
      .filter(p.pick)
      .sort((a, b) => b.site.reachK - a.site.reachK)
      .slice(0, p.max);
    const sum = chosen.reduce((s, l) => s + finalPriceMicros(eurosToMicros(l.priceEuros), l.discount), 0n);
    // 15 % off, to the euro.
    const price = ((sum * 85n) / 100n / 1_000_000n) * 1_000_000n;
    const reachK = chosen.reduce((s, l) => s + l.site.reachK, 0);
    const [pkg] = await ctx.db
      .insert(marketplacePackages)
      .values({
        unique: p.unique,
        type: p.type,
        title: p.title,
        description: p.description,
        priceMicros: price > 0n ? price : 1_000_000n,
        metadata: {
          features: p.features,
          attributes: {
            Outlets: String(chosen.length),
            Reach: `${reachK >= 1000 ? `${(reachK / 1000).toFixed(1)}M` : `${reachK}K`} a month`,
            Turnaround: `up to ${Math.max(...chosen.map((l) => l.turnaroundDays), 1)} days`,
          },
        },
        position,
      })
      .onConflictDoNothing({ target: marketplacePackages.unique })
      .returning({ id: marketplacePackages.id });
    if (!pkg) continue;
    made += 1;
    const members = chosen.flatMap((l, i) => {
      const listingId = ids.get(l.unique);
      return listingId ? [{ packageId: pkg.id, listingId, position: i }] : [];
    });
    if (members.length) await ctx.db.insert(marketplacePackageListings).values(members).onConflictDoNothing();
  }
  return made;
}

/**
 * Three weeks of views, wishlist adds and orders for the new listings (popular sites more),
 * then the trending scores computed from them as the hourly job does.
 */
async function seedActivity(ctx: AppContext, catalogue: DemoListing[], inserted: { id: number; unique: string }[]) {
  if (inserted.length === 0) return;
  const byUnique = new Map(catalogue.map((l) => [l.unique, l]));
  const rng = createRng(11);
  const today = todayUtc();
  const rows: (typeof listingActivity.$inferInsert)[] = [];
  for (const { id, unique } of inserted) {
    const l = byUnique.get(unique);
    if (l?.status !== 1) continue;
    for (let d = 0; d < Math.min(21, l.ageDays); d++) {
      const views = Math.round(l.popularity * 14 * (0.5 + rng.next()));
      const wishlistAdds = rng.chance(l.popularity * 0.3) ? 1 : 0;
      const orders = rng.chance(l.popularity * 0.06) ? 1 : 0;
      if (views + wishlistAdds + orders > 0)
        rows.push({ listingId: id, day: addDays(today, -d), views, wishlistAdds, orders });
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await ctx.db
      .insert(listingActivity)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  await refreshTrending(ctx.db);
}

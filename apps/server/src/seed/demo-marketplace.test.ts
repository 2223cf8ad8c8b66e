import { readAnswer } from '@cryptads/contract/money-schema';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HomepageSchema,
  ListingDetailSchema,
  ListingSearchResultSchema,
  ListingStatsSchema,
  PackageDetailSchema,
  PackagesSchema,
} from '@cryptads/contract/marketplace';
import { LISTING_CATEGORY_IDS, ListingStatus } from '@cryptads/contract/marketplace-messages';
import { listings } from '../db/schema/marketplace';
import { tempDataDir } from '../modules/campaigns/test-helpers';
import { body, loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoMarketplace } from './demo-marketplace';

/** The demo marketplace as a buyer meets it after `npm start`. */
describe('the demo marketplace', () => {
  let app: TestApp;
  let dir: string;
  let headers: Record<string, string>;
  let publisherId: number;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir });
    const publisher = await loginAs(app, 'publisher', { email: 'publisher@cryptads.example' });
    publisherId = publisher.user.id;
    headers = (await loginAs(app, 'advertiser')).headers;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds believable listings in every category, packages of every type, pictures served by us; once', async () => {
    const first = await seedDemoMarketplace(app.ctx, { publisherEmail: 'publisher@cryptads.example' });
    expect(first.listings).toBeGreaterThanOrEqual(152);
    expect(first.packages).toBe(10);
    const again = await seedDemoMarketplace(app.ctx, { publisherEmail: 'publisher@cryptads.example' });
    expect(again).toEqual({ listings: 0, packages: 0, ms: 0 });

    const stats = readAnswer(
      ListingStatsSchema,
      body(await app.inject({ method: 'GET', url: '/api/marketplace/listingStats', headers })).response,
    );
    expect(stats.total).toBeGreaterThanOrEqual(150);
    for (const category of LISTING_CATEGORY_IDS)
      expect(stats.totalByCategory[String(category)]).toBeGreaterThanOrEqual(5);
    expect(Object.keys(stats.totalByLanguage).length).toBeGreaterThanOrEqual(10);
    expect(stats.minimumAndMaximum.minimum).toBeGreaterThanOrEqual(14);
    expect(stats.minimumAndMaximum.maximum).toBeLessThanOrEqual(5000);

    const own = await app.ctx.db.select().from(listings).where(eq(listings.ownerId, publisherId));
    expect(own.filter((l) => l.status === ListingStatus.Active).length).toBeGreaterThanOrEqual(5);
    expect(own.filter((l) => l.status === ListingStatus.Pending)).toHaveLength(2);

    const home = readAnswer(
      HomepageSchema,
      body(await app.inject({ method: 'GET', url: '/api/marketplace/listings/homepage', headers })).response,
    );
    expect(home.rows).toHaveLength(10);
    expect(home.teaser).toHaveLength(6);
    // Trending comes from the seeded activity, not a constant.
    const [top] = await app.ctx.db
      .select({ t: listings.trending })
      .from(listings)
      .where(eq(listings.unique, home.teaser[0]?.unique ?? ''));
    expect(Number(top?.t)).toBeGreaterThan(0);

    const page = readAnswer(
      ListingSearchResultSchema,
      body(
        await app.inject({
          method: 'POST',
          url: '/api/marketplace/listings',
          headers,
          payload: { category: [1], sort: 'lowtohigh' },
        }),
      ).response,
    );
    const card = page.listings[page.order[0] ?? ''];
    const detail = readAnswer(
      ListingDetailSchema,
      body(await app.inject({ method: 'GET', url: `/api/marketplace/listings/${card?.unique}`, headers })).response,
    );
    expect(detail.description).toContain('<h3>What you get</h3>');
    expect(detail.samplePostUrl).toMatch(/^https:\/\/[a-z0-9-]+\.example\//);
    expect(detail.attributes['Dofollow Links Allowed']).toMatch(/^(Yes|No)$/);
    for (const url of [detail.image, detail.icon, ...detail.gallery]) {
      expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}\.png$/);
      const file = await app.inject({ method: 'GET', url: url as string });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
    }

    const { packages } = readAnswer(
      PackagesSchema,
      body(await app.inject({ method: 'GET', url: '/api/marketplace/buckets', headers })).response,
    );
    for (const type of ['0', '1', '2']) {
      const group = Object.values(packages[type] ?? {});
      expect(group.length).toBeGreaterThanOrEqual(3);
      for (const p of group) expect(p.listingCount).toBeGreaterThanOrEqual(2);
    }
    const big = Object.values(packages['0'] ?? {}).find((p) => p.listingCount > 10);
    const pkg = readAnswer(
      PackageDetailSchema,
      body(await app.inject({ method: 'GET', url: `/api/marketplace/buckets/${big?.unique}`, headers })).response,
    );
    expect(pkg.featuredPublishers).toHaveLength(3);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListingSearchInput,
  ListingSearchResultSchema,
  ListingStatsSchema,
  HomepageSchema,
  ListingListSchema,
  InstantSearchFocusSchema,
} from '@cryptads/contract/marketplace';
import { readAnswer } from '@cryptads/contract/money-schema';
import { LISTING_ATTRIBUTE as A, finalPriceMicros, ListingStatus } from '@cryptads/contract/marketplace-messages';
import { listings } from '../../db/schema/marketplace';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertListing } from './test-helpers';

/**
 * The catalogue's search through the API (docs/product/marketplace.md#search-and-filters, #api): filters, sorts, paging, full-text
 * and trigram search, instant search and its recorded searches, the home page and similar
 * listings. Each describe block works on a database of its own.
 */

let app: TestApp;
let headers: Record<string, string>;
let publisherHeaders: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  headers = (await loginAs(app, 'advertiser')).headers;
  publisherHeaders = (await loginAs(app, 'publisher')).headers;
});
afterAll(async () => {
  await app.closeAll();
});

const search = async (input: ListingSearchInput, h = headers) => {
  const res = await app.inject({ method: 'POST', url: '/api/marketplace/listings', headers: h, payload: input });
  expect(res.statusCode, res.body).toBe(200);
  return readAnswer(ListingSearchResultSchema, body(res).response);
};
const titles = (r: { listings: Record<string, { title: string }>; order: string[] }) =>
  r.order.map((u) => r.listings[u]?.title);

describe('filters, sorts and paging', () => {
  beforeAll(async () => {
    const db = app.ctx.db;
    const yes = { [A.dofollowLinksAllowed]: 'Yes', [A.gamblingAllowed]: 'Yes', [A.indexedArticle]: 'Yes' };
    const no = { [A.dofollowLinksAllowed]: 'No', [A.gamblingAllowed]: 'No', [A.indexedArticle]: 'No' };
    await insertListing(db, {
      title: 'F-PR-EN',
      category: 0,
      language: 'English',
      price: 200,
      website: 'alpha.example',
      attributes: yes,
      trending: 5,
    });
    await insertListing(db, {
      title: 'F-PR-DE',
      category: 0,
      language: 'German',
      price: 300,
      website: 'beta.example',
      attributes: no,
      trending: 9,
    });
    // 1,000 less 50 % = 500: above 400 before the discount, below it after.
    await insertListing(db, {
      title: 'F-SA-EN-discount',
      category: 1,
      language: 'English',
      price: 1000,
      discount: 50,
      website: 'alpha.example',
      attributes: yes,
      trending: 1,
    });
    await insertListing(db, {
      title: 'F-SA-FR',
      category: 1,
      language: 'French',
      price: 450,
      website: 'gamma.example',
      attributes: { [A.gamblingAllowed]: 'Yes' },
      trending: 7,
    });
    await insertListing(db, {
      title: 'F-BANNER',
      category: 7,
      language: 'English',
      price: 80,
      website: 'beta.example',
      attributes: { [A.gamblingAllowed]: 'No' },
      trending: 3,
    });
    await insertListing(db, { title: 'F-PENDING', category: 0, status: ListingStatus.Pending, price: 10 });
    await insertListing(db, { title: 'F-REJECTED', category: 0, status: ListingStatus.Rejected, price: 10 });
  });

  it('shows active listings only, trending first by default', async () => {
    const r = await search({});
    expect(titles(r)).toEqual(['F-PR-DE', 'F-SA-FR', 'F-PR-EN', 'F-BANNER', 'F-SA-EN-discount']);
    expect(r).toMatchObject({ resultCount: 5, page: 1, pageSize: 18 });
    expect(Object.keys(r.listings).sort()).toEqual([...r.order].sort());
  });

  it('ORs inside a list and ANDs across lists', async () => {
    expect(titles(await search({ category: [0, 7], sort: 'lowtohigh' }))).toEqual(['F-BANNER', 'F-PR-EN', 'F-PR-DE']);
    expect(titles(await search({ category: [0, 1], language: ['English'], sort: 'lowtohigh' }))).toEqual([
      'F-PR-EN',
      'F-SA-EN-discount',
    ]);
    expect(titles(await search({ website: ['beta.example'], sort: 'lowtohigh' }))).toEqual(['F-BANNER', 'F-PR-DE']);
    expect((await search({ category: [9] })).resultCount).toBe(0);
  });

  it('filters yes/no attributes; a listing without the attribute matches neither', async () => {
    expect(titles(await search({ dofollowLinks: 'YES', sort: 'lowtohigh' }))).toEqual(['F-PR-EN', 'F-SA-EN-discount']);
    expect(titles(await search({ dofollowLinks: 'NO' }))).toEqual(['F-PR-DE']);
    expect(titles(await search({ gamblingAllowed: 'YES', sort: 'lowtohigh' }))).toEqual([
      'F-PR-EN',
      'F-SA-FR',
      'F-SA-EN-discount',
    ]);
    expect(titles(await search({ gamblingAllowed: 'NO', indexedArticle: 'NO' }))).toEqual(['F-PR-DE']);
  });

  it('filters and sorts prices on what the buyer pays, after the discount', async () => {
    const r = await search({ minPrice: 400, maxPrice: 500, sort: 'lowtohigh' });
    expect(titles(r)).toEqual(['F-SA-FR', 'F-SA-EN-discount']);
    const discounted = Object.values(r.listings).find((l) => l.title === 'F-SA-EN-discount');
    expect(discounted).toMatchObject({ price: 1000, discount: 50, finalPrice: 500, seller: 'platform' });
    expect(titles(await search({ sort: 'hightolow' }))).toEqual([
      'F-SA-EN-discount',
      'F-SA-FR',
      'F-PR-DE',
      'F-PR-EN',
      'F-BANNER',
    ]);
  });

  it('counts what a filter finds', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/marketplace/listings/available',
      headers,
      payload: { category: [0, 1], language: ['English'] },
    });
    expect(body(res).response).toEqual({ count: 2 });
  });

  it('rejects a filter outside the contract', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/marketplace/listings',
      headers,
      payload: { category: [12] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('paging and sticky listings', () => {
  let fresh: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    fresh = await createTestApp();
    h = (await loginAs(fresh, 'advertiser')).headers;
    const base = Date.UTC(2026, 0, 1);
    // 40 listings with equal trending: the id decides, so pages neither repeat nor skip.
    for (let i = 0; i < 40; i++)
      await insertListing(fresh.ctx.db, {
        title: `P-${String(i).padStart(2, '0')}`,
        createdAt: new Date(base + i * 60_000),
      });
    await insertListing(fresh.ctx.db, { title: 'P-STICKY', sticky: true, createdAt: new Date(base - 86_400_000) });
  });
  afterAll(async () => {
    await fresh.closeAll();
  });
  const page = async (input: ListingSearchInput) => {
    const res = await fresh.inject({ method: 'POST', url: '/api/marketplace/listings', headers: h, payload: input });
    return readAnswer(ListingSearchResultSchema, body(res).response);
  };

  it('gives 18 per page, every listing once, sticky first in every sort', async () => {
    for (const sort of ['trending', 'newest', 'lowtohigh', 'hightolow'] as const) {
      const pages = [await page({ sort, page: 1 }), await page({ sort, page: 2 }), await page({ sort, page: 3 })];
      expect(pages.map((p) => p.order.length)).toEqual([18, 18, 5]);
      expect(pages.every((p) => p.resultCount === 41)).toBe(true);
      const all = pages.flatMap((p) => titles(p));
      expect(new Set(all).size).toBe(41);
      expect(all[0]).toBe('P-STICKY');
    }
    expect(titles(await page({ sort: 'newest' })).slice(0, 3)).toEqual(['P-STICKY', 'P-39', 'P-38']);
    expect((await page({ page: 4 })).order).toEqual([]);
  });
});

describe('text search', () => {
  beforeAll(async () => {
    const db = app.ctx.db;
    await insertListing(db, {
      title: 'Cointelegraph Weekly Sponsored Article',
      category: 2,
      description: '<p>Reach <strong>institutional</strong> investors reading our derivatives desk.</p>',
      website: 'cointelegraph-weekly.example',
    });
    await insertListing(db, {
      title: 'Bitcoin Magazine Banner',
      category: 7,
      description: '<p>Leaderboard banner.</p>',
    });
    await insertListing(db, { title: 'Secret pending Cointelegraph', category: 2, status: ListingStatus.Pending });
  });

  it('finds words of the description (full text, stemmed), not its tags', async () => {
    expect(titles(await search({ q: 'investor' }))).toEqual(['Cointelegraph Weekly Sponsored Article']);
    expect(titles(await search({ q: 'strong' }))).toEqual([]);
  });

  it('tolerates a misspelling and a partial word (trigram), and searches active listings only', async () => {
    expect(titles(await search({ q: 'cointelegrph' }))).toEqual(['Cointelegraph Weekly Sponsored Article']);
    expect(titles(await search({ q: 'bitcoi magazin' }))).toEqual(['Bitcoin Magazine Banner']);
    // Each word of a typo'd text matches on its own.
    expect(titles(await search({ q: 'cointelegrph weekl' }))).toEqual(['Cointelegraph Weekly Sponsored Article']);
    expect(titles(await search({ q: 'cointelegrph banner' }))).toEqual([]);
    expect(titles(await search({ q: 'Coint', category: [2] }))).toEqual(['Cointelegraph Weekly Sponsored Article']);
  });

  it('combines the text with filters', async () => {
    expect(titles(await search({ q: 'cointelegraph', category: [7] }))).toEqual([]);
  });
});

describe('instant search and what others searched for', () => {
  let fresh: TestApp;
  let h: Record<string, string>;
  let other: Record<string, string>;
  beforeAll(async () => {
    fresh = await createTestApp();
    h = (await loginAs(fresh, 'advertiser')).headers;
    other = (await loginAs(fresh, 'publisher')).headers;
    for (let i = 0; i < 14; i++)
      await insertListing(fresh.ctx.db, { title: `Crypto News Post ${i}`, price: 100 + i, trending: i });
    // 150 less 10 % = 135.
    await insertListing(fresh.ctx.db, { title: 'Finance Weekly Newsletter', category: 8, price: 150, discount: 10 });
  });
  afterAll(async () => {
    await fresh.closeAll();
  });
  const instant = async (q: string, hh = h) => {
    const res = await fresh.inject({
      method: 'GET',
      url: `/api/marketplace/instantSearch?q=${encodeURIComponent(q)}`,
      headers: hh,
    });
    expect(res.statusCode, res.body).toBe(200);
    return readAnswer(ListingListSchema, body(res).response).listings.map((l) => l.title);
  };
  const focus = async (hh = h) =>
    readAnswer(
      InstantSearchFocusSchema,
      body(await fresh.inject({ method: 'GET', url: '/api/marketplace/instantSearchFocus', headers: hh })).response,
    );

  it('answers at most 10 matches, trending first; a number matches the final price', async () => {
    const found = await instant('crypto');
    expect(found).toHaveLength(10);
    expect(found[0]).toBe('Crypto News Post 13');
    expect(await instant('135')).toEqual(['Finance Weekly Newsletter']);
    expect(await instant('€ 135.00')).toEqual(['Finance Weekly Newsletter']);
    expect(await instant('')).toEqual([]);
    expect(await instant('zzqqxx')).toEqual([]);
  });

  it('records searches: typing on replaces the search, popular searches come first', async () => {
    const before = await focus();
    expect(before.listings).toHaveLength(6);
    expect(before.listings[0]?.title).toBe('Crypto News Post 13');
    for (const q of ['fin', 'finan', 'finance']) await instant(q, other);
    await instant('crypto news', other);
    await instant('crypto news', h);
    await instant('nothing matches this', h);
    await instant('cointelegrph', h);
    // The publisher reads the advertiser's searches that found something: 'crypto' (first test),
    // '135', '€ 135.00', 'crypto news'; never its own ('finance', its 'crypto news'), nor a search
    // that found nothing. Equally frequent searches: the most recent first.
    expect((await focus(other)).searches).toEqual(['crypto news', '€ 135.00', '135', 'crypto']);
    // The advertiser reads only the publisher's: its own searches (typos included) are not
    // what others searched for. Keystrokes 'fin', 'finan' were one search.
    expect((await focus(h)).searches).toEqual(['crypto news', 'finance']);
  });
});

describe('home page, stats, websites and similar listings', () => {
  let fresh: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    fresh = await createTestApp();
    h = (await loginAs(fresh, 'publisher')).headers;
    const db = fresh.ctx.db;
    for (let i = 0; i < 10; i++)
      await insertListing(db, {
        title: `PR ${i}`,
        category: 0,
        niches: ['Finance'],
        trending: i,
        website: 'news.example',
        language: 'German',
        price: 50 + i,
      });
    await insertListing(db, {
      title: 'Video Crypto',
      category: 4,
      niches: ['Blockchain & Crypto'],
      website: 'tube.example',
      price: 2000,
      discount: 25,
    });
    await insertListing(db, {
      title: 'Video Gambling',
      category: 4,
      niches: ['Gambling'],
      website: 'tube.example',
      trending: 100,
      price: 900,
    });
    await insertListing(db, {
      title: 'Banner Finance',
      category: 7,
      niches: ['Finance', 'Gambling'],
      website: null,
      price: 20,
    });
    await insertListing(db, { title: 'Archived', category: 9, status: ListingStatus.Archived });
  });
  afterAll(async () => {
    await fresh.closeAll();
  });
  const get = async (url: string) => {
    const res = await fresh.inject({ method: 'GET', url, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).response;
  };

  it('rows per category with active listings, 8 each, trending first, with totals; a teaser of 6', async () => {
    const home = readAnswer(HomepageSchema, await get('/api/marketplace/listings/homepage'));
    expect(home.rows.map((r) => [r.category, r.total, r.listings.length])).toEqual([
      [0, 10, 8],
      [4, 2, 2],
      [7, 1, 1],
    ]);
    expect(home.rows[0]?.listings.map((l) => l.title).slice(0, 2)).toEqual(['PR 9', 'PR 8']);
    expect(home.teaser.map((l) => l.title)).toEqual(['Video Gambling', 'PR 9', 'PR 8', 'PR 7', 'PR 6', 'PR 5']);
  });

  it('summarises active listings for the filter panel', async () => {
    const stats = readAnswer(ListingStatsSchema, await get('/api/marketplace/listingStats'));
    expect(stats).toEqual({
      total: 13,
      totalByCategory: { '0': 10, '4': 2, '7': 1 },
      totalByLanguage: { German: 10, English: 3 },
      minimumAndMaximum: { minimum: 20, maximum: 1500 },
    });
    expect(await get('/api/marketplace/filterPreferredWebsites')).toEqual({
      websites: ['news.example', 'tube.example'],
    });
  });

  it('similar: same category first, then a shared niche, never itself; as many as asked', async () => {
    const home = readAnswer(HomepageSchema, await get('/api/marketplace/listings/homepage'));
    const video = home.rows.find((r) => r.category === 4)?.listings.find((l) => l.title === 'Video Gambling');
    const res = await fresh.inject({
      method: 'POST',
      url: `/api/marketplace/listings/${video?.unique}/`,
      headers: h,
      payload: { number: 5, sort: 'trending' },
    });
    expect(readAnswer(ListingListSchema, body(res).response).listings.map((l) => l.title)).toEqual([
      'Video Crypto',
      'Banner Finance',
    ]);
    const two = await fresh.inject({
      method: 'POST',
      url: `/api/marketplace/listings/${home.rows[0]?.listings[0]?.unique}/`,
      headers: h,
      payload: { number: 2, sort: 'lowtohigh' },
    });
    expect(readAnswer(ListingListSchema, body(two).response).listings.map((l) => l.title)).toEqual(['PR 0', 'PR 1']);
    const unknown = await fresh.inject({
      method: 'POST',
      url: '/api/marketplace/listings/nope/',
      headers: h,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

it('both account types browse', async () => {
  expect((await search({}, publisherHeaders)).resultCount).toBeGreaterThan(0);
});

describe('a large catalogue', () => {
  // A database of its own (the result count is the whole catalogue), built with its catalogue
  // once here rather than inside the test: a second database and app take seconds, and several
  // times that on a busy machine.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
    // 3,200 listings in one statement: above the count from which pages walk the index (search.service WALK_FROM).
    await fresh.ctx.db.execute(sql`
      insert into listings ("unique", title, category, image, price_micros, discount, status, trending, sticky)
      select 'big' || g, 'Big listing ' || g, g % 10, 'x.png', (20 + (g * 37) % 900) * 1000000, (g % 4) * 5, 1,
        (g * 7) % 50, g % 1000 = 0
      from generate_series(1, 3200) g`);
  });
  afterAll(async () => {
    await fresh.closeAll();
  });

  it('reads pages by walking the sort index and agrees with the full order', async () => {
    const h = (await loginAs(fresh, 'advertiser')).headers;
    const all = await fresh.ctx.db.select().from(listings);
    const fp = (l: (typeof all)[number]) => Number(finalPriceMicros(l.priceMicros, l.discount));
    const expected = [...all]
      .sort((a, b) => Number(b.sticky) - Number(a.sticky) || fp(a) - fp(b) || a.id - b.id)
      .map((l) => l.unique);
    for (const pageNo of [1, 2, 100]) {
      const res = await fresh.inject({
        method: 'POST',
        url: '/api/marketplace/listings',
        headers: h,
        payload: { sort: 'lowtohigh', page: pageNo },
      });
      const r = readAnswer(ListingSearchResultSchema, body(res).response);
      expect(r.resultCount).toBe(3200);
      expect(r.order).toEqual(expected.slice((pageNo - 1) * 18, pageNo * 18));
    }
  });
});

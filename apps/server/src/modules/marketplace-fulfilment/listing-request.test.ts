import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyListing, NewListingInput } from '@cryptads/contract/marketplace';
import {
  LISTING_ATTRIBUTE as A,
  ListingStatus,
  MARKETPLACE_MESSAGES as M,
} from '@cryptads/contract/marketplace-messages';
import { listings } from '../../db/schema/marketplace';
import { encodeGif, noisePng } from '../../lib/image-encode';
import { loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { call, paidOrder, webpHeader } from './test-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const png128 = `data:image/png;base64,${noisePng(128, 128).toString('base64')}`;
const request = (overrides: Partial<NewListingInput> = {}): NewListingInput => ({
  title: 'Sponsored article on Coin Daily',
  category: 1,
  niches: ['Blockchain & Crypto'],
  language: 'German',
  price: 249.999,
  icon: { name: 'logo.png', resource: png128 },
  attributes: {},
  ...overrides,
});
/** An image followed by zeros up to `bytes` (readers stop at the image's end), as base64. */
const padded = (image: Buffer, bytes: number) =>
  Buffer.concat([image, Buffer.alloc(bytes - image.length)]).toString('base64');
const post = (headers: Record<string, string>, payload: unknown) =>
  call<{ unique: string }>(app, headers, 'POST', '/marketplace/listings/new', payload);
const listingRow = async (unique: string) => {
  const [row] = await app.ctx.db.select().from(listings).where(eq(listings.unique, unique));
  if (!row) throw new Error(`no listing ${unique}`);
  return row;
};

describe('requesting a listing', () => {
  it('stores the thumbnail and a pending listing of the publisher with every yes/no option Yes', async () => {
    const publisher = await loginAs(app, 'publisher');
    const res = await post(
      publisher.headers,
      request({
        attributes: {
          [A.website]: 'https://www.CoinDaily.example/news',
          [A.twitter]: ' @coindaily ',
          [A.googleNews]: 'No',
        },
      }),
    );
    expect([res.status, res.reason]).toEqual([200, null]);
    const row = await listingRow(res.response.unique);
    expect(row).toMatchObject({
      ownerId: publisher.user.id,
      status: ListingStatus.Pending,
      title: 'Sponsored article on Coin Daily',
      category: 1,
      niches: ['Blockchain & Crypto'],
      language: 'German',
      website: 'coindaily.example',
      priceMicros: 250_000_000n,
    });
    expect(row.attributes).toEqual({
      [A.gamblingAllowed]: 'Yes',
      [A.dofollowLinksAllowed]: 'Yes',
      [A.nofollowLinksAllowed]: 'Yes',
      [A.uniqueArticle]: 'Yes',
      [A.googleNews]: 'No',
      [A.socialShare]: 'Yes',
      [A.indexedArticle]: 'Yes',
      [A.website]: 'https://www.CoinDaily.example/news',
      [A.twitter]: '@coindaily',
      [A.language]: 'German',
    });
    // The image is ours now, served from /uploads with its real type.
    expect(row.image).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    const image = await app.inject({ method: 'GET', url: `/uploads/${row.image}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(noisePng(128, 128))).toBe(true);
  });

  it('keeps article options to article categories and Youtube to video', async () => {
    const publisher = await loginAs(app, 'publisher');
    const all = {
      [A.dofollowLinksAllowed]: 'No',
      [A.youtube]: 'https://youtube.example/c/x',
      [A.gamblingAllowed]: 'no',
    };
    const banner = await post(publisher.headers, request({ category: 7, attributes: all }));
    expect((await listingRow(banner.response.unique)).attributes).toEqual({
      [A.gamblingAllowed]: 'No',
      [A.language]: 'German',
    });
    const video = await post(publisher.headers, request({ category: 4, attributes: all }));
    expect((await listingRow(video.response.unique)).attributes).toEqual({
      [A.gamblingAllowed]: 'No',
      [A.youtube]: 'https://youtube.example/c/x',
      [A.language]: 'German',
    });
    const wrong = await post(publisher.headers, request({ attributes: { [A.gamblingAllowed]: 'Maybe' } }));
    expect([wrong.status, wrong.reason]).toEqual([400, M.yesNoInvalid]);
  });

  it('accepts a WebP thumbnail and stores it as WebP', async () => {
    const publisher = await loginAs(app, 'publisher');
    const webp = `data:image/webp;base64,${webpHeader('VP8X', 128, 128).toString('base64')}`;
    const res = await post(publisher.headers, request({ icon: { name: 'logo.webp', resource: webp } }));
    expect(res.status).toBe(200);
    const row = await listingRow(res.response.unique);
    expect(row.image).toMatch(/\.webp$/);
    const image = await app.inject({ method: 'GET', url: `/uploads/${row.image}` });
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['a thumbnail of another size', noisePng(128, 64).toString('base64'), M.thumbnailSize],
    ['a thumbnail of 300 KB and one byte', padded(encodeGif(128, 128), 300 * 1024 + 1), M.thumbnailTooLarge],
    ['a thumbnail far above 300 KB', padded(encodeGif(128, 128), 400 * 1024), M.thumbnailTooLarge],
    ['a file that is not an image', Buffer.from('%PDF-1.7 not an image').toString('base64'), M.invalidFileFormat],
    // A valid header over data cut short: decoded to the end, refused.
    ['a PNG cut short', noisePng(128, 128).subarray(0, 30_000).toString('base64'), M.invalidFileFormat],
  ])('refuses %s with the spec’s message and stores nothing', async (_why, resource, message) => {
    const publisher = await loginAs(app, 'publisher');
    const res = await post(publisher.headers, request({ icon: { name: 'thumb', resource } }));
    expect([res.status, res.reason]).toEqual([400, message]);
    expect(await app.ctx.db.select().from(listings).where(eq(listings.ownerId, publisher.user.id))).toEqual([]);
  });

  it('validates the form with the contract: title, niche, price', async () => {
    const publisher = await loginAs(app, 'publisher');
    expect((await post(publisher.headers, request({ title: '' }))).reason).toBe(M.required);
    expect((await post(publisher.headers, request({ niches: [] }))).reason).toBe(M.nicheRequired);
    expect((await post(publisher.headers, request({ price: 0.5 }))).reason).toBe(M.priceRange);
    const { price: _, ...noPrice } = request();
    expect((await post(publisher.headers, noPrice)).reason).toBe(M.priceRequired);
  });

  it('is for publishers only', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    const res = await post(advertiser.headers, request());
    expect([res.status, res.reason]).toEqual([403, M.listingRequestsPublisherOnly]);
  });
});

describe('my listings', () => {
  it('shows every listing of the publisher, newest first, with items sold and completed', async () => {
    const publisher = await loginAs(app, 'publisher');
    const requested = await post(publisher.headers, request({ title: 'Requested one' }));
    const { listings: sold } = await paidOrder(app, [{ ownerId: publisher.user.id, price: 80, title: 'Selling one' }]);
    const other = await loginAs(app, 'publisher');
    await paidOrder(app, [{ ownerId: other.user.id, price: 10 }]);

    const res = await call<{ listings: MyListing[] }>(app, publisher.headers, 'GET', '/marketplace/selling/listings');
    expect(res.status).toBe(200);
    expect(res.response.listings.map((l) => [l.title, l.status, l.sold, l.completed])).toEqual([
      ['Selling one', ListingStatus.Active, 1, 0],
      ['Requested one', ListingStatus.Pending, 0, 0],
    ]);
    expect(res.response.listings[0]).toMatchObject({ unique: sold[0]?.unique, seller: 'publisher', price: 80 });
    expect(res.response.listings[1]).toMatchObject({ unique: requested.response.unique, rejectReason: null });
  });
});

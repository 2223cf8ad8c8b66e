import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePngRgb } from '../../lib/image-encode';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from './test-helpers';

/**
 * Stored pictures at a listed width: resized (never enlarged), AVIF or WebP as the browser's
 * Accept allows, kept after the first request; the original stays as it was.
 */
let app: TestApp;
let key: string;
let original: Buffer;
const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: tempDataDir() });
  // A 800×450 picture with some detail (a gradient and stripes), as a listing's card image.
  const rgb = new Uint8Array(800 * 450 * 3);
  for (let i = 0; i < 800 * 450; i++) {
    const x = i % 800;
    const y = Math.floor(i / 800);
    rgb.set([(x * 255) / 800, (y * 255) / 450, (x + y) % 40 < 20 ? 200 : 40], i * 3);
  }
  original = encodePngRgb(800, 450, rgb);
  key = `${randomBytes(32).toString('base64url')}.png`;
  await app.ctx.storage.put(key, original);
});
afterAll(async () => {
  await app.closeAll();
});

const get = (url: string, accept?: string) => app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

describe('GET /uploads/<key>?w=<width>', () => {
  it('answers AVIF at that width to a browser that takes it, and the same bytes the second time', async () => {
    const res = await get(`/uploads/${key}?w=320`, AVIF);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers.vary).toBe('Accept');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
    expect(res.rawPayload.length).toBeLessThan(original.length / 4);
    const again = await get(`/uploads/${key}?w=320`, AVIF);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers WebP to a browser that takes WebP but not AVIF, and the original format to one that takes neither', async () => {
    const webp = await get(`/uploads/${key}?w=480`, 'image/webp,*/*');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(480);
    const png = await get(`/uploads/${key}?w=192`);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(192);
  });

  it('never enlarges: a width above the original answers the original size', async () => {
    const res = await get(`/uploads/${key}?w=1280`, AVIF);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
  });

  it('leaves the original alone, refuses an unlisted width and answers 404 for a missing picture', async () => {
    const plain = await get(`/uploads/${key}`, AVIF);
    expect(plain.headers['content-type']).toBe('image/png');
    expect(plain.rawPayload.equals(original)).toBe(true);
    expect((await get(`/uploads/${key}?w=300`, AVIF)).statusCode).toBe(400);
    expect((await get(`/uploads/${key}?w=abc`, AVIF)).statusCode).toBe(400);
    const missing = `${randomBytes(32).toString('base64url')}.png`;
    expect((await get(`/uploads/${missing}?w=320`, AVIF)).statusCode).toBe(404);
  });

  it('answers a GIF as it is, whatever the width asked', async () => {
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .gif()
      .toBuffer();
    const gifKey = `${randomBytes(32).toString('base64url')}.gif`;
    await app.ctx.storage.put(gifKey, gif);
    const res = await get(`/uploads/${gifKey}?w=96`, AVIF);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.equals(gif)).toBe(true);
  });
});

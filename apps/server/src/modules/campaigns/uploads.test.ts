import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as M, type UploadResponse } from '@cryptads/contract/campaigns';
import { encodeGif, encodeGreyJpeg, encodePng, noisePng } from '../../lib/image-encode';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const png = (w: number, h: number) => encodePng(w, h, (x, y) => [x % 256, y % 256, 128]);
const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

describe('creative uploads', () => {
  let app: TestApp;
  let dir: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cryptads-uploads-'));
    app = await createTestApp({ DATA_DIR: dir });
    headers = (await loginAs(app, 'advertiser')).headers;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (payload: Record<string, unknown>, h = headers) =>
    app.inject({ method: 'POST', url: '/api/uploads', headers: h, payload });

  it('accepts a PNG banner of an allowed size and serves it back publicly', async () => {
    const bytes = png(300, 250);
    const res = await upload({ purpose: 'banner', name: 'hello.png', data: dataUrl(bytes) });
    expect(res.statusCode).toBe(200);
    const up = body<UploadResponse>(res).response;
    expect(up).toMatchObject({ name: 'hello.png', width: 300, height: 250, size: '300x250', mime: 'image/png' });
    expect(up.resource).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(up.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{32}\.png$/);

    const file = await app.inject({ method: 'GET', url: up.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
  });

  it('answers 404 for an unknown or malformed file key', async () => {
    expect((await app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('accepts JPEG and GIF banners, and Retina x2 sizes', async () => {
    const jpg = await upload({
      purpose: 'banner',
      name: 'a.jpg',
      data: dataUrl(encodeGreyJpeg(728, 90), 'image/jpeg'),
    });
    expect(body<UploadResponse>(jpg).response).toMatchObject({ size: '728x90', mime: 'image/jpeg' });
    const gif = await upload({ purpose: 'banner', name: 'a.gif', data: dataUrl(encodeGif(320, 50), 'image/gif') });
    expect(body<UploadResponse>(gif).response).toMatchObject({ size: '320x50', mime: 'image/gif' });
    const retina = await upload({ purpose: 'banner', name: 'r.png', data: dataUrl(png(600, 500)) });
    expect(body<UploadResponse>(retina).response).toMatchObject({ width: 600, height: 500, size: '300x250' });
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    const res = await upload({ purpose: 'banner', name: 'banner.png', data: dataUrl(pdf) });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(M.invalidFileFormat);
    expect(M.invalidFileFormat).toBe('Invalid file format.');
  });

  it('refuses a PNG renamed .jpg (the name contradicts the content)', async () => {
    const res = await upload({ purpose: 'banner', name: 'banner.jpg', data: dataUrl(png(300, 250), 'image/jpeg') });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('Invalid file format.');
  });

  it('refuses a file of 300,000 bytes or more', async () => {
    const big = noisePng(320, 320);
    expect(big.length).toBeGreaterThanOrEqual(300_000);
    const res = await upload({ purpose: 'banner', name: 'big.png', data: dataUrl(big) });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('The file could not be uploaded. The maximum file size is 300kb.');
  });

  it('refuses a banner of another size with the list of sizes', async () => {
    const res = await upload({ purpose: 'banner', name: 'x.png', data: dataUrl(png(301, 250)) });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(
      'You must upload creatives with one of the following sizes: 300x250, 728x90, 160x600, 300x600, 320x100, 320x50 or x2 for Retina.',
    );
  });

  it('checks a change-banner upload against the one size asked for', async () => {
    const wrong = await upload({ purpose: 'banner', size: '728x90', name: 'x.png', data: dataUrl(png(300, 250)) });
    expect(body(wrong).reason).toBe('You must upload a creative with following size: 728x90 or x2 for Retina.');
    const right = await upload({ purpose: 'banner', size: '728x90', name: 'x.png', data: dataUrl(png(1456, 180)) });
    expect(right.statusCode).toBe(200);
  });

  it('checks native thumbnail and cover sizes and refuses GIF for them', async () => {
    expect((await upload({ purpose: 'thumbnail', name: 't.png', data: dataUrl(png(128, 128)) })).statusCode).toBe(200);
    expect(
      (await upload({ purpose: 'cover', name: 'c.jpg', data: dataUrl(encodeGreyJpeg(800, 600)) })).statusCode,
    ).toBe(200);
    const thumb = await upload({ purpose: 'thumbnail', name: 't.png', data: dataUrl(png(256, 256)) });
    expect(body(thumb).reason).toBe('You must upload the thumbnail as a 128x128 image size.');
    const cover = await upload({ purpose: 'cover', name: 'c.png', data: dataUrl(png(400, 300)) });
    expect(body(cover).reason).toBe('You must upload the cover as a 800x600 image size.');
    const gif = await upload({ purpose: 'thumbnail', name: 't.gif', data: dataUrl(encodeGif(128, 128)) });
    expect(body(gif).reason).toBe('Invalid file format.');
  });

  it('refuses a missing file and an unknown purpose', async () => {
    expect(body(await upload({ purpose: 'banner', name: 'x.png', data: '' })).reason).toBe(M.fileRequired);
    expect(body(await upload({ purpose: 'logo', name: 'x.png', data: dataUrl(png(300, 250)) })).reason).toBe(
      M.invalidFileFormat,
    );
  });

  it('is for advertisers only', async () => {
    const publisher = await loginAs(app, 'publisher');
    const res = await upload({ purpose: 'banner', name: 'x.png', data: dataUrl(png(300, 250)) }, publisher.headers);
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/uploads', payload: {} })).statusCode).toBe(401);
  });
});

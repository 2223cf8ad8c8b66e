import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadResponse } from '@cryptads/contract/campaigns';
import type { App } from '../../app';
import { encodePng } from '../../lib/image-encode';
import { body } from '../../testing/helpers';

/** A temporary DATA_DIR so that uploads written by a test land outside the repository. */
export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'cryptads-campaigns-'));

export const testPng = (w: number, h: number, shade = 128) =>
  encodePng(w, h, (x, y) => [shade, Math.floor(x / 8) % 256, Math.floor(y / 8) % 256]);
export const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

export async function uploadFile(
  app: App,
  headers: Record<string, string>,
  purpose: 'banner' | 'thumbnail' | 'cover',
  w: number,
  h: number,
): Promise<UploadResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers,
    payload: { purpose, name: `${purpose}-${w}x${h}.png`, data: pngDataUrl(testPng(w, h)) },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return body<UploadResponse>(res).response;
}

export const baseFields = {
  name: 'Spring promo',
  landingUrl: 'https://example.com/landing?zone={zone_id}&c={campaign_id}',
  price: 0.5,
  dailyBudget: 100,
  category: 1,
  countries: ['DE', 'FR'],
};

export async function nativeAd(app: App, headers: Record<string, string>) {
  const thumbnail = await uploadFile(app, headers, 'thumbnail', 128, 128);
  const cover = await uploadFile(app, headers, 'cover', 800, 600);
  return {
    title: 'Trade smarter today',
    smallDescription: 'Low fees, fast trades',
    longDescription: 'Open an account in minutes and trade the top coins with low fees.',
    callToAction: 'Sign up',
    destinationWebsite: 'example.com',
    serviceName: 'Example Exchange',
    thumbnail: { resource: thumbnail.resource, name: thumbnail.name },
    cover: { resource: cover.resource, name: cover.name },
  };
}

/** Creates a campaign through the API and answers its id. */
export async function createCampaign(
  app: App,
  headers: Record<string, string>,
  kind: 'display' | 'native' | 'application' | 'popunder' = 'display',
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const extra: Record<string, unknown> = {};
  if (kind === 'display') {
    const banner = await uploadFile(app, headers, 'banner', 300, 250);
    extra.creatives = [{ resource: banner.resource, name: banner.name }];
  } else if (kind === 'native' || kind === 'application') {
    extra.nativeCreatives = [await nativeAd(app, headers)];
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers,
    payload: { kind, ...baseFields, ...(kind === 'popunder' ? { price: 1 } : {}), ...extra, ...overrides },
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return body<{ id: number }>(res).response.id;
}

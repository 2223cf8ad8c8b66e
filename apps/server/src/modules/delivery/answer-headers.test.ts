import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidResponse } from 'iab-openrtb/v26';
import type { TestApp } from '../../testing/test-app';
import {
  approvedWebsite,
  BROWSER_HEADERS,
  DESKTOP_UA,
  delivery,
  deliveryTestApp,
  fundedAdvertiser,
  pauseAllCampaigns,
  runningCampaign,
  serve,
} from './test-helpers';

/**
 * The headers of every public delivery answer, literally (docs/decisions/066: the ad paths run
 * outside the site's plugins, helmet and cookies). Written against the answers before that
 * change; any header added, lost or changed fails here. Values that differ per request (dates,
 * lengths, signed links) are shown as `<varies>`.
 */

let app: TestApp;
beforeAll(async () => {
  app = await deliveryTestApp({ IVT_ENABLED: '1' });
  await pauseAllCampaigns(app);
});
afterAll(async () => {
  await app.closeAll();
});

const VARIES = new Set(['date', 'content-length', 'location', 'etag', 'last-modified', 'keep-alive', 'connection']);
function headersOf(res: { statusCode: number; headers: Record<string, unknown> }) {
  const out: Record<string, unknown> = { status: res.statusCode };
  for (const name of Object.keys(res.headers).sort()) out[name] = VARIES.has(name) ? '<varies>' : res.headers[name];
  return out;
}

let addresses = 0;
const browser = () => ({
  headers: { ...BROWSER_HEADERS, 'user-agent': DESKTOP_UA, 'cf-ipcountry': 'DE' },
  remoteAddress: `198.51.100.${++addresses}`,
});
const path = (url: string) => url.replace('http://ads.test', '');

describe('the public delivery answers', () => {
  it('carry the same headers as before the ad paths left the site plugins', async () => {
    const adv = await fundedAdvertiser(app);
    await runningCampaign(app, adv.headers);
    const site = await approvedWebsite(app);
    const zone = site.banner.unique;
    const answers: Record<string, unknown> = {};

    answers['GET /tag.js'] = headersOf(await app.inject({ method: 'GET', url: '/tag.js', ...browser() }));
    answers['OPTIONS /serve'] = headersOf(await app.inject({ method: 'OPTIONS', url: `/serve/${zone}`, ...browser() }));
    const served = await serve(app, zone, { ip: `198.51.100.${++addresses}` });
    answers['GET /serve (an ad)'] = headersOf(served);
    answers['GET /serve (no ad)'] = headersOf(await serve(app, 'unknown-zone', { ip: `198.51.100.${++addresses}` }));
    const ad = JSON.parse(served.body) as { clickUrl: string; viewUrl: string };
    answers['GET /click (redirect)'] = headersOf(
      await app.inject({ method: 'GET', url: path(ad.clickUrl), ...browser() }),
    );
    answers['GET /click (invalid)'] = headersOf(
      await app.inject({ method: 'GET', url: '/click/nonsense', ...browser() }),
    );
    answers['POST /view'] = headersOf(
      await app.inject({ method: 'POST', url: `${path(ad.viewUrl)}?e=m`, ...browser() }),
    );
    answers['GET /view (invalid)'] = headersOf(
      await app.inject({ method: 'GET', url: '/view/nonsense?e=m', ...browser() }),
    );
    answers['OPTIONS /openrtb2/auction'] = headersOf(
      await app.inject({ method: 'OPTIONS', url: '/openrtb2/auction', ...browser() }),
    );
    const bidRequest = {
      id: 'headers',
      imp: [{ id: '1', banner: { format: [{ w: 300, h: 250 }] }, ext: { cryptads: { zone } } }],
      site: { page: 'https://news.example/article', domain: 'news.example' },
      device: { ua: DESKTOP_UA },
    };
    const b = browser();
    const auction = await app.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      headers: { ...b.headers, 'content-type': 'text/plain' },
      remoteAddress: b.remoteAddress,
      payload: JSON.stringify(bidRequest),
    });
    answers['POST /openrtb2/auction (a bid)'] = headersOf(auction);
    answers['POST /openrtb2/auction (refused)'] = headersOf(
      await app.inject({
        method: 'POST',
        url: '/openrtb2/auction',
        headers: { ...b.headers, 'content-type': 'application/json' },
        remoteAddress: b.remoteAddress,
        payload: '{"id":"x"}',
      }),
    );
    const bid = (JSON.parse(auction.body) as BidResponse).seatbid?.[0]?.bid[0];
    const macro = ['$', '{AUCTION_PRICE}'].join('');
    answers['GET /openrtb2/win'] = headersOf(
      await app.inject({ method: 'GET', url: path(bid?.nurl ?? '').replace(macro, '0.35'), ...b }),
    );
    answers['GET /openrtb2/bill'] = headersOf(
      await app.inject({ method: 'GET', url: path(bid?.burl ?? '').replace(macro, '0.35'), ...b }),
    );
    await delivery(app).recorder.flush();

    expect(answers).toMatchInlineSnapshot(`
      {
        "GET /click (invalid)": {
          "cache-control": "no-store",
          "connection": "<varies>",
          "content-length": "<varies>",
          "content-type": "text/html; charset=utf-8",
          "date": "<varies>",
          "status": 400,
        },
        "GET /click (redirect)": {
          "cache-control": "no-store",
          "connection": "<varies>",
          "content-length": "<varies>",
          "date": "<varies>",
          "location": "<varies>",
          "referrer-policy": "no-referrer-when-downgrade",
          "status": 302,
        },
        "GET /openrtb2/bill": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 204,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "GET /openrtb2/win": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 204,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "GET /serve (an ad)": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "content-length": "<varies>",
          "content-type": "application/json; charset=utf-8",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 200,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "GET /serve (no ad)": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 204,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "GET /tag.js": {
          "access-control-allow-origin": "*",
          "cache-control": "public, max-age=3600",
          "connection": "<varies>",
          "content-length": "<varies>",
          "content-type": "application/javascript; charset=utf-8",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 200,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "GET /view (invalid)": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "content-length": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 400,
          "x-content-type-options": "nosniff",
        },
        "OPTIONS /openrtb2/auction": {
          "access-control-allow-headers": "content-type",
          "access-control-allow-methods": "POST",
          "access-control-allow-origin": "*",
          "access-control-max-age": "86400",
          "connection": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 204,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "OPTIONS /serve": {
          "access-control-allow-methods": "GET",
          "access-control-allow-origin": "*",
          "access-control-max-age": "86400",
          "connection": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 204,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "POST /openrtb2/auction (a bid)": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "content-length": "<varies>",
          "content-type": "application/json; charset=utf-8",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 200,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "POST /openrtb2/auction (refused)": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "content-length": "<varies>",
          "content-type": "application/json; charset=utf-8",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 400,
          "timing-allow-origin": "*",
          "x-content-type-options": "nosniff",
        },
        "POST /view": {
          "access-control-allow-origin": "*",
          "cache-control": "no-store",
          "connection": "<varies>",
          "cross-origin-resource-policy": "cross-origin",
          "date": "<varies>",
          "status": 204,
          "x-content-type-options": "nosniff",
        },
      }
    `);
  });

  it('leave the site its security headers (an API answer, an unknown path)', async () => {
    const api = headersOf(await app.inject({ method: 'GET', url: '/api/ready' }));
    const missing = headersOf(await app.inject({ method: 'GET', url: '/no-such-path' }));
    for (const h of [api, missing]) {
      expect(h['content-security-policy']).toMatch(/default-src 'self'/);
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['cross-origin-opener-policy']).toBe('same-origin');
    }
  });
});

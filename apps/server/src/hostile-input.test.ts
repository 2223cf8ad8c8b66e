import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { INPUT_MESSAGES } from '@cryptads/contract/input-messages';
import { INPUT_MAX_DEPTH } from '@cryptads/contract/input-text';
import { baseFields, createCampaign, pngDataUrl, tempDataDir, testPng } from './modules/campaigns/test-helpers';
import { body, loginAs, STRONG_PASSWORD, uniqueEmail } from './testing/helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Hostile input answers 4xx in the envelope, never 500 (decision 022): text
 * the database cannot store, ids out of range, very deep JSON, malformed URLs, long path
 * parameters, oversized headers, unknown routes and methods.
 */

let app: TestApp;
let dir: string;
let headers: Record<string, string>;
let publisher: Record<string, string>;
let campaignId: number;

beforeAll(async () => {
  dir = tempDataDir();
  app = await createTestApp({ DATA_DIR: dir });
  headers = (await loginAs(app, 'advertiser')).headers;
  publisher = (await loginAs(app, 'publisher')).headers;
  campaignId = await createCampaign(app, headers);
});
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: unknown;
  auth?: boolean;
  as?: Record<string, string>;
};
const send = ({ method, url, payload, auth = true, as }: Call) =>
  app.inject({
    method,
    url,
    headers: auth ? (as ?? headers) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The envelope of a failure: numeric code equal to the status, a sentence. */
function expectEnvelope(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(body(res)).toEqual({ code: status, response: null, reason: expect.any(String) });
  return body(res).reason;
}

const NUL = 'Summer\u0000sale';
const LONE = 'Launch \uD83D today';

/** Fields that answered 500 with such text before: each is one request. */
const textFields = (text: string): [string, () => Call][] => [
  [
    'campaign name',
    () => ({
      method: 'POST',
      url: '/api/campaigns',
      payload: { kind: 'popunder', ...baseFields, price: 1, name: text },
    }),
  ],
  [
    'landing URL',
    () => ({
      method: 'PUT',
      url: `/api/campaigns/${campaignId}`,
      payload: { landingUrl: `https://example.com/${text}` },
    }),
  ],
  ['blacklist', () => ({ method: 'PUT', url: '/api/campaigns/blacklist', payload: ['good.example', text] })],
  ['draft', () => ({ method: 'PUT', url: '/api/campaigns/drafts/display', payload: { data: { name: text } } })],
  ['draft key', () => ({ method: 'PUT', url: '/api/campaigns/drafts/display', payload: { data: { [text]: 1 } } })],
  [
    'upload name',
    () => ({
      method: 'POST',
      url: '/api/uploads',
      payload: { purpose: 'banner', name: text, data: pngDataUrl(testPng(300, 250)) },
    }),
  ],
  [
    'first name at sign-up',
    () => ({
      method: 'POST',
      url: '/api/register',
      auth: false,
      payload: {
        email: uniqueEmail('hostile'),
        firstName: text,
        lastName: 'Tester',
        userType: 1,
        password: STRONG_PASSWORD,
        captcha: 'captcha-token',
      },
    }),
  ],
];

describe('text the database cannot store', () => {
  const cases: (readonly [string, () => Call])[] = [
    ...textFields(NUL).map(([name, call]) => [`U+0000 in the ${name}`, call] as const),
    ['U+0000 in the query string', () => ({ method: 'GET', url: '/api/campaigns?running=a%00b' })],
    // A URL cannot carry a lone surrogate: percent-decoding reads UTF-8, which has none.
    ...textFields(LONE).map(([name, call]) => [`a lone surrogate in the ${name}`, call] as const),
  ];
  it.each(cases)('refuses %s with 400 and a sentence', async (_, call) => {
    const res = await send(call());
    expect(expectEnvelope(res, 400)).toBe(INPUT_MESSAGES.unsupportedCharacters);
  });

  it('answers 404 to U+0000 in a path parameter, like any path parameter that names nothing', async () => {
    const res = await send({ method: 'GET', url: '/api/campaignSharing/abc%00def', auth: false });
    expect(expectEnvelope(res, 404)).toBe(GENERIC_MESSAGES.notFound);
  });

  it('keeps accepting emoji, accents and other scripts', async () => {
    const res = await send({
      method: 'PUT',
      url: '/api/campaigns/blacklist',
      payload: ['café.example', 'launch🚀.example'],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('ids', () => {
  it.each(['2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', 'abc', '0x10', '%20'])(
    'answers 404 to %s as a path id, as to an id that exists for nobody',
    async (id) => {
      const calls: Call[] = [
        { method: 'GET', url: `/api/campaigns/${id}` },
        { method: 'PUT', url: `/api/campaigns/${campaignId}/creatives/${id}`, payload: { resource: 'x' } },
        { method: 'GET', url: `/api/websites/${id}`, as: publisher },
        { method: 'POST', url: `/api/user/notifications/${id}` },
      ];
      for (const call of calls) {
        const res = await send(call);
        const url = call.url;
        expect(expectEnvelope(res, 404), url).toBe(GENERIC_MESSAGES.notFound);
      }
    },
  );

  it('answers 400 to an id beyond the integer column in a body', async () => {
    const res = await send({
      method: 'DELETE',
      url: `/api/campaigns/${campaignId}/creatives`,
      payload: { campaignId, creativeId: 2147483648 },
    });
    expectEnvelope(res, 400);
  });
});

describe('very deep JSON', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('answers 400 to a 10,000-deep body', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/campaigns/drafts/display',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"data":${deep(10_000)}}`,
    });
    expect(expectEnvelope(res, 400)).toBe(INPUT_MESSAGES.tooDeep);
  });

  it('accepts a draft nested up to the limit', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/campaigns/drafts/display',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"data":${deep(INPUT_MAX_DEPTH - 1)}}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('bodies the parser refuses', () => {
  it('answers a body over the limit with 413 in the envelope', async () => {
    const res = await send({ method: 'PUT', url: '/api/campaigns/blacklist', payload: ['x'.repeat(2_000_000)] });
    expectEnvelope(res, 413);
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/campaigns/blacklist',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<list/>',
    });
    expectEnvelope(res, 415);
  });
});

describe('URLs the router refuses', () => {
  it('answers malformed percent-encoding with 400 in the envelope', async () => {
    for (const url of ['/api/campaigns/%E0%A4%A', '/api/campaignSharing/%ZZ', '/api/websites/%']) {
      const res = await send({ method: 'GET', url });
      expect(expectEnvelope(res, 400), url).toBe(GENERIC_MESSAGES.badUrl);
    }
  });

  it('answers a path parameter longer than the router allows with 404 in the envelope', async () => {
    const res = await send({ method: 'GET', url: `/api/campaigns/${'1'.repeat(101)}` });
    expect(expectEnvelope(res, 404)).toBe(GENERIC_MESSAGES.notFound);
  });

  it('answers unknown routes and wrong methods under /api with 404 in the envelope', async () => {
    for (const call of [
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'PATCH', url: '/api/campaigns' },
      { method: 'DELETE', url: '/api/register', auth: false },
      { method: 'POST', url: `/api/campaigns/${campaignId}` },
    ] as Call[]) {
      const res = await send(call);
      expect(expectEnvelope(res, 404), `${call.method} ${call.url}`).toBe(GENERIC_MESSAGES.routeNotFound);
    }
  });
});

describe('what Node refuses before Fastify', () => {
  let port: number;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  /** A real HTTP request: inject does not go through Node's parser. */
  const raw = (path: string, extraHeaders: Record<string, string>) =>
    new Promise<{ status: number; contentType: string; text: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers: extraHeaders }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), text }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  it('answers headers over Node’s limit with 431 in the envelope', async () => {
    const res = await raw('/api/campaigns', { 'x-padding': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({ code: 431, response: null, reason: GENERIC_MESSAGES.headersTooLarge });
  });

  it('answers malformed percent-encoding over HTTP in the envelope too', async () => {
    const res = await raw('/api/campaigns/%E0%A4%A', {});
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ code: 400, response: null, reason: GENERIC_MESSAGES.badUrl });
  });
});

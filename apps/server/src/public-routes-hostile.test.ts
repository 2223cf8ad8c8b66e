import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/users';
import { tempDataDir } from './modules/campaigns/test-helpers';
import { approvedWebsite } from './modules/delivery/test-helpers';
import { hashPassword } from './lib/password';
import { randomToken } from './lib/crypto';
import { loginAs, STRONG_PASSWORD, sessionTokenOf, uniqueEmail } from './testing/helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * One unauthenticated request must not break anything beyond itself (decisions 022 and 055).
 * `GET /postback?token=%00` once answered 500, and on the embedded database every later
 * request that looked up a session failed until a restart, while /api/ready said 200.
 *
 * Every public route (ad paths, bid endpoint and notices, postback, pixel, login, sign-up, recovery, the campaign
 * preview) and the marketplace reads get U+0000, `%ff`, a lone surrogate and a 100 kB value,
 * over real HTTP (Node's parser included). Each answer is a 4xx; after each, a brand-new
 * login and its GET /api/user answer 200, and /api/ready says ready.
 */

let app: TestApp;
let dir: string;
let origin: string;
let zone: string;
let advertiser: Record<string, string>;
/** Accounts that have never logged in: one per check, so that each login is a new session. */
const fresh: string[] = [];

const HOSTILE = ['nul', 'ff', 'surrogate', '100 kB'] as const;
type Hostile = (typeof HOSTILE)[number];

/** The value as it travels in a URL (percent-encoded) and in a JSON body (raw bytes). */
const inUrl: Record<Hostile, string> = {
  nul: 'a%00b',
  ff: 'a%ffb',
  // U+D83D written in UTF-8's three-byte form: no valid UTF-8 decodes to it.
  surrogate: 'a%ED%A0%BDb',
  '100 kB': 'a'.repeat(100_000),
};
const inJson: Record<Hostile, string> = {
  nul: JSON.stringify('a\u0000b'),
  // A byte that is not UTF-8, sent as such (placed into the body's bytes below).
  ff: '"a\u00ffb"',
  surrogate: '"a\\ud83db"',
  '100 kB': JSON.stringify('a'.repeat(100_000)),
};

type Probe = { name: string; method: 'GET' | 'POST'; url: (v: string) => string; body?: (v: string) => string };

const probes = (): Probe[] => [
  { name: 'GET /tag.js', method: 'GET', url: (v) => `/tag.js?v=${v}` },
  { name: 'GET /sellers.json', method: 'GET', url: (v) => `/sellers.json?v=${v}` },
  { name: 'GET /serve/:zone (query)', method: 'GET', url: (v) => `/serve/${zone}?size=${v}` },
  { name: 'GET /serve/:zone (path)', method: 'GET', url: (v) => `/serve/${v}?size=300x250` },
  { name: 'GET /click/*', method: 'GET', url: (v) => `/click/${v}` },
  { name: 'GET /view/*', method: 'GET', url: (v) => `/view/${v}?e=${v}` },
  { name: 'POST /view/*', method: 'POST', url: (v) => `/view/${v}?e=v` },
  { name: 'GET /postback', method: 'GET', url: (v) => `/postback?token=${v}&click_id=${v}` },
  { name: 'GET /pixel.gif', method: 'GET', url: (v) => `/pixel.gif?click_id=${v}&goal=${v}` },
  {
    name: 'POST /openrtb2/auction',
    method: 'POST',
    url: () => '/openrtb2/auction',
    body: (v) => `{"id":${v},"imp":[{"id":"1","tagid":"${zone}","banner":{"w":300,"h":250}}]}`,
  },
  { name: 'GET /openrtb2/bill/*', method: 'GET', url: (v) => `/openrtb2/bill/${v}?price=${v}` },
  { name: 'GET /openrtb2/win/*', method: 'GET', url: (v) => `/openrtb2/win/${v}?price=${v}` },
  { name: 'GET /api/campaignSharing/:permalink', method: 'GET', url: (v) => `/api/campaignSharing/${v}` },
  {
    name: 'POST /api/login',
    method: 'POST',
    url: () => '/api/login',
    body: (v) => `{"email":${v},"password":${v},"captcha":"x"}`,
  },
  {
    name: 'POST /api/register',
    method: 'POST',
    url: () => '/api/register',
    body: (v) =>
      `{"email":"${uniqueEmail('hostile')}","firstName":${v},"lastName":"T","userType":1,"password":"${STRONG_PASSWORD}","captcha":"x"}`,
  },
  {
    name: 'POST /api/recovery',
    method: 'POST',
    url: () => '/api/recovery',
    body: (v) => `{"email":${v},"captcha":"x"}`,
  },
  {
    name: 'POST /api/recovery-validate',
    method: 'POST',
    url: () => '/api/recovery-validate',
    body: (v) => `{"password":"${STRONG_PASSWORD}","code":${v},"captcha":"x"}`,
  },
  { name: 'GET /api/marketplace/instantSearch', method: 'GET', url: (v) => `/api/marketplace/instantSearch?q=${v}` },
  {
    name: 'POST /api/marketplace/listings',
    method: 'POST',
    url: () => '/api/marketplace/listings',
    body: (v) => `{"q":${v}}`,
  },
];

beforeAll(async () => {
  dir = tempDataDir();
  app = await createTestApp({ DATA_DIR: dir });
  advertiser = (await loginAs(app, 'advertiser')).headers;
  zone = (await approvedWebsite(app)).banner.unique;
  // One password hash for all the fresh accounts: hashing is what makes accounts slow to create.
  const passwordHash = await hashPassword(STRONG_PASSWORD);
  const emails = Array.from({ length: probes().length * HOSTILE.length + 1 }, () => uniqueEmail('fresh'));
  await app.ctx.db.insert(users).values(
    emails.map((email) => ({
      email,
      passwordHash,
      firstName: 'Fresh',
      lastName: 'Login',
      type: 1,
      com: randomToken().slice(0, 12),
      emailVerifiedAt: new Date(),
    })),
  );
  fresh.push(...emails);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

async function send(probe: Probe, hostile: Hostile) {
  const headers: Record<string, string> = { ...advertiser };
  let payload: Buffer | undefined;
  if (probe.body) {
    headers['content-type'] = 'application/json';
    // latin1 keeps U+00FF as the single byte 0xFF: a body that is not UTF-8.
    const text = probe.body(inJson[hostile]);
    payload = hostile === 'ff' ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf8');
  }
  return fetch(`${origin}${probe.url(inUrl[hostile])}`, { method: probe.method, headers, body: payload });
}

/** A brand-new login through the real route, and the account it opens. */
async function freshLoginWorks() {
  const email = fresh.pop();
  if (!email) throw new Error('no fresh account left');
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: STRONG_PASSWORD, captcha: 'x' },
    // Another address per login: the login limit per address is not what is tested here.
    remoteAddress: `198.51.100.${fresh.length % 250}`,
  });
  expect(login.statusCode, login.body).toBe(200);
  const user = await app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { authorization: `Bearer ${sessionTokenOf(login)}` },
  });
  expect(user.statusCode, user.body).toBe(200);
  const ready = await app.inject({ method: 'GET', url: '/api/ready' });
  expect(ready.statusCode, ready.body).toBe(200);
}

describe('hostile bytes on every public route, then a brand-new login', () => {
  const cases = probes().flatMap((probe) => HOSTILE.map((hostile) => [probe.name, hostile] as const));
  it.each(cases)('%s with %s: a 4xx, and a new login still works', async (name, hostile) => {
    const probe = probes().find((p) => p.name === name) as Probe;
    const res = await send(probe, hostile);
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.status, text.slice(0, 300)).toBeLessThan(500);
    await freshLoginWorks();
  });

  it('keeps answering ordinary requests on the same routes', async () => {
    const res = await fetch(`${origin}/postback?token=unknown`);
    expect(res.status).toBeLessThan(500);
    expect((await fetch(`${origin}/tag.js`)).status).toBe(200);
    await freshLoginWorks();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@cryptads/contract/api-keys';
import { loggerOptions } from '../../app';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Rate limits of the public API and what the log keeps of a key (docs/decisions/040-public-api.md). */
const logLines: string[] = [];
const stream = { write: (line: string) => void logLines.push(line) };
// An hour's window: a test never straddles two.
const limits = { API_RATE_LIMIT_PER_KEY: '3', API_RATE_LIMIT_PER_ACCOUNT: '5', API_RATE_LIMIT_WINDOW_SECONDS: '3600' };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(limits, { logger: (config) => ({ ...loggerOptions(config), level: 'info', stream }) });
});
afterAll(async () => {
  await app.closeAll();
});

async function createKey(headers: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/apiKeys',
    headers,
    payload: { name: 'limits', scopes: ['reports:read'] },
  });
  return body<CreatedApiKey>(res).response;
}

const get = (key: string, url = '/api/v1/reports') =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

describe('rate limits of the public API', () => {
  it('advertises the policies and what is left, and answers 429 with Retry-After per key and per account', async () => {
    const adv = await loginAs(app, 'advertiser');
    const first = await createKey(adv.headers);
    const second = await createKey(adv.headers);
    const one = await get(first.key);
    expect(one.statusCode).toBe(200);
    expect(one.headers['ratelimit-policy']).toBe('"key";q=3;w=3600, "account";q=5;w=3600');
    expect(one.headers.ratelimit).toMatch(/^"key";r=2;t=\d+, "account";r=4;t=\d+$/);
    await get(first.key);
    await get(first.key);
    const limited = await get(first.key);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).reason).toBe(API_KEY_MESSAGES.rateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The refused request took nothing from the account: 3 of its 5 spent by the first key.
    expect(limited.headers.ratelimit).toMatch(/^"key";r=0;t=\d+, "account";r=2;t=\d+$/);
    expect((await get(second.key)).statusCode).toBe(200);
    expect((await get(second.key)).statusCode).toBe(200);
    const accountLimited = await get(second.key);
    expect(accountLimited.statusCode).toBe(429);
    expect(accountLimited.headers['retry-after']).toBeDefined();
    // Another account is not affected.
    const other = await loginAs(app, 'advertiser');
    expect((await get((await createKey(other.headers)).key)).statusCode).toBe(200);
  });
});

// The counters' own tests (rate-limit.test.ts) run the same on Redis, shared by two processes.
describe('a runaway key', () => {
  it("spends its own budget only: the account's other keys keep their share", async () => {
    const adv = await loginAs(app, 'advertiser');
    const keyA = await createKey(adv.headers);
    const keyB = await createKey(adv.headers);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await get(keyA.key)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    // 27 refusals later the account has still 2 of its 5 left, and key B gets them.
    const refused = await get(keyA.key);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers.ratelimit).toMatch(/^"key";r=0;t=\d+, "account";r=2;t=\d+$/);
    const b1 = await get(keyB.key);
    expect(b1.statusCode).toBe(200);
    expect(b1.headers.ratelimit).toMatch(/^"key";r=2;t=\d+, "account";r=1;t=\d+$/);
    const b2 = await get(keyB.key);
    expect(b2.statusCode).toBe(200);
    expect(b2.headers.ratelimit).toMatch(/^"key";r=1;t=\d+, "account";r=0;t=\d+$/);
    // Now the account is spent: key B is refused without spending its own last request.
    for (let i = 0; i < 5; i++) {
      const byAccount = await get(keyB.key);
      expect(byAccount.statusCode).toBe(429);
      expect(byAccount.headers.ratelimit).toMatch(/^"key";r=1;t=\d+, "account";r=0;t=\d+$/);
      expect(Number(byAccount.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('the log', () => {
  it('never contains a key, in a header, a URL or a body', async () => {
    const pub = await loginAs(app, 'publisher');
    const created = await createKey(pub.headers);
    await get(created.key);
    await get(created.key, `/api/v1/reports?note=${created.key}`);
    await app.inject({ method: 'GET', url: `/api/v1/${created.key}` });
    await app.inject({ method: 'GET', url: '/api/websites', headers: { authorization: `Bearer ${created.key}` } });
    const log = logLines.join('\n');
    expect(log).toContain('/api/v1/reports');
    expect(log).not.toContain(created.key);
    expect(log).not.toContain(created.key.slice(10, 42));
  });
});

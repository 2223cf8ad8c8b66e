import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_MESSAGES } from '@cryptads/contract/system-messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { Preparation, PREPARING_RETRY_SECONDS } from './preparation';

/**
 * The first start listens before the demo world is seeded: until it is, the liveness probe and
 * the ad paths answer, the API and readiness say the demo world is being prepared, and a
 * browser gets a page that reloads itself.
 */
let app: TestApp;
const preparation = new Preparation();
beforeAll(async () => {
  app = await createTestApp({}, { preparation });
});
afterAll(async () => {
  await app.closeAll();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const login = () =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'nobody@example.com', password: 'Wrong#Passw0rd', captcha: 'none' },
  });

describe('while the demo world is prepared', () => {
  beforeAll(() => preparation.begin());

  it('the process answers that it lives', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().response.status).toBe('ok');
  });

  it('readiness and every API call say the demo world is being prepared, with Retry-After', async () => {
    for (const res of [await get('/api/ready'), await login(), await get('/api/user')]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(PREPARING_RETRY_SECONDS));
      expect(res.json()).toEqual({ code: 503, response: null, reason: SYSTEM_MESSAGES.preparing });
    }
  });

  it('a browser gets a page that says so and reloads itself', async () => {
    const res = await get('/login/', { accept: 'text/html' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Preparing the demo world</h1>');
    expect(res.body).toContain(`<meta http-equiv="refresh" content="${PREPARING_RETRY_SECONDS}">`);
  });

  it('the ad paths answer as usual: there is nothing to serve yet', async () => {
    expect((await get('/serve/no-such-zone')).statusCode).toBe(204);
  });
});

describe('once it is ready', () => {
  beforeAll(() => preparation.end());

  it('readiness and the API answer as usual', async () => {
    expect((await get('/api/ready')).statusCode).toBe(200);
    const res = await login();
    expect(res.statusCode).toBe(401);
    expect((await get('/login/', { accept: 'text/html' })).body).not.toContain('Preparing the demo world');
  });
});

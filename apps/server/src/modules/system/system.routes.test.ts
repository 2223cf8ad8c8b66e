import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { HealthSchema, PublicConfigSchema } from '@cryptads/contract/system';
import { VALIDATION_MESSAGES } from '@cryptads/contract/validation';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { body } from '../../testing/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ PRODUCT_NAME: 'Cryptads Test' });
});
afterAll(async () => {
  await app.closeAll();
});

describe('GET /api/health', () => {
  it('answers ok with the database kind in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env).toMatchObject({ code: 200, reason: null });
    const health = HealthSchema.parse(env.response);
    expect(health.status).toBe('ok');
    expect(health.database).toBe(process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite');
  });
});

describe('GET /api/config', () => {
  it('tells the web app the product name, captcha and mailbox before anyone logs in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const config = PublicConfigSchema.parse(body(res).response);
    expect(config).toEqual({
      productName: 'Cryptads Test',
      captcha: { provider: 'none', siteKey: null },
      devMailbox: true,
      supportEmail: 'support@cryptads.example',
      rules: {
        minimumBids: { DISPLAY_TYPE_REGULAR: 0.2, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
        minimumBidsClick: { NATIVE: 0.05 },
        maxPrice: 20,
        revenueShare: 0.7,
        deletionGraceDays: 14,
      },
    });
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every auth path under the /api server', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; servers: { url: string }[]; paths: Record<string, object> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths).map((p) => `${doc.servers[0]?.url ?? ''}${p}`);
    for (const path of [
      '/api/login',
      '/api/register',
      '/api/recovery',
      '/api/recovery-validate',
      '/api/user/logout',
      '/api/user/emailVerification/validate',
      '/api/user/emailVerification/request',
      '/api/user',
      '/api/user/twoFactor',
      '/api/user/twoFactor/request',
      '/api/user/twoFactor/validate',
      '/api/user/twoFactor/disable',
    ])
      expect(documented).toContain(path);
  });

  it('documents the methods of each path', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methodsOf = (suffix: string) =>
      Object.keys(Object.entries(doc.paths).find(([p]) => p.endsWith(suffix))?.[1] ?? {});
    expect(methodsOf('/twoFactor/disable')).toContain('delete');
    expect(methodsOf('/login')).toContain('post');
  });
});

describe('errors in the envelope', () => {
  it('answers an unknown /api path with 404 in the envelope', async () => {
    for (const url of ['/api/nope', '/api/user/nope/deeper', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound });
    }
    const post = await app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(body(post)).toEqual({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound });
  });

  it('answers a body that fails its schema with 400 and the first message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: VALIDATION_MESSAGES.emailRequired });
  });

  it('answers a missing body with 400 and a sentence, not a parser message', async () => {
    for (const url of ['/api/register', '/api/login', '/api/recovery']) {
      const res = await app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, response: null, reason: GENERIC_MESSAGES.invalidRequest });
    }
  });

  it('answers a body that is not an object with 400 and a sentence', async () => {
    for (const url of ['/api/register', '/api/login']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'hi' });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, response: null, reason: GENERIC_MESSAGES.invalidRequest });
    }
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(body(res)).toMatchObject({ code: 400, response: null, reason: expect.stringMatching(/JSON/) });
  });

  it('answers an unsupported content type with 415 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toMatchObject({ code: 415, response: null, reason: expect.any(String) });
  });

  it('answers a body over the size limit with 413 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000), captcha: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ code: 413, response: null, reason: expect.any(String) });
  });
});

describe('dev mailbox', () => {
  // An app that sends mail by SMTP, built once here rather than inside the test: a second
  // database and app take seconds, several times that on a busy machine.
  let smtp: TestApp;
  beforeAll(async () => {
    smtp = await createTestApp({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await smtp.closeAll();
  });

  it('serves the outbox as JSON and as a page while the outbox is the transport', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(json.statusCode).toBe(200);
    expect(body(json)).toEqual({ code: 200, response: [], reason: null });
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Dev mailbox');
  });

  it('does not exist when mail goes out by SMTP', async () => {
    const json = await smtp.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(json.statusCode).toBe(404);
    expect(body(json)).toEqual({ code: 404, response: null, reason: GENERIC_MESSAGES.routeNotFound });
    const page = await smtp.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(404);
    const config = PublicConfigSchema.parse(body(await smtp.inject({ method: 'GET', url: '/api/config' })).response);
    expect(config.devMailbox).toBe(false);
  });
});

describe('security headers', () => {
  it('sends a content security policy with pages', async () => {
    for (const url of ['/dev/mailbox', '/login/']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(csp).toEqual(expect.stringContaining("default-src 'self'"));
      expect(csp).toEqual(expect.stringContaining("object-src 'none'"));
      expect(csp).toEqual(expect.stringContaining("frame-ancestors 'self'"));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('does not send HSTS when served over plain HTTP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

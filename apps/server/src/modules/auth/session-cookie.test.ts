import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { SESSION_COOKIE, USER_TYPE_COOKIE } from '@cryptads/contract/session';
import { revokeUserSessions } from '../sessions/sessions.service';
import { userChanged } from '../sessions/cache';
import { bearer, body, codeFromMail, lastMailTo, loginAs, registerViaApi, sessionTokenOf } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The browser's session: an HttpOnly cookie the server sets (docs/decisions/034-browser-session-cookie.md). */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

type InjectResponse = Awaited<ReturnType<TestApp['inject']>>;
const cookieOf = (res: InjectResponse, name: string) => res.cookies.find((c) => c.name === name);
const setCookieLines = (res: InjectResponse) => {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
};

async function browserLogin(opts: { rememberMe?: boolean; headers?: Record<string, string> } = {}) {
  const user = await loginAs(app, 'advertiser');
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'sec-fetch-site': 'same-origin', ...opts.headers },
    payload: { email: user.email, password: user.password, captcha: 'x', rememberMe: opts.rememberMe ?? false },
  });
  return { user, res, token: sessionTokenOf(res) };
}

/** What a browser sends back: the session cookie, as a same-origin page would. */
const cookieHeaders = (token: string, site = 'same-origin') => ({
  cookie: `${SESSION_COOKIE}=${token}`,
  'sec-fetch-site': site,
});

describe('the login answer', () => {
  // An app whose public address is https, for the Secure test, built once here rather than
  // inside it: a second database and app take seconds, several times that on a busy machine.
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: 'https://ads.example', AUTH_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await secure.closeAll();
  });

  it('opens the session in an HttpOnly, SameSite=Lax cookie on / that lives as long as the session', async () => {
    const { res, token } = await browserLogin({ rememberMe: true });
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res, SESSION_COOKIE);
    expect(session).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.maxAge).toBeGreaterThan(27 * 86_400);
    // Plain http in the tests: no Secure flag, which a browser would refuse to send back.
    expect(session?.secure).toBeUndefined();
    const type = cookieOf(res, USER_TYPE_COOKIE);
    expect(type).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(type?.httpOnly).toBeUndefined();
  });

  it('carries no token in what a script can read: the body and the readable cookie', async () => {
    const { res, token } = await browserLogin();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(body(res).response).toEqual({ userType: 1, verified: true });
    expect(res.body).not.toContain(token);
    expect(cookieOf(res, USER_TYPE_COOKIE)?.value).not.toContain(token);
  });

  it('marks both cookies Secure when the public address is https', async () => {
    const user = await loginAs(secure, 'publisher');
    const res = await secure.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password, captcha: 'x' },
    });
    expect(cookieOf(res, SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true });
    expect(cookieOf(res, USER_TYPE_COOKIE)).toMatchObject({ secure: true });
  });

  it('opens a sign-up’s verification session without the account-type cookie, which comes with the confirmed email', async () => {
    const { res, token, email } = await registerViaApi(app);
    expect(cookieOf(res, SESSION_COOKIE)?.httpOnly).toBe(true);
    expect(cookieOf(res, USER_TYPE_COOKIE)).toBeUndefined();
    const code = codeFromMail(await lastMailTo(app, email));
    const validate = await app.inject({
      method: 'POST',
      url: '/api/user/emailVerification/validate',
      headers: cookieHeaders(token),
      payload: { code },
    });
    expect(validate.statusCode).toBe(200);
    expect(cookieOf(validate, USER_TYPE_COOKIE)?.value).toBe('1');
  });
});

describe('a session cookie', () => {
  it('reads the account like a bearer token', async () => {
    const { token, user } = await browserLogin();
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(me.statusCode).toBe(200);
    expect(body<{ email: string }>(me).response.email).toBe(user.email);
  });

  it('is cleared by logout, after which it answers 401', async () => {
    const { token } = await browserLogin();
    const out = await app.inject({ method: 'POST', url: '/api/user/logout', headers: cookieHeaders(token) });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out, SESSION_COOKIE)?.value).toBe('');
    expect(cookieOf(out, USER_TYPE_COOKIE)?.value).toBe('');
    expect(setCookieLines(out).every((line) => /Expires=Thu, 01 Jan 1970/.test(line))).toBe(true);
    const after = await app.inject({ method: 'GET', url: '/api/user', headers: cookieHeaders(token) });
    expect(after.statusCode).toBe(401);
  });

  it('of a revoked session answers 401 and clears both cookies', async () => {
    const { token, user } = await browserLogin();
    await revokeUserSessions(app.ctx.db, user.user.id);
    await userChanged(app.ctx, user.user.id);
    const res = await app.inject({ method: 'GET', url: '/api/user', headers: cookieHeaders(token) });
    expect(res.statusCode).toBe(401);
    expect(body(res).reason).toBe(GENERIC_MESSAGES.unauthorized);
    expect(cookieOf(res, SESSION_COOKIE)?.value).toBe('');
    expect(cookieOf(res, USER_TYPE_COOKIE)?.value).toBe('');
  });
});

describe('cross-site requests', () => {
  const logout = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/user/logout', headers });

  it('refuses a cross-site POST that carries the session cookie with 403 and a clear reason', async () => {
    const { token } = await browserLogin();
    const res = await logout(cookieHeaders(token, 'cross-site'));
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 403, response: null, reason: GENERIC_MESSAGES.crossSiteRequest });
    // The session was not touched.
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: cookieHeaders(token) })).statusCode).toBe(200);
  });

  it('refuses a sibling subdomain (same-site) too', async () => {
    const { token } = await browserLogin();
    expect((await logout(cookieHeaders(token, 'same-site'))).statusCode).toBe(403);
  });

  it('without Sec-Fetch-Site, compares Origin with the address the request came to', async () => {
    const { token } = await browserLogin();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const foreign = await logout({ cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await logout({ cookie, origin: 'null' })).statusCode).toBe(403);
    // app.inject's requests go to localhost:80.
    expect((await logout({ cookie, origin: 'http://localhost:80' })).statusCode).toBe(200);
  });

  it('lets a same-origin POST with the cookie through', async () => {
    const { token } = await browserLogin();
    expect((await logout(cookieHeaders(token, 'same-origin'))).statusCode).toBe(200);
  });

  it('lets a program with a bearer token through, whatever its headers', async () => {
    const { token } = await browserLogin();
    const res = await logout({ ...bearer(token), origin: 'https://elsewhere.example' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a login posted from another site (login CSRF), with or without a cookie', async () => {
    const user = await loginAs(app, 'advertiser');
    const payload = { email: user.email, password: user.password, captcha: 'x' };
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/login', headers, payload });
      expect(res.statusCode).toBe(403);
      expect(body(res).reason).toBe(GENERIC_MESSAGES.crossSiteRequest);
      expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    }
    const signup = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(signup.statusCode).toBe(403);
  });

  it('leaves other requests alone: a provider’s webhook, a public read, a cookie on a public POST', async () => {
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).not.toBe(403);
    const config = await app.inject({ method: 'GET', url: '/api/config', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(config.statusCode).toBe(200);
    const { token } = await browserLogin();
    const withCookie = await app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: { ...cookieHeaders(token, 'cross-site'), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(withCookie.statusCode).not.toBe(403);
  });
});

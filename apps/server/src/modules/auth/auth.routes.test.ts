import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AUTH_MESSAGES, RegisterResponseSchema } from '@cryptads/contract/auth';
import { VALIDATION_MESSAGES } from '@cryptads/contract/validation';
import { users } from '../../db/schema/users';
import {
  bearer,
  body,
  codeFromMail,
  lastMailTo,
  loginAs,
  registerViaApi,
  STRONG_PASSWORD,
  sessionTokenOf,
  uniqueEmail,
} from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  // Far above what these tests send, so that the per-IP limit (tested in login.test.ts) stays out of the way.
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

describe('POST /api/register', () => {
  it('creates an unverified account, answers its type and opens the session in an HttpOnly cookie', async () => {
    const { res, token } = await registerViaApi(app, { userType: 2 });
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env).toMatchObject({ code: 200, reason: null });
    const answer = RegisterResponseSchema.parse(env.response);
    expect(env.response).toEqual({ userType: 2, verified: false });
    expect(answer).toEqual({ userType: 2, verified: false });
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(res.body).not.toContain(token);
  });

  it('mails a six-digit verification code to the new address', async () => {
    const { email } = await registerViaApi(app);
    const mail = await lastMailTo(app, email);
    expect(mail).not.toBeNull();
    const code = codeFromMail(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(code);
    expect(mail?.text).toContain('Hello Ada');
  });

  it('stores the email trimmed and lowercased, and names trimmed', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { res } = await registerViaApi(app, { email: `  ${email.toUpperCase()} `, firstName: '  Grace ' });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.firstName).toBe('Grace');
    expect(await lastMailTo(app, email.toLowerCase())).not.toBeNull();
  });

  it('gives a token that only reaches the verification calls until the email is confirmed', async () => {
    const { token } = await registerViaApi(app);
    const res = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 403, response: null, reason: GENERIC_MESSAGES.emailNotVerified });
  });

  it.each([
    ['a missing email', { email: undefined }, VALIDATION_MESSAGES.emailRequired],
    ['an invalid email', { email: 'ada@nowhere' }, VALIDATION_MESSAGES.emailInvalid],
    ['an empty first name', { firstName: ' ' }, AUTH_MESSAGES.firstNameRequired],
    ['a first name over 50 characters', { firstName: 'a'.repeat(51) }, AUTH_MESSAGES.nameTooLong],
    ['an empty last name', { lastName: '' }, AUTH_MESSAGES.lastNameRequired],
    ['a last name over 50 characters', { lastName: 'b'.repeat(51) }, AUTH_MESSAGES.nameTooLong],
    ['account type 0', { userType: 0 }, AUTH_MESSAGES.chooseAccountType],
    ['account type 3', { userType: 3 }, AUTH_MESSAGES.chooseAccountType],
    ['no account type', { userType: undefined }, AUTH_MESSAGES.chooseAccountType],
    ['no password', { password: '' }, AUTH_MESSAGES.passwordRequired],
    ['a weak password', { password: 'password1' }, VALIDATION_MESSAGES.passwordNotStrong],
    ['no captcha', { captcha: '' }, AUTH_MESSAGES.captchaRequired],
  ])('refuses %s with 400 and its message', async (_why, overrides, message) => {
    const email = uniqueEmail('bad');
    const { res } = await registerViaApi(app, { email, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: message });
    expect(await app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses an email that already has an account with 409, whatever its case', async () => {
    const email = uniqueEmail('taken');
    expect((await registerViaApi(app, { email })).res.statusCode).toBe(200);
    for (const again of [email, email.toUpperCase()]) {
      const { res } = await registerViaApi(app, { email: again, firstName: 'Other' });
      expect(res.statusCode).toBe(409);
      expect(body(res)).toEqual({ code: 409, response: null, reason: AUTH_MESSAGES.emailTaken });
    }
    const rows = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(rows.map((r) => r.firstName)).toEqual(['Ada']);
  });

  it('creates one account when the same email signs up twice at the same moment', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([1, 2, 3].map(() => registerViaApi(app, { email })));
    const statuses = results.map((r) => r.res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.res.statusCode === 409))
      expect(body(r.res).reason).toBe(AUTH_MESSAGES.emailTaken);
    expect(await app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const mails = body<unknown[]>(
      await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` }),
    ).response;
    expect(mails).toHaveLength(1);
  });

  it('links the account to its referrer when the invite identifier is known', async () => {
    const referrer = await loginAs(app, 'advertiser');
    const email = uniqueEmail('invited');
    await registerViaApi(app, { email, referrer: referrer.user.com });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.referrerId).toBe(referrer.user.id);
  });

  it('ignores an unknown invite identifier', async () => {
    const email = uniqueEmail('invited');
    const { res } = await registerViaApi(app, { email, referrer: 'nobody' });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.referrerId).toBeNull();
  });
});

describe('captcha verified by the provider', () => {
  // An app of its own (the provider is configuration), built once here rather than inside the
  // test: a second database and app take seconds, and several times that on a busy machine.
  // The provider's HTTP API is outside our process: the one thing we stand in for. The adapter
  // takes the global fetch when the app is built, so the stand-in is in place first.
  const calls: URLSearchParams[] = [];
  let turnstile: TestApp;
  beforeAll(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { body: URLSearchParams }) => {
        calls.push(init.body);
        return new Response(JSON.stringify({ success: init.body.get('response') === 'good-token' }));
      }),
    );
    turnstile = await createTestApp({
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET: 'secret-key',
    });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await turnstile.closeAll();
  });

  it('refuses a sign-up whose captcha the provider rejects, and sends the token to the provider', async () => {
    const refused = await registerViaApi(turnstile, { captcha: 'bad-token' });
    expect(refused.res.statusCode).toBe(400);
    expect(body(refused.res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.captchaFailed });
    expect(calls[0]?.get('secret')).toBe('secret-key');
    expect(calls[0]?.get('response')).toBe('bad-token');

    const accepted = await registerViaApi(turnstile, { captcha: 'good-token' });
    expect(accepted.res.statusCode).toBe(200);
  });
});

describe('POST /api/user/logout', () => {
  it('ends the session: the token stops working', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);

    const out = await app.inject({ method: 'POST', url: '/api/user/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(body(out)).toEqual({ code: 200, response: { ok: true }, reason: null });

    const after = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({ code: 401, response: null, reason: GENERIC_MESSAGES.unauthorized });
    const again = await app.inject({ method: 'POST', url: '/api/user/logout', headers });
    expect(again.statusCode).toBe(401);
  });

  it('ends only the calling session, not the user’s other devices', async () => {
    const first = await loginAs(app, 'publisher');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: first.email, password: STRONG_PASSWORD, captcha: 'x' },
    });
    const second = bearer(sessionTokenOf(login));
    await app.inject({ method: 'POST', url: '/api/user/logout', headers: first.headers });
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: second })).statusCode).toBe(200);
  });

  it('lets an unverified sign-up log out', async () => {
    const { token } = await registerViaApi(app);
    const out = await app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const validate = await app.inject({
      method: 'POST',
      url: '/api/user/emailVerification/validate',
      headers: bearer(token),
      payload: { code: '123456' },
    });
    expect(validate.statusCode).toBe(401);
  });

  it('answers 401 in the envelope without a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, response: null, reason: GENERIC_MESSAGES.unauthorized });
  });
});

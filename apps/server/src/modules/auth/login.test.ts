import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCode, GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AUTH_MESSAGES, LoginResponseSchema } from '@cryptads/contract/auth';
import { VALIDATION_MESSAGES } from '@cryptads/contract/validation';
import { sessions } from '../../db/schema/users';
import { sha256 } from '../../lib/crypto';
import {
  bearer,
  body,
  disableUser,
  loginAs,
  registerViaApi,
  STRONG_PASSWORD,
  sessionTokenOf,
  uniqueEmail,
} from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const MAX_FAILURES = 3;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ACCOUNT_MAX_FAILURES: String(MAX_FAILURES), AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const login = (payload: Record<string, unknown>, target: TestApp = app, remoteAddress?: string) =>
  target.inject({
    method: 'POST',
    url: '/api/login',
    payload: { captcha: 'captcha-token', ...payload },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('POST /api/login with email and password', () => {
  it('answers a token that reads the user, with the account type and verified true', async () => {
    const { email, password } = await loginAs(app, 'publisher');
    const res = await login({ email, password });
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env).toMatchObject({ code: 200, reason: null });
    const answer = LoginResponseSchema.parse(env.response);
    expect(answer).toMatchObject({ userType: 2, verified: true });

    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(sessionTokenOf(res)) });
    expect(me.statusCode).toBe(200);
    expect(body<{ email: string }>(me).response.email).toBe(email);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const { email, password } = await loginAs(app, 'advertiser');
    const res = await login({ email: `  ${email.toUpperCase()} `, password });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the session 28 days with rememberMe and one day without', async () => {
    const { email, password } = await loginAs(app, 'advertiser');
    const lifetimeDays = async (rememberMe?: boolean) => {
      const res = await login({ email, password, ...(rememberMe != null ? { rememberMe } : {}) });
      expect(res.statusCode).toBe(200);
      const token = sessionTokenOf(res);
      const [row] = await app.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)));
      return Math.round(((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000);
    };
    expect(await lifetimeDays(true)).toBe(28);
    expect(await lifetimeDays(false)).toBe(1);
    expect(await lifetimeDays()).toBe(1);
  });

  it('refuses a wrong password with 401 and the server reason', async () => {
    const { email } = await loginAs(app, 'advertiser');
    const res = await login({ email, password: 'Wrong!Passw0rd' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, response: null, reason: AUTH_MESSAGES.wrongCredentials });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await login({ email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, response: null, reason: AUTH_MESSAGES.wrongCredentials });
  });

  it.each([
    ['a missing email', { password: 'x' }, VALIDATION_MESSAGES.emailRequired],
    ['an empty email', { email: '', password: 'x' }, VALIDATION_MESSAGES.emailRequired],
    ['an invalid email', { email: 'not-an-email', password: 'x' }, VALIDATION_MESSAGES.emailInvalid],
    ['a missing password', { email: 'a@b.co' }, AUTH_MESSAGES.loginPasswordRequired],
    ['an empty password', { email: 'a@b.co', password: '' }, AUTH_MESSAGES.loginPasswordRequired],
    ['an empty captcha', { email: 'a@b.co', password: 'x', captcha: '' }, AUTH_MESSAGES.captchaRequired],
  ])('refuses %s with 400 and its message', async (_why, payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: message });
  });

  it('answers an unverified account with verified false and a token for the verification calls only', async () => {
    const { email, password } = await registerViaApi(app);
    const res = await login({ email, password });
    expect(res.statusCode).toBe(200);
    const answer = LoginResponseSchema.parse(body(res).response);
    expect(answer).toMatchObject({ userType: 1, verified: false });

    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(sessionTokenOf(res)) });
    expect(me.statusCode).toBe(403);
    expect(body(me).reason).toBe(GENERIC_MESSAGES.emailNotVerified);
    const validate = await app.inject({
      method: 'POST',
      url: '/api/user/emailVerification/validate',
      headers: bearer(sessionTokenOf(res)),
      payload: { code: '000000' },
    });
    expect(validate.statusCode).toBe(400);
    expect(body(validate).reason).toBe(AUTH_MESSAGES.codeInvalid);
  });

  it('answers a disabled account with 401 and code 99', async () => {
    const { user, email, password } = await loginAs(app, 'advertiser');
    await disableUser(app, user.id);
    const res = await login({ email, password });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: AppCode.Banned, response: null, reason: AUTH_MESSAGES.accountDisabled });
  });

  it('does not tell a disabled account apart when the password is wrong', async () => {
    const { user, email } = await loginAs(app, 'advertiser');
    await disableUser(app, user.id);
    const res = await login({ email, password: 'Wrong!Passw0rd' });
    expect(body(res)).toEqual({ code: 401, response: null, reason: AUTH_MESSAGES.wrongCredentials });
  });

  it('answers code 99 to the open sessions of an account once it is disabled', async () => {
    const { user, headers } = await loginAs(app, 'publisher');
    await disableUser(app, user.id);
    const res = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: AppCode.Banned, response: null, reason: AUTH_MESSAGES.accountDisabled });
  });
});

describe('per-account lockout', () => {
  const locked = AUTH_MESSAGES.accountLocked(15);

  it(`answers 429 after ${MAX_FAILURES} failures, even with the right password`, async () => {
    const { email, password } = await loginAs(app, 'advertiser');
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await login({ email, password: `Wrong!Passw0rd${i}` })).statusCode).toBe(401);
    const res = await login({ email, password });
    expect(res.statusCode).toBe(429);
    expect(body(res)).toEqual({ code: 429, response: null, reason: locked });
    expect(res.headers['retry-after']).toBe('900');
  });

  it('locks only the guessed account, whatever the IP address', async () => {
    const target = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    for (let i = 0; i < MAX_FAILURES; i++)
      await login({ email: target.email, password: 'Wrong!Passw0rd' }, app, `10.0.0.${i + 1}`);
    expect((await login({ email: target.email, password: target.password }, app, '10.9.9.9')).statusCode).toBe(429);
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { email, password } = await loginAs(app, 'publisher');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++) await login({ email, password: 'Wrong!Passw0rd' });
      expect((await login({ email, password })).statusCode).toBe(200);
    }
  });

  it('locks an unknown email the same way, so lockout does not reveal which accounts exist', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < MAX_FAILURES; i++) await login({ email, password: 'Wrong!Passw0rd' });
    const res = await login({ email, password: 'Wrong!Passw0rd' });
    expect(res.statusCode).toBe(429);
    expect(body(res).reason).toBe(locked);
  });
});

describe('per-IP rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await limited.closeAll();
  });

  it('answers 429 in the envelope once an address spends its budget', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      const res = await login({ email: uniqueEmail('ip'), password: 'x' }, limited, ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await login({ email: uniqueEmail('ip'), password: 'x' }, limited, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(body(res)).toEqual({ code: 429, response: null, reason: GENERIC_MESSAGES.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    const otherAddress = await login({ email: uniqueEmail('ip'), password: 'x' }, limited, '203.0.113.8');
    expect(otherAddress.statusCode).toBe(401);
  });

  it('limits the other secret-checking endpoints too', async () => {
    const ip = '203.0.113.9';
    const recovery = () =>
      limited.inject({
        method: 'POST',
        url: '/api/recovery',
        payload: { email: uniqueEmail('ip'), captcha: 'x' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await recovery()).statusCode).toBe(200);
    const res = await recovery();
    expect(res.statusCode).toBe(429);
    expect(body(res)).toEqual({ code: 429, response: null, reason: GENERIC_MESSAGES.tooManyRequests });
  });
});

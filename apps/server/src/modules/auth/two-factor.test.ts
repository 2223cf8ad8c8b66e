import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import {
  AUTH_MESSAGES,
  LoginResponseSchema,
  TwoFactorRequestSchema,
  TwoFactorRequiredSchema,
} from '@cryptads/contract/auth';
import { TWO_FACTOR_STEP_PREFERENCE } from '@cryptads/contract/endpoints/auth.routes';
import { CODE_MAX_ATTEMPTS } from '@cryptads/contract/limits';
import { oneTimeCodes, sessions } from '../../db/schema/users';
import { randomToken, sha256 } from '../../lib/crypto';
import { currentTotp } from '../../lib/totp';
import { bearer, body, loginAs, sessionTokenOf } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

/**
 * The code an authenticator shows `steps` 30-second steps from now. The server accepts one
 * step either way and never the same step twice, so a test that needs several codes in one
 * window starts at the previous step and moves forward.
 */
const codeAt = async (secret: string, steps = 0) => currentTotp(secret, Math.floor(Date.now() / 1000) + steps * 30);

const status = async (headers: Record<string, string>) =>
  body<{ status: number }>(await app.inject({ method: 'GET', url: '/api/user/twoFactor', headers })).response.status;

const requestSecret = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/user/twoFactor/request', headers });
  expect(res.statusCode).toBe(200);
  return TwoFactorRequestSchema.parse(body(res).response);
};

const submit = (url: string, method: 'POST' | 'DELETE', headers: Record<string, string>, code: string) =>
  app.inject({ method, url, headers, payload: { code } });

/** A verified user with two-factor on, enabled with the previous step's code. */
async function userWithTwoFactor() {
  const user = await loginAs(app, 'advertiser');
  const { secret } = await requestSecret(user.headers);
  const res = await submit('/api/user/twoFactor/validate', 'POST', user.headers, await codeAt(secret, -1));
  expect(res.statusCode).toBe(200);
  return { ...user, secret };
}

const passwordLogin = (email: string, password: string, rememberMe = false) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x', rememberMe } });

async function credentialsTokenOf(email: string, password: string, rememberMe = false) {
  const res = await passwordLogin(email, password, rememberMe);
  expect(res.statusCode).toBe(403);
  return TwoFactorRequiredSchema.parse(body(res).response).credentialsToken;
}

const codeLogin = (credentialsToken: string, twoFactorCode: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { credentialsToken, twoFactorCode, captcha: 'x' } });

describe('setting up two-factor authentication', () => {
  it('starts disabled', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await app.inject({ method: 'GET', url: '/api/user/twoFactor', headers });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 200, response: { status: 0 }, reason: null });
  });

  it('gives a secret, its otpauth URI and a PNG QR code', async () => {
    const { headers, email } = await loginAs(app, 'advertiser');
    const { secret, uri, qr } = await requestSecret(headers);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Cryptads');
    expect(decodeURIComponent(uri)).toContain(email);
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(await status(headers)).toBe(0);
  });

  it('refuses a wrong code with 400 and stays disabled', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { secret } = await requestSecret(headers);
    const wrong = (await codeAt(secret)) === '000000' ? '111111' : '000000';
    const res = await submit('/api/user/twoFactor/validate', 'POST', headers, wrong);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.twoFactorInvalid });
    expect(await status(headers)).toBe(0);
  });

  it('refuses a code that is not six digits with the 2FA message', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    await requestSecret(headers);
    for (const code of ['', '12345', 'abcdef']) {
      const res = await submit('/api/user/twoFactor/validate', 'POST', headers, code);
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
    }
  });

  it('enables it with the right code', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const { secret } = await requestSecret(headers);
    const res = await submit('/api/user/twoFactor/validate', 'POST', headers, await codeAt(secret));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 200, response: { code: 200, status: 1 }, reason: null });
    expect(await status(headers)).toBe(1);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(body<{ secureStatus: number }>(me).response.secureStatus).toBe(1);
  });

  it('asks for a QR code before a code can enable it', async () => {
    const { headers } = await loginAs(app, 'advertiser');
    const res = await submit('/api/user/twoFactor/validate', 'POST', headers, '123456');
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(AUTH_MESSAGES.twoFactorNotRequested);
  });

  it('does not hand out a new secret while it is enabled', async () => {
    const { headers } = await userWithTwoFactor();
    const res = await app.inject({ method: 'GET', url: '/api/user/twoFactor/request', headers });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(AUTH_MESSAGES.twoFactorAlreadyEnabled);
  });

  it('needs a full session', async () => {
    for (const url of ['/api/user/twoFactor', '/api/user/twoFactor/request']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ code: 401, response: null, reason: GENERIC_MESSAGES.unauthorized });
    }
  });
});

describe('logging in with two-factor authentication', () => {
  it('answers the password step with 403 and a credentials token, but no session', async () => {
    const { email, password } = await userWithTwoFactor();
    const res = await passwordLogin(email, password);
    expect(res.statusCode).toBe(403);
    const env = body<{ credentialsToken: string; token?: string }>(res);
    expect(env).toMatchObject({ code: 403, reason: AUTH_MESSAGES.twoFactorRequired });
    expect(env.response.credentialsToken).toEqual(expect.any(String));
    expect(env.response.token).toBeUndefined();
  });

  it('answers the step as HTTP 200 with the same envelope to a caller that prefers it, as our web app does', async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { prefer: `respond-async, ${TWO_FACTOR_STEP_PREFERENCE}` },
      payload: { email, password, captcha: 'x', rememberMe: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['preference-applied']).toBe(TWO_FACTOR_STEP_PREFERENCE);
    expect(res.headers['set-cookie']).toBeUndefined();
    const env = body<{ credentialsToken: string }>(res);
    expect(env).toMatchObject({ code: 403, reason: AUTH_MESSAGES.twoFactorRequired });
    const login = await codeLogin(TwoFactorRequiredSchema.parse(env.response).credentialsToken, await codeAt(secret));
    expect(login.statusCode).toBe(200);

    // A wrong password stays a 401 whatever the caller prefers.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { prefer: TWO_FACTOR_STEP_PREFERENCE },
      payload: { email, password: `${password}x`, captcha: 'x', rememberMe: false },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['preference-applied']).toBeUndefined();
  });

  it('answers a session token for the credentials token and a valid code', async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password);
    const res = await codeLogin(credentialsToken, await codeAt(secret));
    expect(res.statusCode).toBe(200);
    const answer = LoginResponseSchema.parse(body(res).response);
    expect(answer).toMatchObject({ userType: 1, verified: true });
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(sessionTokenOf(res)) });
    expect(body<{ email: string }>(me).response.email).toBe(email);
  });

  it('refuses a replayed two-factor code, and accepts the next step’s code', async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const code = await codeAt(secret);
    expect((await codeLogin(await credentialsTokenOf(email, password), code)).statusCode).toBe(200);

    const replay = await codeLogin(await credentialsTokenOf(email, password), code);
    expect(replay.statusCode).toBe(400);
    expect(body(replay)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.twoFactorInvalid });

    const next = await codeLogin(await credentialsTokenOf(email, password), await codeAt(secret, 1));
    expect(next.statusCode).toBe(200);
  });

  it('refuses the code that enabled two-factor', async () => {
    const user = await loginAs(app, 'advertiser');
    const { secret } = await requestSecret(user.headers);
    const code = await codeAt(secret);
    expect((await submit('/api/user/twoFactor/validate', 'POST', user.headers, code)).statusCode).toBe(200);
    const res = await codeLogin(await credentialsTokenOf(user.email, user.password), code);
    expect(body(res).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
  });

  it('refuses a wrong code with 400, and the credentials token survives it', async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password);
    const good = await codeAt(secret);
    const res = await codeLogin(credentialsToken, good === '000000' ? '111111' : '000000');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.twoFactorInvalid });
    expect((await codeLogin(credentialsToken, good)).statusCode).toBe(200);
  });

  it(`voids the credentials token after ${CODE_MAX_ATTEMPTS} wrong codes`, async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password);
    const good = await codeAt(secret);
    const wrong = good === '000000' ? '111111' : '000000';
    const reasons: (string | null)[] = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) reasons.push(body(await codeLogin(credentialsToken, wrong)).reason);
    expect(reasons.at(-1)).toBe(AUTH_MESSAGES.credentialsExpired);
    const res = await codeLogin(credentialsToken, good);
    expect(res.statusCode).toBe(401);
    expect(body(res).reason).toContain('redirecting');
  });

  it('answers 401 with "redirecting" for an unknown credentials token', async () => {
    const res = await codeLogin('not-a-real-token', '123456');
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, response: null, reason: AUTH_MESSAGES.credentialsExpired });
    expect(body(res).reason).toContain('redirecting');
  });

  it('answers 401 with "redirecting" for an expired credentials token', async () => {
    const { user, email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password);
    await app.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'login_2fa')));
    const res = await codeLogin(credentialsToken, await codeAt(secret));
    expect(res.statusCode).toBe(401);
    expect(body(res).reason).toContain('redirecting');
  });

  it('accepts a credentials token once', async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password);
    expect((await codeLogin(credentialsToken, await codeAt(secret))).statusCode).toBe(200);
    const again = await codeLogin(credentialsToken, await codeAt(secret, 1));
    expect(again.statusCode).toBe(401);
    expect(body(again).reason).toContain('redirecting');
  });

  it('opens one session when the same code is sent twice at the same moment', async () => {
    const { user, email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password);
    const code = await codeAt(secret);
    const before = (await app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const results = await Promise.all([codeLogin(credentialsToken, code), codeLogin(credentialsToken, code)]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    const after = (await app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(after - before).toBe(1);
  });

  it('accepts a code once even when two pending logins race with it', async () => {
    const { user, email, password, secret } = await userWithTwoFactor();
    const first = await credentialsTokenOf(email, password);
    // A second login attempt still pending at the same moment (two tabs, or an attacker
    // replaying what a phishing page captured).
    const second = randomToken();
    await app.ctx.db.insert(oneTimeCodes).values({
      userId: user.id,
      purpose: 'login_2fa',
      codeHash: sha256(second),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const code = await codeAt(secret);
    const results = await Promise.all([codeLogin(first, code), codeLogin(second, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(body(results.find((r) => r.statusCode === 400) ?? results[0]).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
  });

  it('carries rememberMe from the password step to the session', async () => {
    const { email, password, secret } = await userWithTwoFactor();
    const credentialsToken = await credentialsTokenOf(email, password, true);
    const token = sessionTokenOf(await codeLogin(credentialsToken, await codeAt(secret)));
    const [row] = await app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(Math.round(((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000)).toBe(28);
  });
});

describe('DELETE /api/user/twoFactor/disable', () => {
  it('disables two-factor with a valid code, and the password alone logs in again', async () => {
    const { headers, email, password, secret } = await userWithTwoFactor();
    const res = await submit('/api/user/twoFactor/disable', 'DELETE', headers, await codeAt(secret));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 200, response: { code: 200, status: 0 }, reason: null });
    expect(await status(headers)).toBe(0);
    const login = await passwordLogin(email, password);
    expect(login.statusCode).toBe(200);
    expect(body(login).response).toMatchObject({ verified: true });
  });

  it('refuses a wrong code with 400 and stays enabled', async () => {
    const { headers, secret } = await userWithTwoFactor();
    const wrong = (await codeAt(secret)) === '000000' ? '111111' : '000000';
    const res = await submit('/api/user/twoFactor/disable', 'DELETE', headers, wrong);
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
    expect(await status(headers)).toBe(1);
  });

  it('refuses the code that was just used to enable it', async () => {
    const user = await loginAs(app, 'advertiser');
    const { secret } = await requestSecret(user.headers);
    const code = await codeAt(secret);
    await submit('/api/user/twoFactor/validate', 'POST', user.headers, code);
    const res = await submit('/api/user/twoFactor/disable', 'DELETE', user.headers, code);
    expect(res.statusCode).toBe(400);
    expect(await status(user.headers)).toBe(1);
  });

  it('says two-factor is not enabled when it is not', async () => {
    const { headers } = await loginAs(app, 'publisher');
    const res = await submit('/api/user/twoFactor/disable', 'DELETE', headers, '123456');
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(AUTH_MESSAGES.twoFactorNotEnabled);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { VALIDATION_MESSAGES } from '@cryptads/contract/validation';
import { oneTimeCodes } from '../../db/schema/users';
import { body, disableUser, lastMailTo, loginAs, uniqueEmail } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://ads.example' });
});
afterAll(async () => {
  await app.closeAll();
});

const NEW_PASSWORD = 'N3w!Password';

const requestRecovery = (email: string) =>
  app.inject({ method: 'POST', url: '/api/recovery', payload: { email, captcha: 'x' } });
const completeRecovery = (code: string, password = NEW_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/recovery-validate', payload: { code, password, captcha: 'x' } });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });

/** The code at the end of the link in the newest recovery mail. */
async function recoveryCodeOf(email: string) {
  const mail = await lastMailTo(app, email);
  const code = mail?.text.match(/https:\/\/ads\.example\/password-recovery\/([A-Za-z0-9_-]+)/)?.[1];
  if (!code) throw new Error(`no recovery link in ${mail?.text}`);
  return code;
}

describe('POST /api/recovery', () => {
  it('answers the same for an existing and an unknown email, and mails only the existing one', async () => {
    const { email } = await loginAs(app, 'advertiser');
    const unknown = uniqueEmail('nobody');
    const known = await requestRecovery(email);
    const notKnown = await requestRecovery(unknown);
    expect(known.statusCode).toBe(200);
    expect(notKnown.statusCode).toBe(200);
    expect(body(known)).toEqual({ code: 200, response: { message: AUTH_MESSAGES.recoverySent }, reason: null });
    expect(notKnown.body).toBe(known.body);

    const mail = await lastMailTo(app, email);
    expect(mail?.text).toMatch(/https:\/\/ads\.example\/password-recovery\/[A-Za-z0-9_-]{20,}/);
    expect(mail?.html).toContain('https://ads.example/password-recovery/');
    expect(await lastMailTo(app, unknown)).toBeNull();
  });

  it('does not mail a disabled account', async () => {
    const { user, email } = await loginAs(app, 'publisher');
    await disableUser(app, user.id);
    expect((await requestRecovery(email)).statusCode).toBe(200);
    expect(await lastMailTo(app, email)).toBeNull();
  });

  it('applies the email rules', async () => {
    const res = await requestRecovery('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: VALIDATION_MESSAGES.emailInvalid });
  });

  it('sends at most one link a minute', async () => {
    const { email } = await loginAs(app, 'advertiser');
    await requestRecovery(email);
    await requestRecovery(email);
    const mails = body<unknown[]>(
      await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` }),
    ).response;
    expect(mails).toHaveLength(1);
  });
});

describe('POST /api/recovery-validate', () => {
  // An app that locks an account after two failures, for the lockout test, built once here
  // rather than inside it: a second database and app take seconds, several times that on a busy
  // machine.
  let locked: TestApp;
  beforeAll(async () => {
    locked = await createTestApp({ ACCOUNT_MAX_FAILURES: '2', PUBLIC_URL: 'https://ads.example' });
  });
  afterAll(async () => {
    await locked.closeAll();
  });

  it('refuses a weak password with 400 and keeps the link usable', async () => {
    const { email } = await loginAs(app, 'advertiser');
    await requestRecovery(email);
    const code = await recoveryCodeOf(email);
    const res = await completeRecovery(code, 'weakpass');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: VALIDATION_MESSAGES.passwordNotStrong });
    const empty = await completeRecovery(code, '');
    expect(body(empty).reason).toBe(AUTH_MESSAGES.passwordRequired);
    expect((await completeRecovery(code)).statusCode).toBe(200);
  });

  it('refuses a wrong code with 400', async () => {
    const res = await completeRecovery('this-is-not-a-recovery-code');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.recoveryLinkInvalid });
  });

  it('resets the password: old sessions end, the new password logs in, the old one does not', async () => {
    const { email, password, headers } = await loginAs(app, 'advertiser');
    await requestRecovery(email);
    const res = await completeRecovery(await recoveryCodeOf(email));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 200, response: { message: AUTH_MESSAGES.resetSuccess }, reason: null });

    const old = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(old.statusCode).toBe(401);
    expect(body(old)).toEqual({ code: 401, response: null, reason: GENERIC_MESSAGES.unauthorized });

    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const withOld = await login(email, password);
    expect(withOld.statusCode).toBe(401);
    expect(body(withOld).reason).toBe(AUTH_MESSAGES.wrongCredentials);
  });

  it('cannot use the link twice', async () => {
    const { email } = await loginAs(app, 'publisher');
    await requestRecovery(email);
    const code = await recoveryCodeOf(email);
    expect((await completeRecovery(code)).statusCode).toBe(200);
    const again = await completeRecovery(code, 'An0ther!Password');
    expect(again.statusCode).toBe(400);
    expect(body(again).reason).toBe(AUTH_MESSAGES.recoveryLinkInvalid);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a link once even when it is submitted twice at the same moment', async () => {
    const { email } = await loginAs(app, 'advertiser');
    await requestRecovery(email);
    const code = await recoveryCodeOf(email);
    const results = await Promise.all([completeRecovery(code, NEW_PASSWORD), completeRecovery(code, 'Oth3r!Password')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? NEW_PASSWORD : 'Oth3r!Password';
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { user, email } = await loginAs(app, 'advertiser');
    await requestRecovery(email);
    const code = await recoveryCodeOf(email);
    await app.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_recovery')));
    const res = await completeRecovery(code);
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(AUTH_MESSAGES.recoveryLinkInvalid);
  });

  it('voids an earlier link when a newer one is sent', async () => {
    const { user, email } = await loginAs(app, 'advertiser');
    await requestRecovery(email);
    const first = await recoveryCodeOf(email);
    await app.ctx.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'password_recovery')));
    await requestRecovery(email);
    const second = await recoveryCodeOf(email);
    expect(second).not.toBe(first);
    expect(body(await completeRecovery(first)).reason).toBe(AUTH_MESSAGES.recoveryLinkInvalid);
    expect((await completeRecovery(second)).statusCode).toBe(200);
  });

  it('lifts a login lockout once the password is reset', async () => {
    const { email } = await loginAs(locked, 'advertiser');
    const attempt = (password: string) =>
      locked.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });
    await attempt('Wrong!1a');
    await attempt('Wrong!1b');
    expect((await attempt(NEW_PASSWORD)).statusCode).toBe(429);
    await locked.inject({ method: 'POST', url: '/api/recovery', payload: { email, captcha: 'x' } });
    const mail = await lastMailTo(locked, email);
    const code = mail?.text.match(/password-recovery\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const reset = await locked.inject({
      method: 'POST',
      url: '/api/recovery-validate',
      payload: { code, password: NEW_PASSWORD, captcha: 'x' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(NEW_PASSWORD)).statusCode).toBe(200);
  });
});

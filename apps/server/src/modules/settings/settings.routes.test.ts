import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLogSchema, DeletionStateSchema, SETTINGS_MESSAGES } from '@cryptads/contract/settings';
import { readAnswer } from '@cryptads/contract/money-schema';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { UserDetailsSchema } from '@cryptads/contract/user';
import { NotificationListSchema } from '@cryptads/contract/notifications';
import { sessions, users } from '../../db/schema/users';
import { newTotpSecret, currentTotp } from '../../lib/totp';
import { createSession } from '../sessions/sessions.service';
import { bearer, body, loginAs, STRONG_PASSWORD } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000', ACCOUNT_MAX_FAILURES: '3' });
});
afterAll(async () => {
  await app.closeAll();
});

const NEW_PASSWORD = 'N3w!Passw0rd-2026';
const codeAt = (secret: string, steps = 0) => currentTotp(secret, Math.floor(Date.now() / 1000) + steps * 30);

/** Another login of the same user, from a phone. */
async function secondSession(userId: number) {
  return createSession(app.ctx.db, {
    userId,
    scope: 'full',
    rememberMe: false,
    meta: {
      ip: '198.51.100.7',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    },
  });
}

async function withTwoFactor(userId: number) {
  const secret = newTotpSecret();
  await app.ctx.db.update(users).set({ twoFactorSecret: secret }).where(eq(users.id, userId));
  return secret;
}

const accessLog = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/user/sessions/enabledList', headers });
  expect(res.statusCode).toBe(200);
  return AccessLogSchema.parse(body(res).response);
};

describe('access log', () => {
  it('lists the caller’s sessions with the current one flagged and the closed ones inactive', async () => {
    const me = await loginAs(app, 'advertiser');
    const phone = await secondSession(me.user.id);
    const old = await secondSession(me.user.id);
    await app.ctx.db
      .update(sessions)
      .set({ revokedAt: new Date(), enabled: false })
      .where(eq(sessions.id, old.session.id));
    const log = await accessLog(me.headers);
    expect(log).toHaveLength(3);
    const current = log.filter((r) => r.current);
    expect(current).toHaveLength(1);
    expect(current[0]?.enabled).toBe(true);
    const phoneRow = log.find((r) => r.identifier === phone.session.deviceIdentifier);
    expect(phoneRow).toMatchObject({
      enabled: true,
      current: false,
      ip: '198.51.100.7',
      os: 'iOS',
      browser: 'Mobile Safari',
    });
    expect(log.find((r) => r.identifier === old.session.deviceIdentifier)?.enabled).toBe(false);
    // Most recently used first.
    const dates = log.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('closes another session of the caller, which then can no longer call the API', async () => {
    const me = await loginAs(app, 'publisher');
    const phone = await secondSession(me.user.id);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/device/${phone.session.deviceIdentifier}`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).code).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(phone.token) })).statusCode).toBe(401);
    expect((await accessLog(me.headers)).find((r) => r.identifier === phone.session.deviceIdentifier)?.enabled).toBe(
      false,
    );
  });

  it('answers 404 for another user’s session and leaves it open', async () => {
    const me = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    const [theirs] = await app.ctx.db.select().from(sessions).where(eq(sessions.userId, other.user.id));
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/device/${theirs?.deviceIdentifier}`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: other.headers })).statusCode).toBe(200);
    const unknown = await app.inject({ method: 'DELETE', url: '/api/user/sessions/device/nope', headers: me.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to close the calling session (that is Logout)', async () => {
    const me = await loginAs(app, 'advertiser');
    const [mine] = await accessLog(me.headers);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/device/${mine?.identifier}`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe(SETTINGS_MESSAGES.cannotCloseCurrentSession);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/sessions/enabledList' })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/user/password', headers, payload });

  it('refuses empty and weak input with the form’s messages', async () => {
    const me = await loginAs(app, 'advertiser');
    expect(body(await put(me.headers, { oldPassword: '', newPassword: NEW_PASSWORD })).reason).toBe(
      'Please enter the current password.',
    );
    expect(body(await put(me.headers, { oldPassword: me.password, newPassword: '' })).reason).toBe(
      'Please enter your new password.',
    );
    const weak = await put(me.headers, { oldPassword: me.password, newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(body(weak).reason).toBe('Password is not strong enough.');
  });

  it('refuses a wrong current password and locks after too many', async () => {
    const me = await loginAs(app, 'advertiser');
    for (let i = 0; i < 3; i++) {
      const res = await put(me.headers, { oldPassword: 'Wrong!Passw0rd', newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(SETTINGS_MESSAGES.wrongCurrentPassword);
    }
    const locked = await put(me.headers, { oldPassword: me.password, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
  });

  it('changes the password, ends the other sessions and keeps the calling one', async () => {
    const me = await loginAs(app, 'publisher');
    const phone = await secondSession(me.user.id);
    const res = await put(me.headers, { oldPassword: me.password, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body<{ message: string }>(res).response.message).toBe('The password was changed successfully.');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: me.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(phone.token) })).statusCode).toBe(401);
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { email: me.email, password, captcha: 'x' } });
    expect((await login(me.password)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    const list = NotificationListSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/user/notifications', headers: me.headers })).response,
    );
    expect(list.notifications[0]?.title).toBe('Password changed');
  });

  it('refuses the same password as the new one', async () => {
    const me = await loginAs(app, 'advertiser');
    const res = await put(me.headers, { oldPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD });
    expect(body(res).reason).toBe(SETTINGS_MESSAGES.samePassword);
  });

  it('with two-factor on, needs a valid code that was not used before', async () => {
    const me = await loginAs(app, 'advertiser');
    const secret = await withTwoFactor(me.user.id);
    const missing = await put(me.headers, { oldPassword: me.password, newPassword: NEW_PASSWORD });
    expect(body(missing).reason).toBe('Please enter the code.');
    const wrong = await put(me.headers, {
      oldPassword: me.password,
      newPassword: NEW_PASSWORD,
      twoFactorCode: '000000',
    });
    expect(body(wrong).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
    const code = await codeAt(secret);
    const done = await put(me.headers, { oldPassword: me.password, newPassword: NEW_PASSWORD, twoFactorCode: code });
    expect(done.statusCode).toBe(200);
    const replay = await put(me.headers, {
      oldPassword: NEW_PASSWORD,
      newPassword: STRONG_PASSWORD,
      twoFactorCode: code,
    });
    expect(replay.statusCode).toBe(400);
    expect(body(replay).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
  });
});

describe('email preferences', () => {
  it('starts with notifications on and marketing off, and keeps what the user saves', async () => {
    const me = await loginAs(app, 'publisher');
    const first = await app.inject({ method: 'GET', url: '/api/user/preferences', headers: me.headers });
    expect(body(first).response).toEqual({
      emailMarketing: false,
      emailNotification: true,
      emailMarketingPartners: false,
    });
    const prefs = { emailMarketing: true, emailNotification: false, emailMarketingPartners: true };
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: me.headers,
      payload: prefs,
    });
    expect(body(saved).response).toEqual(prefs);
    const again = await app.inject({ method: 'GET', url: '/api/user/preferences', headers: me.headers });
    expect(body(again).response).toEqual(prefs);
    // Another user's preferences are their own.
    const other = await loginAs(app, 'publisher');
    const theirs = await app.inject({ method: 'GET', url: '/api/user/preferences', headers: other.headers });
    expect(body<{ emailMarketing: boolean }>(theirs).response.emailMarketing).toBe(false);
  });

  it('refuses a body that is not three switches', async () => {
    const me = await loginAs(app, 'advertiser');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: me.headers,
      payload: { emailMarketing: 'yes', emailNotification: true },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('delete account', () => {
  const del = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'DELETE', url: '/api/user', headers, payload });
  const details = async (headers: Record<string, string>) =>
    readAnswer(UserDetailsSchema, body(await app.inject({ method: 'GET', url: '/api/user', headers })).response);

  it('answers code 4 with the exact text on a wrong password, and asks for a missing one', async () => {
    const me = await loginAs(app, 'advertiser');
    const wrong = await del(me.headers, { reason: '', password: 'Wrong!Passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).code).toBe(4);
    expect(body(wrong).reason).toBe('The password you entered did not match our records, please try again.');
    const missing = await del(me.headers, { reason: 'x' });
    expect(body(missing).reason).toBe('Please provide your current account password.');
    const long = await del(me.headers, { reason: 'a'.repeat(257), password: me.password });
    expect(body(long).reason).toBe('Please use at most 256 characters.');
    expect((await details(me.headers)).pendingDelete).toBe(false);
  });

  it('records a request shown in the user details, refuses a second one, and cancels it', async () => {
    const me = await loginAs(app, 'publisher');
    const res = await del(me.headers, { reason: 'Moving to another network', password: me.password });
    expect(res.statusCode).toBe(200);
    const state = DeletionStateSchema.parse(body(res).response);
    expect(state.pendingDelete).toBe(true);
    const requested = Date.parse(state.delete?.requestDate ?? '');
    const termination = Date.parse(state.delete?.terminationDate ?? '');
    expect(termination - requested).toBe(14 * 86_400_000);
    const user = await details(me.headers);
    expect(user.pendingDelete).toBe(true);
    expect(user.delete).toEqual(state.delete);
    expect(user.delete?.reason).toBe('Moving to another network');

    const second = await del(me.headers, { reason: '', password: me.password });
    expect(second.statusCode).toBe(409);

    const cancel = await app.inject({
      method: 'DELETE',
      url: '/api/user/deleteRequest',
      headers: me.headers,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect(body(cancel).response).toEqual({ pendingDelete: false, delete: null });
    expect((await details(me.headers)).pendingDelete).toBe(false);
    const again = await app.inject({ method: 'DELETE', url: '/api/user/deleteRequest', headers: me.headers });
    expect(again.statusCode).toBe(400);
    expect(body(again).reason).toBe(SETTINGS_MESSAGES.noDeletionPending);

    const list = NotificationListSchema.parse(
      body(await app.inject({ method: 'GET', url: '/api/user/notifications', headers: me.headers })).response,
    );
    expect(list.notifications.map((n) => n.title).slice(0, 2)).toEqual([
      'Account deletion cancelled',
      'Account deletion requested',
    ]);
    // The pinned 'requested' notification went away with its cause.
    expect(list.notifications.find((n) => n.title === 'Account deletion requested')?.viewed).toBe(true);
  });

  it('with two-factor on, needs a valid code', async () => {
    const me = await loginAs(app, 'advertiser');
    const secret = await withTwoFactor(me.user.id);
    const missing = await del(me.headers, { password: me.password });
    expect(body(missing).reason).toBe('Please enter the code.');
    const wrong = await del(me.headers, { password: me.password, twoFactorCode: '000000' });
    expect(body(wrong).reason).toBe(AUTH_MESSAGES.twoFactorInvalid);
    const ok = await del(me.headers, { password: me.password, twoFactorCode: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
  });

  it('cancelling needs a session of its own account only', async () => {
    const me = await loginAs(app, 'advertiser');
    const other = await loginAs(app, 'advertiser');
    await del(me.headers, { password: me.password });
    const theirs = await app.inject({ method: 'DELETE', url: '/api/user/deleteRequest', headers: other.headers });
    expect(theirs.statusCode).toBe(400);
    expect((await details(me.headers)).pendingDelete).toBe(true);
  });
});

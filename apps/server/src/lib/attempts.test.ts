import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TwoFactorRequestSchema, TwoFactorRequiredSchema } from '@cryptads/contract/auth';
import { CODE_MAX_ATTEMPTS } from '@cryptads/contract/limits';
import { SETTINGS_MESSAGES } from '@cryptads/contract/settings';
import { authAttemptCounters, oneTimeCodes, users } from '../db/schema/users';
import { bearer, body, codeFromMail, lastMailTo, loginAs, registerViaApi } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { attemptKey, clearFailures, refundAttempt, reserveAttempt } from './attempts';
import { currentTotp } from './totp';

/**
 * Guesses fired at once must not all pass a check-then-insert. Each burst sends
 * 40 wrong guesses together and counts the answers that looked at the secret: exactly the
 * limit, on PGlite and on PostgreSQL (where the requests truly run at the same time).
 */
const MAX_FAILURES = 10;
const BURST = 40;
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ACCOUNT_MAX_FAILURES: String(MAX_FAILURES), AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const locked = AUTH_MESSAGES.accountLocked(15);
const burst = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: BURST }, make));
/** How many answers carried each reason. */
const tally = (answers: { body: string }[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const reason = String(body(a).reason);
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
};
const counterOf = async (key: string) => {
  const [row] = await app.ctx.db.select().from(authAttemptCounters).where(eq(authAttemptCounters.key, key));
  return row?.attempts ?? 0;
};
const codeAt = (secret: string, steps = 0) => currentTotp(secret, Math.floor(Date.now() / 1000) + steps * 30);
const wrongTotp = async (secret: string) => ((await codeAt(secret)) === '000000' ? '111111' : '000000');

/** A verified user who turned two-factor on through the API. */
async function userWithTwoFactor() {
  const user = await loginAs(app, 'advertiser');
  const requested = await app.inject({ method: 'GET', url: '/api/user/twoFactor/request', headers: user.headers });
  const { secret } = TwoFactorRequestSchema.parse(body(requested).response);
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/user/twoFactor/validate',
    headers: user.headers,
    payload: { code: await codeAt(secret, -1) },
  });
  expect(enabled.statusCode).toBe(200);
  return { ...user, secret };
}

describe('the per-account counter', () => {
  it('lets exactly the limit through, gives back a refunded guess and starts again after the window', async () => {
    const key = `test:${Math.random()}`;
    for (let i = 0; i < MAX_FAILURES; i++) await reserveAttempt(app.ctx, key);
    await expect(reserveAttempt(app.ctx, key)).rejects.toMatchObject({ status: 429, reason: locked });

    await clearFailures(app.ctx, key);
    for (let i = 0; i < MAX_FAILURES; i++) await reserveAttempt(app.ctx, key);
    await refundAttempt(app.ctx, key);
    await reserveAttempt(app.ctx, key);
    await expect(reserveAttempt(app.ctx, key)).rejects.toMatchObject({ status: 429 });

    await app.ctx.db
      .update(authAttemptCounters)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(authAttemptCounters.key, key));
    await reserveAttempt(app.ctx, key);
    expect(await counterOf(key)).toBe(1);
  });
});

describe('guesses fired at once', () => {
  it(`checks exactly ${MAX_FAILURES} of ${BURST} wrong passwords and then refuses the right one`, async () => {
    const { email, password } = await loginAs(app, 'publisher');
    const answers = await burst(() =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Wrong!Passw0rd', captcha: 'x' },
      }),
    );
    expect(tally(answers)).toEqual({ [AUTH_MESSAGES.wrongCredentials]: MAX_FAILURES, [locked]: BURST - MAX_FAILURES });
    const right = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });
    expect(right.statusCode).toBe(429);
  });

  it(`checks exactly ${CODE_MAX_ATTEMPTS} of ${BURST} wrong email codes and then the mailed code is void`, async () => {
    const { token, email } = await registerViaApi(app);
    const code = codeFromMail(await lastMailTo(app, email));
    const wrong = code === '000000' ? '111111' : '000000';
    const validate = (c: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/emailVerification/validate',
        headers: bearer(token),
        payload: { code: c },
      });
    const counts = tally(await burst(() => validate(wrong)));
    expect(counts[AUTH_MESSAGES.codeInvalid]).toBe(CODE_MAX_ATTEMPTS);
    // The others never looked at the code: it was out of guesses, or the account was.
    expect((counts[AUTH_MESSAGES.codeExpired] ?? 0) + (counts[locked] ?? 0)).toBe(BURST - CODE_MAX_ATTEMPTS);
    const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await counterOf(attemptKey.emailCode(user?.id ?? 0))).toBe(CODE_MAX_ATTEMPTS);

    const right = await validate(code);
    expect(right.statusCode).toBe(400);
    expect(body(right).reason).toBe(AUTH_MESSAGES.codeExpired);
  });

  it(`checks exactly ${CODE_MAX_ATTEMPTS} of ${BURST} wrong codes on one credentials token`, async () => {
    const { user, email, password, secret } = await userWithTwoFactor();
    const first = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });
    const { credentialsToken } = TwoFactorRequiredSchema.parse(body(first).response);
    const codeLogin = (twoFactorCode: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { credentialsToken, twoFactorCode, captcha: 'x' } });

    const wrong = await wrongTotp(secret);
    const counts = tally(await burst(() => codeLogin(wrong)));
    // Four wrong codes say so; the fifth voids the token and answers like the unchecked ones,
    // which found the token out of guesses or the account out of guesses.
    expect(counts[AUTH_MESSAGES.twoFactorInvalid]).toBe(CODE_MAX_ATTEMPTS - 1);
    expect((counts[AUTH_MESSAGES.credentialsExpired] ?? 0) + (counts[locked] ?? 0)).toBe(BURST - CODE_MAX_ATTEMPTS + 1);
    const [row] = await app.ctx.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'login_2fa')));
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
    // The account counted exactly the codes that were checked.
    expect(await counterOf(attemptKey.totp(user.id))).toBe(CODE_MAX_ATTEMPTS);

    const right = await codeLogin(await codeAt(secret));
    expect(right.statusCode).toBe(401);
    expect(body(right).reason).toBe(AUTH_MESSAGES.credentialsExpired);
  });

  it(`checks exactly ${MAX_FAILURES} of ${BURST} wrong two-factor codes per account and then refuses the right one`, async () => {
    const { headers, secret } = await userWithTwoFactor();
    const disable = (code: string) =>
      app.inject({ method: 'DELETE', url: '/api/user/twoFactor/disable', headers, payload: { code } });
    const wrong = await wrongTotp(secret);
    expect(tally(await burst(() => disable(wrong)))).toEqual({
      [AUTH_MESSAGES.twoFactorInvalid]: MAX_FAILURES,
      [locked]: BURST - MAX_FAILURES,
    });
    const right = await disable(await codeAt(secret));
    expect(right.statusCode).toBe(429);
  });

  it(`checks exactly ${MAX_FAILURES} of ${BURST} wrong current passwords and then refuses the right one`, async () => {
    const me = await loginAs(app, 'advertiser');
    const change = (oldPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: me.headers,
        payload: { oldPassword, newPassword: 'N3w!Passw0rd-2026' },
      });
    expect(tally(await burst(() => change('Wrong!Passw0rd')))).toEqual({
      [SETTINGS_MESSAGES.wrongCurrentPassword]: MAX_FAILURES,
      [locked]: BURST - MAX_FAILURES,
    });
    expect((await change(me.password)).statusCode).toBe(429);
  });
});

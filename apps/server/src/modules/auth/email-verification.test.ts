import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { readAnswer } from '@cryptads/contract/money-schema';
import { AUTH_MESSAGES, EmailCodeSentSchema } from '@cryptads/contract/auth';
import { CODE_MAX_ATTEMPTS } from '@cryptads/contract/limits';
import { UserDetailsSchema } from '@cryptads/contract/user';
import { oneTimeCodes, users } from '../../db/schema/users';
import { bearer, body, codeFromMail, lastMailTo, registerViaApi } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await app.closeAll();
});

const validate = (token: string, code: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/user/emailVerification/validate',
    headers: bearer(token),
    payload: { code },
  });
const resend = (token: string) =>
  app.inject({ method: 'POST', url: '/api/user/emailVerification/request', headers: bearer(token) });

/** A code that is not the one mailed. */
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function userIdOf(email: string) {
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Moves the user's verification codes into the past, as if time had passed. */
async function ageCodes(email: string, set: Partial<typeof oneTimeCodes.$inferInsert>) {
  await app.ctx.db
    .update(oneTimeCodes)
    .set(set)
    .where(and(eq(oneTimeCodes.userId, await userIdOf(email)), eq(oneTimeCodes.purpose, 'email_verification')));
}

describe('POST /api/user/emailVerification/validate', () => {
  it('confirms the email with the mailed code, and the sign-up token then reads the user', async () => {
    const { token, email } = await registerViaApi(app);
    const before = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(before.statusCode).toBe(403);
    expect(body(before)).toEqual({ code: 403, response: null, reason: GENERIC_MESSAGES.emailNotVerified });

    const res = await validate(token, codeFromMail(await lastMailTo(app, email)));
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 200, response: { verified: true }, reason: null });

    const after = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(after.statusCode).toBe(200);
    expect(readAnswer(UserDetailsSchema, body(after).response).email).toBe(email);
  });

  it('after confirmation, a login answers verified true', async () => {
    const { token, email, password } = await registerViaApi(app);
    await validate(token, codeFromMail(await lastMailTo(app, email)));
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, captcha: 'x' } });
    expect(body(login).response).toMatchObject({ verified: true });
  });

  it('refuses a wrong code with 400 and keeps the right one usable', async () => {
    const { token, email } = await registerViaApi(app);
    const code = codeFromMail(await lastMailTo(app, email));
    const res = await validate(token, wrongCodeFor(code));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.codeInvalid });
    expect((await validate(token, code)).statusCode).toBe(200);
  });

  it('refuses a code that is not six digits with the invalid-code message', async () => {
    const { token } = await registerViaApi(app);
    for (const code of ['', '12345', 'abcdef', 123456]) {
      const res = await validate(token, code);
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(AUTH_MESSAGES.codeInvalid);
    }
  });

  it(`voids the code after ${CODE_MAX_ATTEMPTS} wrong guesses`, async () => {
    const { token, email } = await registerViaApi(app);
    const code = codeFromMail(await lastMailTo(app, email));
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const res = await validate(token, wrongCodeFor(code));
      expect(body(res).reason).toBe(AUTH_MESSAGES.codeInvalid);
    }
    const res = await validate(token, code);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.codeExpired });
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('accepts a code once even when it is sent twice at the same moment', async () => {
    const { token, email } = await registerViaApi(app);
    const code = codeFromMail(await lastMailTo(app, email));
    const results = await Promise.all([validate(token, code), validate(token, code)]);
    const [won, lost] = results.sort((a, b) => a.statusCode - b.statusCode);
    expect(won?.statusCode).toBe(200);
    // The loser either found the code consumed (400) or the email already confirmed (401).
    expect([AUTH_MESSAGES.codeInvalid, AUTH_MESSAGES.alreadyVerified]).toContain(body(lost ?? won).reason);
  });

  it('refuses an expired code and says it has expired', async () => {
    const { token, email } = await registerViaApi(app);
    const code = codeFromMail(await lastMailTo(app, email));
    await ageCodes(email, { expiresAt: new Date(Date.now() - 1000) });
    const res = await validate(token, code);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: AUTH_MESSAGES.codeExpired });
  });

  it('answers 401 with a reason containing "redirecting" once the email is confirmed', async () => {
    const { token, email } = await registerViaApi(app);
    const code = codeFromMail(await lastMailTo(app, email));
    expect((await validate(token, code)).statusCode).toBe(200);
    const again = await validate(token, code);
    expect(again.statusCode).toBe(401);
    expect(body(again)).toEqual({ code: 401, response: null, reason: AUTH_MESSAGES.alreadyVerified });
    expect(body(again).reason).toContain('redirecting');
  });

  it('does not accept one user’s code for another user', async () => {
    const first = await registerViaApi(app);
    const second = await registerViaApi(app);
    const firstCode = codeFromMail(await lastMailTo(app, first.email));
    const secondCode = codeFromMail(await lastMailTo(app, second.email));
    if (firstCode === secondCode) return; // one chance in a million: nothing to tell apart
    const res = await validate(second.token, firstCode);
    expect(body(res).reason).toBe(AUTH_MESSAGES.codeInvalid);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(first.token) })).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/emailVerification/validate',
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 401, response: null, reason: GENERIC_MESSAGES.unauthorized });
  });
});

describe('POST /api/user/emailVerification/request', () => {
  it('refuses a resend within 2 minutes of the last code with 429', async () => {
    const { token, email } = await registerViaApi(app);
    const res = await resend(token);
    expect(res.statusCode).toBe(429);
    expect(body(res)).toEqual({ code: 429, response: null, reason: AUTH_MESSAGES.resendTooSoon });
    expect(res.headers['retry-after']).toBe('120');
    const mails = body<unknown[]>(
      await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` }),
    ).response;
    expect(mails).toHaveLength(1);
  });

  it('after 2 minutes mails a new code, which works while the old one is refused', async () => {
    const { token, email } = await registerViaApi(app);
    const oldCode = codeFromMail(await lastMailTo(app, email));
    await ageCodes(email, { createdAt: new Date(Date.now() - 121_000) });

    const res = await resend(token);
    expect(res.statusCode).toBe(200);
    expect(EmailCodeSentSchema.parse(body(res).response)).toEqual({ email });
    expect(body(res).reason).toBeNull();
    const newCode = codeFromMail(await lastMailTo(app, email));

    if (newCode !== oldCode) {
      const old = await validate(token, oldCode);
      expect(old.statusCode).toBe(400);
      expect(body(old).reason).toBe(AUTH_MESSAGES.codeInvalid);
    }
    expect((await validate(token, newCode)).statusCode).toBe(200);
  });

  it('answers 401 with "redirecting" when the email is already confirmed', async () => {
    const { token, email } = await registerViaApi(app);
    await validate(token, codeFromMail(await lastMailTo(app, email)));
    const res = await resend(token);
    expect(res.statusCode).toBe(401);
    expect(body(res).reason).toContain('redirecting');
  });

  it('accepts an empty JSON object as the body', async () => {
    const { token, email } = await registerViaApi(app);
    await ageCodes(email, { createdAt: new Date(Date.now() - 121_000) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/emailVerification/request',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });
});

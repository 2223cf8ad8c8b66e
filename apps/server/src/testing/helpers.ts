import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import { users } from '../db/schema/users';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { userChanged } from '../modules/sessions/cache';
import { createSession } from '../modules/sessions/sessions.service';
import type { App } from '../app';
import { newTotpSecret, sealTotpSecret } from '../lib/totp';
import { runOperatorCommand } from '../operator/run';

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

let counter = 0;
/** A unique email per call, so that tests never collide inside one database. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${counter++}@test.example`;

/** Parses an envelope from an inject response. */
export function body<T = unknown>(res: { body: string }) {
  return JSON.parse(res.body) as { code: number; response: T; reason: string | null };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The session token a login or sign-up answered in its HttpOnly cookie, as a program reads it
 * to call the API with a bearer header (docs/decisions/034); '' when it set none.
 */
export function sessionTokenOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '')?.value ?? '';
}

/**
 * A verified user of the given role with a full session, created directly in the database
 * (the sign-up journey has its own tests). Returns the token to call the API with.
 */
export async function loginAs(
  app: App,
  role: 'advertiser' | 'publisher',
  opts: { email?: string; password?: string } = {},
) {
  const email = opts.email ?? uniqueEmail(role);
  const password = opts.password ?? STRONG_PASSWORD;
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: role === 'advertiser' ? 'Ada' : 'Paul',
      lastName: 'Tester',
      type: role === 'advertiser' ? 1 : 2,
      com: randomToken().slice(0, 12),
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('test user insert returned nothing');
  const { token } = await createSession(app.ctx.db, {
    userId: user.id,
    scope: 'full',
    rememberMe: true,
    meta: { ip: '127.0.0.1', userAgent: 'vitest' },
  });
  return { user, token, email, password, headers: bearer(token) };
}

/**
 * A back-office operator (docs/decisions/032) made with `operator create`, its password set
 * directly and, unless `twoFactor: false`, two-factor authentication on (`totpSecret` makes
 * codes with currentTotp). Returns a full session as loginAs does.
 */
export async function loginAsOperator(app: App, opts: { twoFactor?: boolean; email?: string } = {}) {
  const email = opts.email ?? uniqueEmail('operator');
  const password = STRONG_PASSWORD;
  await runOperatorCommand(app.ctx, { kind: 'command line' }, 'operator', 'create', [email, 'Olga', 'Operator']);
  const totpSecret = opts.twoFactor === false ? null : newTotpSecret();
  const [created] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!created) throw new Error('operator create made no account');
  const [user] = await app.ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      twoFactorSecret: totpSecret ? sealTotpSecret(app.ctx.config.totp.encryptionKey, created.id, totpSecret) : null,
    })
    .where(eq(users.id, created.id))
    .returning();
  if (!user) throw new Error('operator update returned nothing');
  await userChanged(app.ctx, user.id);
  const { token, session } = await createSession(app.ctx.db, {
    userId: user.id,
    scope: 'full',
    rememberMe: false,
    meta: { ip: '127.0.0.1', userAgent: 'vitest' },
  });
  return { user, session, token, email, password, totpSecret, headers: bearer(token) };
}

/** The newest mail to an address, from the outbox (the same data /api/dev/mailbox serves). */
export async function lastMailTo(app: App, to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  const list = body<{ subject: string; text: string; html: string }[]>(res).response;
  return list[0] ?? null;
}

export async function disableUser(app: App, userId: number) {
  await app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, userId));
  // As every service that writes a user does (docs/decisions/026).
  await userChanged(app.ctx, userId);
}

/** The six-digit code of a verification mail. */
export function codeFromMail(mail: { subject: string } | null): string {
  const code = mail?.subject.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no verification code in mail: ${mail?.subject}`);
  return code;
}

/** Signs up through the API (as the web app does) and returns the answer and the inputs. */
export async function registerViaApi(
  app: App,
  overrides: Record<string, unknown> = {},
  opts: { remoteAddress?: string } = {},
) {
  const input = {
    email: uniqueEmail('signup'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 1,
    password: STRONG_PASSWORD,
    captcha: 'captcha-token',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: input, ...opts });
  const token = res.statusCode === 200 ? sessionTokenOf(res) : '';
  return { res, token, email: String(input.email).trim().toLowerCase(), password: String(input.password) };
}

/**
 * Waits until the domain events committed so far are handled (notifications, referral rewards,
 * campaign reactivation, the delivery index), instead of sleeping.
 */
export async function drainEvents(app: App) {
  if (!app.ctx.events) throw new Error('the app has no event worker');
  return app.ctx.events.drain();
}

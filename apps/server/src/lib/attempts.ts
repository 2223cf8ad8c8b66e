import { and, eq, gt, lt } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { DAY_MS } from '@cryptads/contract/dates';
import type { AppContext } from '../context';
import { authAttempts } from '../db/schema/users';
import { tooManyRequests } from './errors';

/**
 * Per-account limit on guessing a secret (password, TOTP, email code), kept in the
 * database so that it holds across server processes and across IP addresses. In lib/
 * because auth, settings and the TOTP check all count failures under the same keys.
 */
export async function assertNotLocked(ctx: AppContext, key: string) {
  const { accountMaxFailures, accountLockoutMinutes } = ctx.config.rateLimit;
  const since = new Date(Date.now() - accountLockoutMinutes * 60_000);
  const rows = await ctx.db
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)))
    .limit(accountMaxFailures);
  if (rows.length >= accountMaxFailures)
    throw tooManyRequests(AUTH_MESSAGES.accountLocked(accountLockoutMinutes), accountLockoutMinutes * 60);
}

export async function recordFailure(ctx: AppContext, key: string) {
  await ctx.db.insert(authAttempts).values({ key });
}

export async function clearFailures(ctx: AppContext, key: string) {
  await ctx.db.delete(authAttempts).where(eq(authAttempts.key, key));
}

/** Forgets failures older than a day; run by the cleanup job. */
export async function pruneAttempts(ctx: AppContext) {
  await ctx.db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(Date.now() - DAY_MS)));
}

export const attemptKey = {
  login: (email: string) => `login:${email}`,
  totp: (userId: number) => `totp:${userId}`,
  emailCode: (userId: number) => `email-code:${userId}`,
};

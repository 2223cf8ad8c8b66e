import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { DAY_MS } from '@cryptads/contract/dates';
import type { AppContext } from '../context';
import { authAttemptCounters } from '../db/schema/users';
import { tooManyRequests } from './errors';

/**
 * Per-account limit on guessing a secret (password, TOTP, email code), kept in the
 * database so that it holds across server processes and across IP addresses. In lib/
 * because auth, settings and the TOTP check all count guesses under the same keys.
 *
 * A guess is reserved BEFORE the secret is checked, by one statement that increments the
 * key's counter and returns it (docs/decisions/021): of 40 guesses fired at once exactly
 * ACCOUNT_MAX_FAILURES are checked, the others answer 429 without looking at the secret
 * (and without counting: the counter holds the guesses that were, or are being, checked).
 * The window is fixed: it starts at the first guess and lasts ACCOUNT_LOCKOUT_MINUTES.
 * A wrong guess keeps its reservation (it is the failure); a right one gives it back
 * (`refundAttempt`) and a completed login or change forgets the key (`clearFailures`).
 */
export async function reserveAttempt(ctx: AppContext, key: string): Promise<void> {
  const { accountMaxFailures, accountLockoutMinutes } = ctx.config.rateLimit;
  const expired = sql`${authAttemptCounters.windowStartedAt} <= now() - (${accountLockoutMinutes}::int * interval '1 minute')`;
  const [row] = await ctx.db
    .insert(authAttemptCounters)
    .values({ key, attempts: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authAttemptCounters.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${authAttemptCounters.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authAttemptCounters.windowStartedAt} end`,
      },
      // A spent counter is left as it is: no row comes back, and the guess is refused unchecked.
      setWhere: sql`${expired} or ${authAttemptCounters.attempts} < ${accountMaxFailures}::int`,
    })
    .returning({ attempts: authAttemptCounters.attempts });
  if (!row) throw tooManyRequests(AUTH_MESSAGES.accountLocked(accountLockoutMinutes), accountLockoutMinutes * 60);
}

/** The reserved guess turned out right, or never reached a secret: it does not count. */
export async function refundAttempt(ctx: AppContext, key: string) {
  await ctx.db
    .update(authAttemptCounters)
    .set({ attempts: sql`${authAttemptCounters.attempts} - 1` })
    .where(and(eq(authAttemptCounters.key, key), gt(authAttemptCounters.attempts, 0)));
}

export async function clearFailures(ctx: AppContext, key: string) {
  await ctx.db.delete(authAttemptCounters).where(eq(authAttemptCounters.key, key));
}

/** Forgets counters whose window ended more than a day ago; run by the cleanup job. */
export async function pruneAttempts(ctx: AppContext) {
  await ctx.db
    .delete(authAttemptCounters)
    .where(lt(authAttemptCounters.windowStartedAt, new Date(Date.now() - DAY_MS)));
}

export const attemptKey = {
  login: (email: string) => `login:${email}`,
  totp: (userId: number) => `totp:${userId}`,
  emailCode: (userId: number) => `email-code:${userId}`,
};

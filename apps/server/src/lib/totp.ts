import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/users';
import { assertNotLocked, attemptKey, recordFailure } from './attempts';
import { badRequest } from './errors';

/** RFC 6238: 30-second steps, SHA-1, 6 digits, one step of drift either way. */
const PERIOD = 30;

export const newTotpSecret = () => generateSecret();

export const totpUri = (opts: { secret: string; issuer: string; label: string }) =>
  generateURI({ secret: opts.secret, issuer: opts.issuer, label: opts.label });

/**
 * Checks a code against the secret, accepting the previous and the next step, and refusing
 * any step at or before `lastStep` so that a code is never accepted twice.
 * Returns the accepted time step, or null.
 */
export async function checkTotp(secret: string, token: string, lastStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token,
    period: PERIOD,
    epochTolerance: PERIOD,
    ...(lastStep != null ? { afterTimeStep: lastStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}

/** For tests and the demo: the code an authenticator app would show now (or at `epoch`). */
export const currentTotp = (secret: string, epoch?: number) =>
  generate({ secret, period: PERIOD, ...(epoch != null ? { epoch } : {}) });

/**
 * The one check of a TOTP code, for every place that asks for one (2FA login, enabling and
 * disabling 2FA, password change, account deletion): refuses while the account is locked
 * for too many wrong codes, counts a wrong code (then runs `onWrongCode`, which may throw
 * its own answer) and answers 'Your 2FA Code is invalid.'. Returns the accepted step, which
 * the caller claims in its transaction (`claimTotpStepOrThrow` or `totpStepStillFree`), so
 * that a code is never accepted twice, even by two requests racing with it.
 */
export async function verifyTotpOrThrow(
  ctx: AppContext,
  input: {
    userId: number;
    secret: string;
    code: string;
    lastStep: number | null;
    onWrongCode?: () => Promise<void>;
  },
): Promise<number> {
  const key = attemptKey.totp(input.userId);
  await assertNotLocked(ctx, key);
  const step = await checkTotp(input.secret, input.code, input.lastStep);
  if (step == null) {
    await recordFailure(ctx, key);
    await input.onWrongCode?.();
    throw badRequest(AUTH_MESSAGES.twoFactorInvalid);
  }
  return step;
}

/**
 * Only the user row whose last accepted TOTP step is still before `step`: of two requests
 * that race with one code, the second finds the step taken and changes nothing.
 */
export const totpStepStillFree = (userId: number, step: number) =>
  and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)));

/** Records `step` as the user's last accepted one; false when it (or a later one) was taken. */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number) {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(totpStepStillFree(userId, step))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** `claimTotpStep` inside the caller's transaction, answering 'Your 2FA Code is invalid.' when taken. */
export async function claimTotpStepOrThrow(db: DbOrTx, userId: number, step: number) {
  if (!(await claimTotpStep(db, userId, step))) throw badRequest(AUTH_MESSAGES.twoFactorInvalid);
}

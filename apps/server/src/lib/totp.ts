import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, not, or, sql } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/users';
import { attemptKey, refundAttempt, reserveAttempt } from './attempts';
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

// ---- Secrets at rest (docs/decisions/021) ---------------------------------------------------

/** Prefix of a sealed secret; a plaintext one (base32, A-Z and 2-7) can never start with it. */
const SEALED = 'enc:v1:';

/**
 * Seals a user's TOTP secret with AES-256-GCM under TOTP_ENCRYPTION_KEY, bound to the user
 * (the user id is the associated data: a sealed secret copied to another row does not open).
 * Stored as `enc:v1:` + base64url(12-byte IV | 16-byte tag | ciphertext).
 */
export function sealTotpSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/**
 * The secret of a stored value: opens a sealed one; a plaintext one (written before secrets
 * were sealed, and sealed at the next start by `sealPlaintextTotpSecrets`) is read as it is.
 * Throws when the key is not the one that sealed it.
 */
export function openTotpSecret(key: Buffer, userId: number, stored: string): string {
  if (!stored.startsWith(SEALED)) return stored;
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`totp:${userId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Seals the TOTP secrets still stored in plaintext (rows from before decision 021); run at
 * every start, idempotent, and safe with several processes starting at once (a row is only
 * replaced while it still holds the plaintext that was read).
 */
export async function sealPlaintextTotpSecrets(ctx: Pick<AppContext, 'db' | 'config'>): Promise<number> {
  const key = ctx.config.totp.encryptionKey;
  let sealed = 0;
  for (const column of [users.twoFactorSecret, users.twoFactorPendingSecret] as const) {
    const rows = await ctx.db
      .select({ id: users.id, value: column })
      .from(users)
      .where(and(isNotNull(column), not(sql`starts_with(${column}, ${SEALED})`)));
    for (const row of rows) {
      if (row.value == null) continue;
      const field = column === users.twoFactorSecret ? 'twoFactorSecret' : 'twoFactorPendingSecret';
      const updated = await ctx.db
        .update(users)
        .set({ [field]: sealTotpSecret(key, row.id, row.value) })
        .where(and(eq(users.id, row.id), eq(column, row.value)))
        .returning({ id: users.id });
      sealed += updated.length;
    }
  }
  return sealed;
}

/** For tests and the demo: the code an authenticator app would show now (or at `epoch`). */
export const currentTotp = (secret: string, epoch?: number) =>
  generate({ secret, period: PERIOD, ...(epoch != null ? { epoch } : {}) });

/**
 * The one check of a TOTP code, for every place that asks for one (2FA login, enabling and
 * disabling 2FA, password change, account deletion, withdraw options): reserves a guess on
 * the account's counter before looking at the code (429 once the limit is spent, even for
 * guesses fired at once), runs `beforeCheck` (a per-token reservation, which may throw its
 * own answer: the account's guess is then given back), counts a wrong code (then runs
 * `onWrongCode`, which may throw its own answer) and answers 'Your 2FA Code is invalid.'.
 * A right code gives its guess back. Returns the accepted step, which the caller claims in
 * its transaction (`claimTotpStepOrThrow` or `totpStepStillFree`), so that a code is never
 * accepted twice, even by two requests racing with it.
 */
export async function verifyTotpOrThrow(
  ctx: AppContext,
  input: {
    userId: number;
    /** The stored value (sealed, or plaintext from before decision 021). */
    secret: string;
    code: string;
    lastStep: number | null;
    beforeCheck?: () => Promise<void>;
    onWrongCode?: () => Promise<void>;
  },
): Promise<number> {
  const key = attemptKey.totp(input.userId);
  await reserveAttempt(ctx, key);
  if (input.beforeCheck) {
    try {
      await input.beforeCheck();
    } catch (err) {
      await refundAttempt(ctx, key);
      throw err;
    }
  }
  let secret: string;
  try {
    secret = openTotpSecret(ctx.config.totp.encryptionKey, input.userId, input.secret);
  } catch {
    await refundAttempt(ctx, key);
    // A 500 for the person; for the operator, the likely cause.
    throw new Error(`the TOTP secret of user ${input.userId} does not open: was TOTP_ENCRYPTION_KEY changed?`);
  }
  const step = await checkTotp(secret, input.code, input.lastStep);
  if (step == null) {
    await input.onWrongCode?.();
    throw badRequest(AUTH_MESSAGES.twoFactorInvalid);
  }
  await refundAttempt(ctx, key);
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

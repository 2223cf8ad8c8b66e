import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/users';
import { randomToken, sha256, sixDigitCode } from '../../lib/crypto';

export type CodePurpose = 'email_verification' | 'password_recovery' | 'login_2fa';
export type CodeRow = typeof oneTimeCodes.$inferSelect;

/** Short codes are hashed with the user id, so two users may hold the same digits. */
const hashFor = (userId: number, purpose: CodePurpose, secret: string) =>
  purpose === 'email_verification' ? sha256(`${userId}:${secret}`) : sha256(secret);

/** Issues a new code and voids the user's earlier ones of the same purpose. */
export async function issueCode(
  db: DbOrTx,
  opts: { userId: number; purpose: CodePurpose; ttlMinutes: number; rememberMe?: boolean },
) {
  const secret = opts.purpose === 'email_verification' ? sixDigitCode() : randomToken();
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.userId, opts.userId),
        eq(oneTimeCodes.purpose, opts.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  const [row] = await db
    .insert(oneTimeCodes)
    .values({
      userId: opts.userId,
      purpose: opts.purpose,
      codeHash: hashFor(opts.userId, opts.purpose, secret),
      rememberMe: opts.rememberMe ?? false,
      expiresAt: new Date(Date.now() + opts.ttlMinutes * 60_000),
    })
    .returning();
  if (!row) throw new Error('code insert returned nothing');
  return { secret, row };
}

/** The newest unconsumed, unexpired code of a user for a purpose. */
export async function activeCodeOf(db: DbOrTx, userId: number, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row ?? null;
}

/** The newest code of a user for a purpose, consumed or not (for resend throttling). */
export async function latestCodeOf(db: DbOrTx, userId: number, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row ?? null;
}

/** A live code found by its secret (long random tokens only). */
export async function findLiveCodeBySecret(db: DbOrTx, purpose: CodePurpose, secret: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, sha256(secret)),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export const codeMatches = (row: CodeRow, secret: string) =>
  row.codeHash === hashFor(row.userId, row.purpose as CodePurpose, secret);

/** Consumes a code once: false when another request consumed it first. */
export async function consumeCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/**
 * Reserves one guess at a code BEFORE it is checked: one conditional update that counts it
 * only while the code is live and has guesses left. Returns the guesses used so far (this
 * one included), or null when the code is consumed, expired or out of guesses; of many
 * guesses fired at once, exactly `max` get a number (docs/decisions/021).
 */
export async function reserveCodeAttempt(db: DbOrTx, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, max),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? null;
}

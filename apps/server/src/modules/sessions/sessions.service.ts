import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_COOKIE_DAYS } from '@cryptads/contract/limits';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import type { RequestMeta } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';
import { parseUserAgent } from '../../lib/user-agent';
import type { SessionRow, SessionScope } from './types';

export type { SessionRow, SessionScope, UserRow } from './types';

const DAY_MS = 86_400_000;
/** Without rememberMe a session ends after a day of its start; with it, after 28 days. */
const lifetimeMs = (rememberMe: boolean) => (rememberMe ? SESSION_COOKIE_DAYS : 1) * DAY_MS;

/** Creates a session and returns the token, which is never stored. */
export async function createSession(
  db: DbOrTx,
  opts: { userId: number; scope: SessionScope; rememberMe: boolean; meta: RequestMeta },
) {
  const token = randomToken();
  const agent = parseUserAgent(opts.meta.userAgent);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: opts.userId,
      tokenHash: sha256(token),
      deviceIdentifier: randomToken().slice(0, 22),
      scope: opts.scope,
      rememberMe: opts.rememberMe,
      ip: opts.meta.ip,
      userAgent: opts.meta.userAgent?.slice(0, 512) ?? null,
      ...agent,
      expiresAt: new Date(Date.now() + lifetimeMs(opts.rememberMe)),
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return { token, session };
}

/**
 * The statement behind every authenticated request, built once per database and prepared
 * (docs/decisions/026): drizzle's query building cost more CPU than the query itself.
 */
function sessionQuery(db: DbOrTx) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        eq(sessions.enabled, true),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

const prepared = new WeakMap<DbOrTx, ReturnType<typeof sessionQuery>>();

/** The live session behind a token's hash, with its user; null when unknown, closed or expired. */
export async function findSessionByHash(db: DbOrTx, tokenHash: string) {
  let query = prepared.get(db);
  if (!query) {
    query = sessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

/** The live session behind a token, with its user; null when unknown, closed or expired. */
export async function findSession(db: DbOrTx, token: string) {
  return findSessionByHash(db, sha256(token));
}

/** Marks a session seen, at most once a minute so that reads stay reads. */
export async function touchSession(db: DbOrTx, session: SessionRow) {
  if (Date.now() - session.lastSeenAt.getTime() < 60_000) return;
  // The row may be the session cache's: updated first, so that concurrent requests of the
  // same session do not write too (lastSeenAt is shown, never checked: no invalidation).
  const now = new Date();
  session.lastSeenAt = now;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db
    .update(sessions)
    .set({ enabled: false, revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except one when given (the one making the change). */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number) {
  await db
    .update(sessions)
    .set({ enabled: false, revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId != null ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** After the email is confirmed, the sign-up's verification sessions become full ones. */
export async function upgradeVerificationSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ scope: 'full' })
    .where(and(eq(sessions.userId, userId), eq(sessions.scope, 'verification'), isNull(sessions.revokedAt)));
}

import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  API_KEYS_MAX_ACTIVE,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@cryptads/contract/api-keys';
import type { ApiScope } from '@cryptads/contract/endpoint';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { sha256 } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { claimTotpStepOrThrow, verifyTotpOrThrow } from '../../lib/totp';
import type { UserRow } from '../sessions/types';
import { newApiKey, shownPrefix } from './key-format';

type ApiKeyRow = typeof apiKeys.$inferSelect;
const DAY_MS = 86_400_000;
/** The last use is written at most once a minute per key. */
export const LAST_USE_PRECISION_MS = 60_000;

function present(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

const active = (now: Date) => and(isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now));

/** The caller's keys still in force, newest first. */
export async function listApiKeys(db: Db, userId: number): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), active(new Date())))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(present);
}

/**
 * Creates a key, asking for the 2FA code when two-factor authentication is on (the same check
 * as the other sensitive settings); at most API_KEYS_MAX_ACTIVE keys in force per account,
 * counted under a lock of the user's row so that two creations racing cannot pass it.
 */
export async function createApiKey(
  ctx: AppContext,
  user: UserRow,
  input: Omit<CreateApiKeyInput, 'expiresInDays'> & { expiresInDays: number },
): Promise<CreatedApiKey> {
  let step: number | null = null;
  if (user.twoFactorSecret) {
    if (!input.twoFactorCode) throw badRequest(API_KEY_MESSAGES.twoFactorRequired);
    step = await verifyTotpOrThrow(ctx, {
      userId: user.id,
      secret: user.twoFactorSecret,
      code: input.twoFactorCode,
      lastStep: user.twoFactorLastStep,
    });
  }
  const key = newApiKey();
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    if (step !== null) await claimTotpStepOrThrow(tx, user.id, step);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [counted] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), active(now)));
    if ((counted?.n ?? 0) >= API_KEYS_MAX_ACTIVE) throw conflict(API_KEY_MESSAGES.tooManyKeys(API_KEYS_MAX_ACTIVE));
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name: input.name,
        keyHash: sha256(key),
        prefix: shownPrefix(key),
        scopes: [...input.scopes],
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning();
    if (!inserted) throw new Error('api key insert returned nothing');
    return inserted;
  });
  return { ...present(row), key };
}

/** Revokes one of the caller's keys; another account's key, or one already revoked, is 404. */
export async function revokeApiKey(db: Db, userId: number, id: number) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw notFound(API_KEY_MESSAGES.notFound);
  return { ok: true as const };
}

export type KeyAuth = { key: ApiKeyRow; user: UserRow };

/**
 * The key and its account behind a presented key, or null when unknown, revoked or expired.
 * Read from the database on every request (one indexed query, no cache): a revocation holds
 * at once in every process.
 */
export async function findActiveKey(db: Db, key: string): Promise<KeyAuth | null> {
  const [found] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), active(new Date())))
    .limit(1);
  return found ?? null;
}

/** Records the last use (time and address), at most once a minute per key. */
export async function touchApiKey(db: Db, found: ApiKeyRow, ip: string) {
  const now = Date.now();
  if (found.lastUsedAt && now - found.lastUsedAt.getTime() < LAST_USE_PRECISION_MS) return;
  const threshold = new Date(now - LAST_USE_PRECISION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
    .where(and(eq(apiKeys.id, found.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, threshold))));
}

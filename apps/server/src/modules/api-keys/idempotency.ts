import { and, eq, lt } from 'drizzle-orm';
import { API_KEY_MESSAGES, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS } from '@cryptads/contract/api-keys';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/api-keys';
import { sha256 } from '../../lib/crypto';
import { AppError, badRequest, conflict } from '../../lib/errors';

/**
 * `Idempotency-Key` of POSTs under /api/v1 (docs/decisions/040-public-api.md). The first
 * request claims (account, key) with an insert that does nothing on conflict, so of two
 * concurrent duplicates exactly one runs; the other waits for its answer. The answer (status
 * and body) is stored and answered again for 24 hours to the same key with the same request;
 * another request with the key is refused with 422. A 5xx answer is not kept: a retry runs again.
 */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 3_600_000;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 10_000;

export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX || !VISIBLE_ASCII.test(value))
    throw badRequest(API_KEY_MESSAGES.idempotencyKeyInvalid);
  return value;
}

/** The hash of what makes two requests the same: method, URL and the body as sent. */
export const requestHash = (method: string, url: string, body: unknown) =>
  sha256(`${method} ${url}\n${JSON.stringify(body ?? null)}`);

export type Claim = { kind: 'run'; id: number } | { kind: 'replay'; status: number; response: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function claimIdempotencyKey(db: Db, userId: number, key: string, hash: string): Promise<Claim> {
  const deadline = Date.now() + WAIT_MAX_MS;
  for (;;) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'run', id: inserted.id };
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) continue; // deleted meanwhile (a 5xx, or expired): claim again
    if (Date.now() - row.createdAt.getTime() > TTL_MS) {
      // Expired but not cleaned up yet: the key is free again.
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, row.id), lt(idempotencyKeys.createdAt, new Date(Date.now() - TTL_MS))));
      continue;
    }
    if (row.requestHash !== hash) throw new AppError(422, API_KEY_MESSAGES.idempotencyMismatch);
    if (row.status !== null) return { kind: 'replay', status: row.status, response: row.response ?? '' };
    if (Date.now() > deadline) throw conflict(API_KEY_MESSAGES.idempotencyInProgress);
    await sleep(WAIT_STEP_MS);
  }
}

/** Stores the first request's answer; a 5xx frees the key instead. */
export async function settleIdempotencyKey(db: Db, id: number, status: number, response: string) {
  if (status >= 500) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    return;
  }
  await db.update(idempotencyKeys).set({ status, response }).where(eq(idempotencyKeys.id, id));
}

/** Deletes the answers older than 24 hours (jobs/cleanup.ts). */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}

import { lt, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { domainEvents } from '../db/schema/events';
import { oneTimeCodes, sessions } from '../db/schema/users';
import { pruneAttempts } from '../lib/attempts';
import { removeUnattachedUploads } from '../modules/campaigns/uploads.service';
import { deleteExpiredIdempotencyKeys } from '../modules/api-keys/idempotency';
import { pruneWebhookHistory } from '../modules/outgoing-webhooks/outgoing-webhooks.service';
import type { Job } from './runner';

const DAY_MS = 86_400_000;

/**
 * Forgets what has expired: codes after a day, closed or expired sessions after 90 days, old
 * failed attempts, domain events handled more than a day ago, uploads never attached, the
 * public API's idempotency answers after 24 hours.
 */
export const cleanupJob: Job = {
  name: 'cleanup-expired-secrets',
  everyMs: 15 * 60_000,
  async run(ctx: AppContext) {
    const dayAgo = new Date(Date.now() - DAY_MS);
    await ctx.db
      .delete(oneTimeCodes)
      .where(or(lt(oneTimeCodes.expiresAt, dayAgo), lt(oneTimeCodes.createdAt, new Date(Date.now() - 7 * DAY_MS))));
    // The access log keeps closed sessions for a while; then they go.
    const quarterAgo = new Date(Date.now() - 90 * DAY_MS);
    await ctx.db.delete(sessions).where(or(lt(sessions.expiresAt, quarterAgo), lt(sessions.revokedAt, quarterAgo)));
    await pruneAttempts(ctx);
    await ctx.db.delete(domainEvents).where(lt(domainEvents.doneAt, dayAgo));
    // Uploads no creative or draft took up (docs/decisions/023): rows and files.
    await removeUnattachedUploads(ctx);
    await deleteExpiredIdempotencyKeys(ctx.db);
    // Outgoing webhook attempts and finished deliveries after 30 days (docs/decisions/042).
    await pruneWebhookHistory(ctx);
  },
};

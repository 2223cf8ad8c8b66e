import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { formatLongDay, HOUR_MS } from '@cryptads/contract/dates';
import { DELETION_VERIFY_HOURS } from '@cryptads/contract/limits';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { referralShares } from '../db/schema/referral';
import { accountDeletionRequests, userPreferences } from '../db/schema/settings';
import { authAttemptCounters, oneTimeCodes, sessions, users } from '../db/schema/users';
import { randomToken } from '../lib/crypto';
import { emitEvent } from '../modules/events/events';
import { resolvePinned } from '../modules/notifications/notifications.service';
import { notify } from '../modules/notifications/notify';
import { DELETION_TITLES } from '../modules/settings/settings.service';
import type { Job } from './runner';

const open = and(isNull(accountDeletionRequests.cancelledAt), isNull(accountDeletionRequests.completedAt));

/** The address a deleted account keeps: unique, not deliverable (RFC 2606 .invalid). */
export const tombstoneEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/**
 * Removes the personal data of an account and disables it. The ledger, invoices and
 * orders stay (accounting law), pointing at the anonymous user row.
 */
async function eraseAccount(tx: Tx, userId: number) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  await tx
    .update(users)
    .set({
      email: tombstoneEmail(userId),
      firstName: 'Deleted',
      lastName: 'user',
      // Not an Argon2 hash: no password ever verifies against it.
      passwordHash: '!deleted',
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      // A new public id, so that old invite links no longer point at this account.
      com: `x${randomToken().slice(0, 11)}`,
      disabledAt: sql`coalesce(${users.disabledAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  // Sessions carry IP addresses and devices: they go, and with them every login.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(userPreferences).where(eq(userPreferences.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(referralShares).where(eq(referralShares.userId, userId));
  await tx.delete(authAttemptCounters).where(eq(authAttemptCounters.key, `login:${user.email}`));
  // Its campaigns and zones leave the delivery index.
  await emitEvent(tx, { type: 'account.changed', userId });
}

/**
 * Verifies deletion requests 48 hours after they were made, and carries out verified ones
 * at their termination date (docs/decisions/005-account-deletion.md). Each request is
 * handled in its own transaction, guarded by its state, so a run that overlaps a cancel
 * or another run changes nothing twice.
 */
export async function runAccountDeletion(ctx: AppContext, now = new Date()) {
  const verifyBefore = new Date(now.getTime() - DELETION_VERIFY_HOURS * HOUR_MS);
  const toVerify = await ctx.db
    .select({ id: accountDeletionRequests.id })
    .from(accountDeletionRequests)
    .where(
      and(open, isNull(accountDeletionRequests.verifiedAt), lte(accountDeletionRequests.requestedAt, verifyBefore)),
    );
  let verified = 0;
  for (const { id } of toVerify) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(accountDeletionRequests)
        .set({ verifiedAt: now })
        .where(and(eq(accountDeletionRequests.id, id), open, isNull(accountDeletionRequests.verifiedAt)))
        .returning();
      if (!row) return;
      verified++;
      await resolvePinned(tx, row.userId, DELETION_TITLES.requested);
      await notify(tx, row.userId, {
        type: NotificationType.Pinned,
        title: DELETION_TITLES.confirmed,
        message: `Your account will be deleted on ${formatLongDay(row.terminationAt)}. You can still cancel until then.`,
        link: paths.settings.deleteAccount,
      });
    });
  }

  const toTerminate = await ctx.db
    .select({ id: accountDeletionRequests.id })
    .from(accountDeletionRequests)
    .where(and(open, isNotNull(accountDeletionRequests.verifiedAt), lte(accountDeletionRequests.terminationAt, now)));
  let deleted = 0;
  for (const { id } of toTerminate) {
    // Its sessions are gone: the commit of account.changed (eraseAccount) makes every process
    // forget them.
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(accountDeletionRequests)
        .set({ completedAt: now, reason: '' })
        .where(and(eq(accountDeletionRequests.id, id), open, isNotNull(accountDeletionRequests.verifiedAt)))
        .returning();
      if (!row) return;
      await eraseAccount(tx, row.userId);
      deleted++;
    });
  }
  return { verified, deleted };
}

export const accountDeletionJob: Job = {
  name: 'account-deletion',
  everyMs: 15 * 60_000,
  async run(ctx) {
    await runAccountDeletion(ctx);
  },
};

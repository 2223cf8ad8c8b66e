import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppCode } from '@cryptads/contract/api';
import { DAY_MS, formatLongDay } from '@cryptads/contract/dates';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import {
  type AccessLog,
  DEFAULT_EMAIL_PREFERENCES,
  type DeletionState,
  type EmailPreferences,
  SETTINGS_MESSAGES,
} from '@cryptads/contract/settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accountDeletionRequests, userPreferences } from '../../db/schema/settings';
import { sessions, users } from '../../db/schema/users';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { claimTotpStepOrThrow, verifyTotpOrThrow } from '../../lib/totp';
import { attemptKey, clearFailures, refundAttempt, reserveAttempt } from '../../lib/attempts';
import { resolvePinned } from '../notifications/notifications.service';
import { emitEvent } from '../events/events';
import { notify } from '../notifications/notify';
import { revokeSession, revokeUserSessions, type SessionRow, type UserRow } from '../sessions/sessions.service';

/** The access log shows at most this many sessions (closed ones are cleaned up after 90 days). */
const ACCESS_LOG_MAX = 100;

export const DELETION_TITLES = {
  requested: 'Account deletion requested',
  confirmed: 'Account deletion confirmed',
  cancelled: 'Account deletion cancelled',
} as const;

const settingsKey = {
  password: (userId: number) => `password-change:${userId}`,
  deletion: (userId: number) => `delete-account:${userId}`,
};

// ---- Access log ------------------------------------------------------------------------------

/**
 * The caller's sessions, most recently used first. Closed, logged-out and expired sessions
 * are listed too, with enabled false (the screen shows 'Inactive Session'), until the
 * cleanup job forgets them after 90 days.
 */
export async function accessLog(db: DbOrTx, userId: number, currentSessionId: number): Promise<AccessLog> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(ACCESS_LOG_MAX);
  const now = Date.now();
  return rows.map((s) => ({
    date: s.lastSeenAt.toISOString(),
    createdAt: s.createdAt.toISOString(),
    device: s.device,
    identifier: s.deviceIdentifier,
    enabled: s.enabled && s.revokedAt == null && s.expiresAt.getTime() > now,
    current: s.id === currentSessionId,
    ip: s.ip,
    city: s.city,
    region: s.region,
    country: s.country,
    os: s.os,
    osVersion: s.osVersion,
    browser: s.browser,
    browserVersion: s.browserVersion,
  }));
}

/** Closes another session of the caller. Someone else's identifier answers 404. */
export async function closeSession(ctx: AppContext, userId: number, current: SessionRow, identifier: string) {
  const { db } = ctx;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceIdentifier, identifier)))
    .limit(1);
  if (!row) throw notFound();
  if (row.id === current.id) throw badRequest(SETTINGS_MESSAGES.cannotCloseCurrentSession);
  // Closing a session that has already ended changes nothing and is not an error.
  await db.transaction(async (tx) => {
    await revokeSession(tx, row.id);
    await emitEvent(tx, { type: 'user.changed', userId });
  });
  return { ok: true as const };
}

// ---- Two-factor confirmation shared by password change and deletion ----------------------------

/** Checks the caller's TOTP code when 2FA is on; returns the step to claim in the transaction. */
async function checkSecondFactor(ctx: AppContext, user: UserRow, code: string | undefined): Promise<number | null> {
  if (!user.twoFactorSecret) return null;
  if (!code) throw badRequest(SETTINGS_MESSAGES.codeRequired);
  return verifyTotpOrThrow(ctx, {
    userId: user.id,
    secret: user.twoFactorSecret,
    code,
    lastStep: user.twoFactorLastStep,
  });
}

async function claimStep(tx: DbOrTx, userId: number, step: number | null) {
  // A code is never accepted twice, even by two requests racing with it.
  if (step != null) await claimTotpStepOrThrow(tx, userId, step);
}

// ---- Change password ---------------------------------------------------------------------------

/**
 * PUT /user/password: the current password (and the 2FA code when on) proves it is the
 * owner; the new hash replaces the old one and every other session of the user ends.
 */
export async function changePassword(
  ctx: AppContext,
  auth: { user: UserRow; session: SessionRow },
  input: { oldPassword: string; newPassword: string; twoFactorCode?: string | undefined },
) {
  const { user } = auth;
  const key = settingsKey.password(user.id);
  // Counted before the password is checked; a right one gives its guess back.
  await reserveAttempt(ctx, key);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
    throw badRequest(SETTINGS_MESSAGES.wrongCurrentPassword);
  await refundAttempt(ctx, key);
  const step = await checkSecondFactor(ctx, user, input.twoFactorCode);
  if (input.newPassword === input.oldPassword) throw badRequest(SETTINGS_MESSAGES.samePassword);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await claimStep(tx, user.id, step);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, auth.session.id);
    await notify(tx, user.id, {
      type: NotificationType.Success,
      title: 'Password changed',
      message: 'Your password was changed and your other sessions were logged out.',
      link: paths.settings.security,
    });
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  await clearFailures(ctx, key);
  await clearFailures(ctx, attemptKey.login(user.email));
  return { message: SETTINGS_MESSAGES.passwordChanged };
}

// ---- Email preferences -------------------------------------------------------------------------

export async function getPreferences(db: DbOrTx, userId: number): Promise<EmailPreferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  if (!row) return { ...DEFAULT_EMAIL_PREFERENCES };
  return {
    emailMarketing: row.emailMarketing,
    emailNotification: row.emailNotification,
    emailMarketingPartners: row.emailMarketingPartners,
  };
}

export async function setPreferences(db: DbOrTx, userId: number, prefs: EmailPreferences): Promise<EmailPreferences> {
  await db
    .insert(userPreferences)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...prefs, updatedAt: new Date() } });
  return getPreferences(db, userId);
}

// ---- Account deletion ------------------------------------------------------------------------

const openRequestOf = (userId: number) =>
  and(
    eq(accountDeletionRequests.userId, userId),
    isNull(accountDeletionRequests.cancelledAt),
    isNull(accountDeletionRequests.completedAt),
  );

export async function openDeletionRequest(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(accountDeletionRequests).where(openRequestOf(userId)).limit(1);
  return row ?? null;
}

/** pendingDelete and delete {requestDate, terminationDate, reason} of GET /user. */
export async function deletionState(db: DbOrTx, userId: number): Promise<DeletionState> {
  const row = await openDeletionRequest(db, userId);
  if (!row) return { pendingDelete: false, delete: null };
  return {
    pendingDelete: true,
    delete: {
      requestDate: row.requestedAt.toISOString(),
      terminationDate: row.terminationAt.toISOString(),
      reason: row.reason,
    },
  };
}

/**
 * DELETE /user: records a deletion request. A wrong password answers application code 4;
 * with 2FA on, a valid (unused) code is needed. The account is deleted at the termination
 * date (config DELETION_GRACE_DAYS after the request) unless cancelled before.
 */
export async function requestDeletion(
  ctx: AppContext,
  user: UserRow,
  input: { reason: string; password: string; twoFactorCode?: string | undefined },
): Promise<DeletionState> {
  if (await openDeletionRequest(ctx.db, user.id)) throw conflict(SETTINGS_MESSAGES.deletionAlreadyPending);
  const key = settingsKey.deletion(user.id);
  await reserveAttempt(ctx, key);
  if (!(await verifyPassword(user.passwordHash, input.password)))
    throw new AppError(400, SETTINGS_MESSAGES.deleteWrongPassword, { code: AppCode.WrongPasswordOnDelete });
  await refundAttempt(ctx, key);
  const step = await checkSecondFactor(ctx, user, input.twoFactorCode);
  const requestedAt = new Date();
  const terminationAt = new Date(requestedAt.getTime() + ctx.config.deletionGraceDays * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    await claimStep(tx, user.id, step);
    const inserted = await tx
      .insert(accountDeletionRequests)
      .values({ userId: user.id, reason: input.reason, requestedAt, terminationAt })
      .onConflictDoNothing()
      .returning({ id: accountDeletionRequests.id });
    if (inserted.length === 0) throw conflict(SETTINGS_MESSAGES.deletionAlreadyPending);
    await notify(tx, user.id, {
      type: NotificationType.Pinned,
      title: DELETION_TITLES.requested,
      message: `Your account will be deleted on ${formatLongDay(terminationAt)}. You can cancel the request until then.`,
      link: paths.settings.deleteAccount,
    });
    // GET /user shows the request (the session caches forget the user); the last accepted TOTP
    // step may have moved too.
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  await clearFailures(ctx, key);
  return deletionState(ctx.db, user.id);
}

/** DELETE /user/deleteRequest: cancels the open request; the account stays as it was. */
export async function cancelDeletion(ctx: AppContext, user: UserRow): Promise<DeletionState> {
  await ctx.db.transaction(async (tx) => {
    const cancelled = await tx
      .update(accountDeletionRequests)
      .set({ cancelledAt: new Date() })
      .where(openRequestOf(user.id))
      .returning({ id: accountDeletionRequests.id });
    if (cancelled.length === 0) throw badRequest(SETTINGS_MESSAGES.noDeletionPending);
    await resolvePinned(tx, user.id, DELETION_TITLES.requested);
    await resolvePinned(tx, user.id, DELETION_TITLES.confirmed);
    await notify(tx, user.id, {
      type: NotificationType.Success,
      title: DELETION_TITLES.cancelled,
      message: 'Your account will not be deleted.',
      link: paths.settings.deleteAccount,
    });
    // GET /user no longer shows the request.
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  return deletionState(ctx.db, user.id);
}

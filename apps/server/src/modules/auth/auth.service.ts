import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { AppCode } from '@cryptads/contract/api';
import { AUTH_MESSAGES, type LoginResponse, type TwoFactorRequest } from '@cryptads/contract/auth';
import {
  CODE_MAX_ATTEMPTS,
  CREDENTIALS_TOKEN_TTL_SECONDS,
  EMAIL_CODE_TTL_MINUTES,
  RECOVERY_LINK_TTL_MINUTES,
  RECOVERY_RESEND_AFTER_SECONDS,
  RESEND_AFTER_SECONDS,
} from '@cryptads/contract/limits';
import type { AppContext, RequestMeta } from '../../context';
import { users } from '../../db/schema/users';
import { randomToken } from '../../lib/crypto';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import {
  claimTotpStepOrThrow,
  newTotpSecret,
  sealTotpSecret,
  totpStepStillFree,
  totpUri,
  verifyTotpOrThrow,
} from '../../lib/totp';
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  type SessionRow,
  upgradeVerificationSessions,
  type UserRow,
} from '../sessions/sessions.service';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import { emitEvent } from '../events/events';
import { notify } from '../notifications/notify';
import { latestTerms } from '../terms/terms.service';
import { attemptKey, clearFailures, refundAttempt, reserveAttempt } from '../../lib/attempts';
import { recoveryEmail, verificationEmail } from './emails';
import {
  activeCodeOf,
  codeMatches,
  consumeCode,
  findLiveCodeBySecret,
  issueCode,
  latestCodeOf,
  reserveCodeAttempt,
} from './one-time-codes';

type AccountTypeValue = 0 | 1 | 2;
const userType = (u: UserRow) => u.type as AccountTypeValue;

/**
 * A session a login or a sign-up opened: the answer's fields, and the token with its expiry,
 * which the route puts in the browser's cookie (docs/decisions/034), never in the answer.
 */
export type OpenedSession = LoginResponse & { token: string; expiresAt: Date };

async function assertCaptcha(ctx: AppContext, token: string, meta: RequestMeta) {
  if (!(await ctx.captcha.verify(token, meta.ip))) throw badRequest(AUTH_MESSAGES.captchaFailed);
}

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(ctx: AppContext, id: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

// ---- Sign-up and email verification ---------------------------------------------------------

export async function register(
  ctx: AppContext,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    userType: 1 | 2;
    password: string;
    captcha: string;
    referrer?: string | undefined;
  },
  meta: RequestMeta,
): Promise<OpenedSession> {
  await assertCaptcha(ctx, input.captcha, meta);
  if (await findUserByEmail(ctx, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const referrer = input.referrer
    ? ((await ctx.db.select({ id: users.id }).from(users).where(eq(users.com, input.referrer)).limit(1))[0] ?? null)
    : null;
  // The sign-up form makes the person accept the terms: the version they saw is signed.
  const terms = await latestTerms(ctx.db);

  const result = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        type: input.userType,
        com: randomToken().slice(0, 12),
        referrerId: referrer?.id ?? null,
        currentSignedTerms: terms?.version ?? null,
      })
      .onConflictDoNothing()
      .returning();
    const user = inserted[0];
    // Two sign-ups with one email at the same moment: the second one loses here.
    if (!user) throw conflict(AUTH_MESSAGES.emailTaken);
    const { secret } = await issueCode(tx, {
      userId: user.id,
      purpose: 'email_verification',
      ttlMinutes: EMAIL_CODE_TTL_MINUTES,
    });
    const { token, session } = await createSession(tx, {
      userId: user.id,
      scope: 'verification',
      rememberMe: false,
      meta,
    });
    await notify(tx, user.id, {
      type: NotificationType.Success,
      title: `Welcome to ${ctx.config.productName}`,
      message:
        user.type === 1
          ? 'Your advertiser account is ready. Add funds and create your first campaign.'
          : 'Your publisher account is ready. Add your first website to get your ad codes.',
      link: user.type === 1 ? paths.campaigns.create : paths.websites.add,
    });
    return { user, token, expiresAt: session.expiresAt, code: secret };
  });

  await ctx.mailer.send(verificationEmail(ctx.config, result.user.email, result.user.firstName, result.code));
  return { token: result.token, expiresAt: result.expiresAt, userType: userType(result.user), verified: false };
}

export async function requestEmailVerification(ctx: AppContext, user: UserRow) {
  if (user.emailVerifiedAt) throw unauthorized(AUTH_MESSAGES.alreadyVerified);
  const latest = await latestCodeOf(ctx.db, user.id, 'email_verification');
  if (latest && Date.now() - latest.createdAt.getTime() < RESEND_AFTER_SECONDS * 1000)
    throw tooManyRequests(AUTH_MESSAGES.resendTooSoon, RESEND_AFTER_SECONDS);
  const { secret } = await issueCode(ctx.db, {
    userId: user.id,
    purpose: 'email_verification',
    ttlMinutes: EMAIL_CODE_TTL_MINUTES,
  });
  await ctx.mailer.send(verificationEmail(ctx.config, user.email, user.firstName, secret));
  return { email: user.email };
}

export async function validateEmailVerification(ctx: AppContext, user: UserRow, code: string) {
  if (user.emailVerifiedAt) throw unauthorized(AUTH_MESSAGES.alreadyVerified);
  const key = attemptKey.emailCode(user.id);
  // The guess is counted before the code is looked at, on the account and on the code.
  await reserveAttempt(ctx, key);
  const active = await activeCodeOf(ctx.db, user.id, 'email_verification');
  const used = active ? await reserveCodeAttempt(ctx.db, active.id, CODE_MAX_ATTEMPTS) : null;
  if (!active || used == null) {
    await refundAttempt(ctx, key);
    // A concurrent request may have just used the code and confirmed the email.
    if ((await findUserById(ctx, user.id))?.emailVerifiedAt) throw unauthorized(AUTH_MESSAGES.alreadyVerified);
    throw badRequest(AUTH_MESSAGES.codeExpired);
  }
  if (!codeMatches(active, code)) {
    // A code survives a few wrong guesses, then it is void and a new one must be sent.
    if (used >= CODE_MAX_ATTEMPTS) await consumeCode(ctx.db, active.id);
    throw badRequest(AUTH_MESSAGES.codeInvalid);
  }
  await refundAttempt(ctx, key);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, active.id))) throw badRequest(AUTH_MESSAGES.codeInvalid);
    await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    await upgradeVerificationSessions(tx, user.id);
    await notify(tx, user.id, {
      type: NotificationType.Success,
      title: 'Email address confirmed',
      message: `${user.email} is confirmed. You will receive account notifications there.`,
      link: paths.settings.email,
    });
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  await clearFailures(ctx, key);
  return { verified: true as const };
}

// ---- Login ------------------------------------------------------------------------------------

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; captcha: string; rememberMe: boolean },
  meta: RequestMeta,
): Promise<OpenedSession> {
  await assertCaptcha(ctx, input.captcha, meta);
  const key = attemptKey.login(input.email);
  // Counted before the password is checked: a wrong one keeps the count, a right one clears it.
  await reserveAttempt(ctx, key);
  const user = await findUserByEmail(ctx, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(AUTH_MESSAGES.wrongCredentials);
  await clearFailures(ctx, key);
  if (user.disabledAt) throw new AppError(401, AUTH_MESSAGES.accountDisabled, { code: AppCode.Banned });

  if (!user.emailVerifiedAt) {
    // The client opens the verification popup; this session may make the code calls only.
    const opened = await createSession(ctx.db, { userId: user.id, scope: 'verification', rememberMe: false, meta });
    return { token: opened.token, expiresAt: opened.session.expiresAt, userType: userType(user), verified: false };
  }
  if (user.twoFactorSecret) {
    const { secret } = await issueCode(ctx.db, {
      userId: user.id,
      purpose: 'login_2fa',
      ttlMinutes: CREDENTIALS_TOKEN_TTL_SECONDS / 60,
      rememberMe: input.rememberMe,
    });
    throw new AppError(403, AUTH_MESSAGES.twoFactorRequired, { response: { credentialsToken: secret } });
  }
  const opened = await createSession(ctx.db, { userId: user.id, scope: 'full', rememberMe: input.rememberMe, meta });
  return { token: opened.token, expiresAt: opened.session.expiresAt, userType: userType(user), verified: true };
}

export async function loginWithTwoFactor(
  ctx: AppContext,
  input: { credentialsToken: string; captcha: string; twoFactorCode: string },
  meta: RequestMeta,
): Promise<OpenedSession> {
  await assertCaptcha(ctx, input.captcha, meta);
  const pending = await findLiveCodeBySecret(ctx.db, 'login_2fa', input.credentialsToken);
  if (!pending) throw unauthorized(AUTH_MESSAGES.credentialsExpired);
  const user = await findUserById(ctx, pending.userId);
  if (!user?.twoFactorSecret) throw unauthorized(AUTH_MESSAGES.credentialsExpired);
  if (user.disabledAt) throw new AppError(401, AUTH_MESSAGES.accountDisabled, { code: AppCode.Banned });
  const key = attemptKey.totp(user.id);
  let used: number | null = null;
  const step = await verifyTotpOrThrow(ctx, {
    userId: user.id,
    secret: user.twoFactorSecret,
    code: input.twoFactorCode,
    lastStep: user.twoFactorLastStep,
    // The credentials token survives a few wrong codes, then the person logs in again; each
    // guess is counted on the token before the code is checked.
    beforeCheck: async () => {
      used = await reserveCodeAttempt(ctx.db, pending.id, CODE_MAX_ATTEMPTS);
      if (used == null) throw unauthorized(AUTH_MESSAGES.credentialsExpired);
    },
    onWrongCode: async () => {
      if (used != null && used >= CODE_MAX_ATTEMPTS) {
        await consumeCode(ctx.db, pending.id);
        throw unauthorized(AUTH_MESSAGES.credentialsExpired);
      }
    },
  });
  const opened = await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, pending.id))) throw unauthorized(AUTH_MESSAGES.credentialsExpired);
    await claimTotpStepOrThrow(tx, user.id, step);
    const created = await createSession(tx, { userId: user.id, scope: 'full', rememberMe: pending.rememberMe, meta });
    // The last accepted TOTP step moved (cached rows of the user's other sessions hold it).
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
    return created;
  });
  await clearFailures(ctx, key);
  return { token: opened.token, expiresAt: opened.session.expiresAt, userType: userType(user), verified: true };
}

export async function logout(ctx: AppContext, session: SessionRow) {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, session.id);
    await emitEvent(tx, { type: 'user.changed', userId: session.userId });
  });
}

// ---- Password recovery ------------------------------------------------------------------------

export async function requestRecovery(ctx: AppContext, input: { email: string; captcha: string }, meta: RequestMeta) {
  await assertCaptcha(ctx, input.captcha, meta);
  const user = await findUserByEmail(ctx, input.email);
  // The same answer whether or not the account exists; mail only goes to real, active ones.
  if (user && !user.disabledAt) {
    const latest = await latestCodeOf(ctx.db, user.id, 'password_recovery');
    const tooSoon = latest && Date.now() - latest.createdAt.getTime() < RECOVERY_RESEND_AFTER_SECONDS * 1000;
    if (!tooSoon) {
      const { secret } = await issueCode(ctx.db, {
        userId: user.id,
        purpose: 'password_recovery',
        ttlMinutes: RECOVERY_LINK_TTL_MINUTES,
      });
      const link = `${ctx.config.publicUrl}${paths.passwordRecovery(secret)}`;
      await ctx.mailer.send(recoveryEmail(ctx.config, user.email, user.firstName, link));
    }
  }
  return { message: AUTH_MESSAGES.recoverySent };
}

/**
 * Mails a link to choose a password, the recovery link (docs/decisions/032): `operator create`
 * sends it to a new operator, who sets a password on the reset screen. Call it with the
 * transaction of the account's creation and a mailer that waits for its commit.
 */
export async function mailPasswordLink(ctx: AppContext, user: { id: number; email: string; firstName: string }) {
  const { secret } = await issueCode(ctx.db, {
    userId: user.id,
    purpose: 'password_recovery',
    ttlMinutes: RECOVERY_LINK_TTL_MINUTES,
  });
  const link = `${ctx.config.publicUrl}${paths.passwordRecovery(secret)}`;
  await ctx.mailer.send(recoveryEmail(ctx.config, user.email, user.firstName, link));
}

export async function completeRecovery(
  ctx: AppContext,
  input: { password: string; code: string; captcha: string },
  meta: RequestMeta,
) {
  await assertCaptcha(ctx, input.captcha, meta);
  const pending = await findLiveCodeBySecret(ctx.db, 'password_recovery', input.code);
  if (!pending) throw badRequest(AUTH_MESSAGES.recoveryLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, pending.id))) throw badRequest(AUTH_MESSAGES.recoveryLinkInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, pending.userId));
    // Whoever knew the old password is logged out everywhere.
    await revokeUserSessions(tx, pending.userId);
    await notify(tx, pending.userId, {
      type: NotificationType.Success,
      title: 'Password reset',
      message: 'Your password was reset with a recovery link and every session was logged out.',
      link: paths.settings.security,
    });
    await emitEvent(tx, { type: 'user.changed', userId: pending.userId });
  });
  const user = await findUserById(ctx, pending.userId);
  if (user) await clearFailures(ctx, attemptKey.login(user.email));
  return { message: AUTH_MESSAGES.resetSuccess };
}

// ---- Two-factor set-up --------------------------------------------------------------------------

export const twoFactorStatus = (user: UserRow) => ({ status: user.twoFactorSecret ? (1 as const) : (0 as const) });

export async function requestTwoFactor(ctx: AppContext, user: UserRow): Promise<TwoFactorRequest> {
  if (user.twoFactorSecret) throw badRequest(AUTH_MESSAGES.twoFactorAlreadyEnabled);
  const secret = newTotpSecret();
  // Stored sealed (docs/decisions/021); the person sees it once, here.
  const sealed = sealTotpSecret(ctx.config.totp.encryptionKey, user.id, secret);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ twoFactorPendingSecret: sealed }).where(eq(users.id, user.id));
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  const uri = totpUri({ secret, issuer: ctx.config.productName, label: user.email });
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { secret, uri, qr };
}

export async function enableTwoFactor(ctx: AppContext, user: UserRow, code: string) {
  if (user.twoFactorSecret) throw badRequest(AUTH_MESSAGES.twoFactorAlreadyEnabled);
  if (!user.twoFactorPendingSecret) throw badRequest(AUTH_MESSAGES.twoFactorNotRequested);
  const key = attemptKey.totp(user.id);
  const step = await verifyTotpOrThrow(ctx, {
    userId: user.id,
    secret: user.twoFactorPendingSecret,
    code,
    lastStep: user.twoFactorLastStep,
  });
  const pendingSecret = user.twoFactorPendingSecret;
  await ctx.db.transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({
        twoFactorSecret: pendingSecret,
        twoFactorPendingSecret: null,
        twoFactorLastStep: step,
        updatedAt: new Date(),
      })
      .where(totpStepStillFree(user.id, step))
      .returning({ id: users.id });
    if (enabled.length === 0) throw badRequest(AUTH_MESSAGES.twoFactorInvalid);
    await notify(tx, user.id, {
      type: NotificationType.Success,
      title: 'Two-factor authentication enabled',
      message: 'Logins now also ask for a code from your authenticator app.',
      link: paths.settings.security,
    });
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  await clearFailures(ctx, key);
  return { code: 200, status: 1 as const };
}

export async function disableTwoFactor(ctx: AppContext, user: UserRow, code: string) {
  if (!user.twoFactorSecret) throw badRequest(AUTH_MESSAGES.twoFactorNotEnabled);
  const key = attemptKey.totp(user.id);
  const step = await verifyTotpOrThrow(ctx, {
    userId: user.id,
    secret: user.twoFactorSecret,
    code,
    lastStep: user.twoFactorLastStep,
  });
  await ctx.db.transaction(async (tx) => {
    const disabled = await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: step, updatedAt: new Date() })
      .where(totpStepStillFree(user.id, step))
      .returning({ id: users.id });
    if (disabled.length === 0) throw badRequest(AUTH_MESSAGES.twoFactorInvalid);
    await notify(tx, user.id, {
      type: NotificationType.Error,
      title: 'Two-factor authentication disabled',
      message: 'Logins no longer ask for a code. If this was not you, change your password now.',
      link: paths.settings.security,
    });
    await emitEvent(tx, { type: 'user.changed', userId: user.id });
  });
  await clearFailures(ctx, key);
  return { code: 200, status: 0 as const };
}

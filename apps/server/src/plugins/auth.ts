import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES, AppCode } from '@cryptads/contract/api';
import { AccountType } from '@cryptads/contract/account';
import { AUTH_MESSAGES } from '@cryptads/contract/auth';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@cryptads/contract/api-keys';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { AppContext, RequestMeta } from '../context';
import { sha256 } from '../lib/crypto';
import { emitEvent } from '../modules/events/events';
import {
  findSessionByHash,
  revokeSession,
  type SessionRow,
  touchSession,
  type UserRow,
} from '../modules/sessions/sessions.service';
import { clearSessionCookies, cookieToken, refuseCrossSite, sentCrossSite } from './session-cookie';

export type Auth = { user: UserRow; session: SessionRow; token: string };

export type AuthOptions = {
  /** Account types allowed; every type when omitted. */
  types?: readonly AccountType[];
  /** The 403 reason for an account of another type. */
  forbidden?: string;
  /** Lets a session of an account whose email is not confirmed through (verification calls). */
  allowUnverified?: boolean;
  /** Lets an operator without two-factor authentication through (its set-up calls). */
  operatorSetup?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that requires a session (and a role, when given). */
    requireUser: (opts?: AuthOptions) => preHandlerAsyncHookHandler;
    /**
     * preHandler of a public endpoint with `optionalAuth`: sets `request.auth` when a live
     * session (bearer or cookie) calls, lets every other caller through as anonymous.
     */
    optionalUser: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/**
 * The bearer token of a request, if any. This plugin and the public API's key check are the
 * only readers of the header: routes get the caller from `request.auth` (auth-reads.test.ts).
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 128 ? token : null;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The authenticated caller; only call after requireUser ran. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The session behind a token and its user: from the session cache when it has them (no query;
 * docs/decisions/026), else from the database (one prepared statement), stored for the next
 * request unless the user changed while it was read (one read for the requests that miss
 * together). The cache keeps a session past its expiry time at most until this check.
 */
async function liveSession(ctx: AppContext, token: string) {
  const tokenHash = sha256(token);
  const cache = ctx.sessionCache;
  const cached = cache?.get(tokenHash);
  if (cached) return cached.session.expiresAt.getTime() > Date.now() ? cached : null;
  const read = async () => {
    const generation = cache?.begin() ?? 0;
    const found = await findSessionByHash(ctx.db, tokenHash);
    if (found) cache?.set(tokenHash, found, generation);
    return found;
  };
  // The requests of one session that miss together share the read (SessionCache.shared).
  return cache ? cache.shared(`session:${tokenHash}`, read) : read();
}

/**
 * Back-office operators (docs/decisions/032): a session unused for OPERATOR_IDLE_MINUTES ends
 * (lastSeenAt is written at most once a minute, so it may end up to a minute early), and until
 * two-factor authentication is on only the set-up endpoints answer.
 */
async function checkOperatorSession(ctx: AppContext, found: { user: UserRow; session: SessionRow }, opts: AuthOptions) {
  const idleMinutes = ctx.config.operators.idleMinutes;
  if (Date.now() - found.session.lastSeenAt.getTime() > idleMinutes * 60_000) {
    await ctx.db.transaction(async (tx) => {
      await revokeSession(tx, found.session.id);
      await emitEvent(tx, { type: 'user.changed', userId: found.user.id });
    });
    throw unauthorized(AUTH_MESSAGES.operatorIdle(idleMinutes));
  }
  if (!found.user.twoFactorSecret && !opts.operatorSetup)
    throw new AppError(403, AUTH_MESSAGES.operatorTwoFactorRequired, { code: AppCode.TwoFactorSetupRequired });
}

/** The session's token: a program's bearer header first, else the browser's cookie. */
function sessionToken(request: FastifyRequest): { token: string; byCookie: boolean } | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, byCookie: false };
  const cookie = cookieToken(request);
  return cookie ? { token: cookie, byCookie: true } : null;
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  async function check(request: FastifyRequest, token: string, opts: AuthOptions) {
    const found = await liveSession(app.ctx, token);
    if (!found) throw unauthorized();
    if (found.user.disabledAt) throw new AppError(401, AUTH_MESSAGES.accountDisabled, { code: AppCode.Banned });
    if (found.session.scope !== 'full' && !opts.allowUnverified)
      throw new AppError(403, GENERIC_MESSAGES.emailNotVerified);
    if (found.user.type === AccountType.Operator) await checkOperatorSession(app.ctx, found, opts);
    if (opts.types && !opts.types.includes(found.user.type as AccountType))
      throw opts.forbidden ? new AppError(403, opts.forbidden) : forbidden();
    await touchSession(app.ctx.db, found.session);
    request.auth = { user: found.user, session: found.session, token };
  }

  app.decorate('requireUser', (opts: AuthOptions = {}) => {
    const handler: preHandlerAsyncHookHandler = async (request, reply: FastifyReply) => {
      const found = sessionToken(request);
      if (!found) throw unauthorized();
      // An API key reaches /api/v1 only (docs/decisions/040-public-api.md).
      if (!found.byCookie && found.token.startsWith(API_KEY_PREFIX))
        throw unauthorized(API_KEY_MESSAGES.keyNotAccepted);
      // A browser's cookie is sent whichever site made the request (docs/decisions/034).
      if (found.byCookie) refuseCrossSite(request, app.ctx.config.publicUrl);
      try {
        await check(request, found.token, opts);
      } catch (error) {
        // A session that is over (revoked, expired, idle, disabled account): the browser
        // forgets its cookies with the 401.
        if (found.byCookie && error instanceof AppError && error.status === 401)
          clearSessionCookies(reply, app.ctx.config);
        throw error;
      }
    };
    return handler;
  });

  app.decorate('optionalUser', async (request: FastifyRequest) => {
    const found = sessionToken(request);
    if (!found) return;
    // An API key is the public API's credential, not a session (docs/decisions/040-public-api.md).
    if (!found.byCookie && found.token.startsWith(API_KEY_PREFIX)) return;
    // Another site's unsafe request carries the cookie without the person asking: it gets
    // the anonymous answer, which that site could have had anyway (docs/decisions/034).
    if (found.byCookie && sentCrossSite(request, app.ctx.config.publicUrl)) return;
    try {
      await check(request, found.token, {});
    } catch (error) {
      // A session that is over or not full (email unconfirmed, operator without two-factor
      // authentication) signs nobody in here: the caller is anonymous, as without one.
      if (error instanceof AppError) return;
      throw error;
    }
  });
});

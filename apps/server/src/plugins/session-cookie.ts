import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { SESSION_COOKIE, USER_TYPE_COOKIE } from '@cryptads/contract/session';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/**
 * The browser's session (docs/decisions/034-browser-session-cookie.md): the token travels in
 * an HttpOnly cookie the server sets, never in an answer a script can read; the account type
 * goes beside it in a readable cookie that holds no secret. Programs keep sending the token
 * as a bearer header, read from the Set-Cookie of their login.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public browser form (login, sign-up, recovery): refused when posted from another site. */
    sameOrigin?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** HTTPS when the public address is, or when this request came over HTTPS (behind TRUST_PROXY). */
const isSecure = (config: Config, request: FastifyRequest) => config.secureCookies || request.protocol === 'https';

/** The session token of the request's cookie, if any (same bounds as a bearer token). */
export function cookieToken(request: FastifyRequest): string | null {
  const token = request.cookies?.[SESSION_COOKIE];
  return token && token.length <= 128 ? token : null;
}

/**
 * Opens the browser session: the token HttpOnly, the account type readable, both for as long
 * as the session lives (`expiresAt`). `userType` null keeps the type cookie away: a session
 * that may only verify the email does not count as being logged in.
 */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  session: { token: string; expiresAt: Date; userType: number | null },
) {
  const base = { path: '/', sameSite: 'lax', secure: isSecure(config, reply.request) } as const;
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(SESSION_COOKIE, session.token, { ...base, httpOnly: true, maxAge });
  if (session.userType !== null) setUserTypeCookie(reply, config, session.userType, maxAge);
}

/** The account type beside a session cookie that is already set (after the email is confirmed). */
export function setUserTypeCookie(reply: FastifyReply, config: Config, userType: number, maxAge: number) {
  const secure = isSecure(config, reply.request);
  reply.setCookie(USER_TYPE_COOKIE, String(userType), { path: '/', sameSite: 'lax', secure, maxAge });
}

/** Ends the browser session on this client: both cookies expire now. */
export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const secure = isSecure(config, reply.request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(USER_TYPE_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/** The origin (scheme://host[:port]) of an address; null when it does not parse. */
function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent this request from another site (OWASP CSRF cheat sheet): the
 * browser's Sec-Fetch-Site when it sends one (only `same-origin`, and `none` for what the
 * person typed, pass: a sibling subdomain is another site here); else the Origin header,
 * compared with the public address and with the address the request came to. A request
 * with neither header is not a browser's (programs, old browsers, whose SameSite=Lax cookie
 * is not sent on a cross-site POST anyway) and passes.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site.length > 0) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin.length === 0) return false;
  if (origin === 'null') return true;
  const sent = originOf(origin);
  return sent === null || (sent !== originOf(publicUrl) && sent !== originOf(`${request.protocol}://${request.host}`));
}

/** Whether this is an unsafe request (POST, PUT, PATCH, DELETE) a browser sent from another site. */
export const sentCrossSite = (request: FastifyRequest, publicUrl: string) =>
  UNSAFE_METHODS.has(request.method) && isCrossSite(request, publicUrl);

/**
 * Refuses, with 403 and a sentence, an unsafe request (POST, PUT, PATCH, DELETE) that a
 * browser sent from another site. requireUser calls it for every request its session cookie
 * authenticates; programs send a bearer header and are not browsers.
 */
export function refuseCrossSite(request: FastifyRequest, publicUrl: string) {
  if (sentCrossSite(request, publicUrl)) throw new AppError(403, GENERIC_MESSAGES.crossSiteRequest);
}

/**
 * The public forms a browser posts (`config.sameOrigin`: login, sign-up, recovery) are refused
 * from another site as well, cookie or not (login CSRF). Webhooks, postbacks and ad calls are
 * neither cookie-authenticated nor such forms, and are left alone.
 */
export default fp(async function sessionCookie(app: FastifyInstance) {
  const { publicUrl } = app.ctx.config;
  // Added to those routes only (onRoute), not run on every request of every route: the ad
  // paths answer in well under a millisecond and ran an async hook for nothing.
  const sameOrigin: onRequestHookHandler = (request, _reply, done) => {
    try {
      refuseCrossSite(request, publicUrl);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if ((route.config as { sameOrigin?: boolean } | undefined)?.sameOrigin !== true) return;
    // First, as the global hook it replaces ran: before the route's own (its rate limit).
    route.onRequest = [sameOrigin, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
});

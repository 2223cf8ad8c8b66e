import { LoginInputSchema, TwoFactorLoginInputSchema, TwoFactorRequiredSchema } from '@cryptads/contract/auth';
import { authEndpoints as api } from '@cryptads/contract/endpoints/auth';
import { TWO_FACTOR_STEP_PREFERENCE } from '@cryptads/contract/endpoints/auth.routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { parseOrThrow } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/endpoint-routes';
import { clearSessionCookies, setSessionCookies, setUserTypeCookie } from '../../plugins/session-cookie';
import * as auth from './auth.service';

/** Whether the caller named the two-factor-step preference in `Prefer` (RFC 7240: tokens, commas, parameters). */
function prefersTwoFactorStep(request: FastifyRequest) {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer : [prefer ?? ''];
  return values.some((value) =>
    value.split(',').some((item) => item.split(';')[0]?.trim().toLowerCase() === TWO_FACTOR_STEP_PREFERENCE),
  );
}

const isTwoFactorStep = (error: unknown): error is AppError =>
  error instanceof AppError && error.status === 403 && TwoFactorRequiredSchema.safeParse(error.opts.response).success;

/**
 * The two-factor step as HTTP 200 with the same envelope the 403 carries (docs/decisions/047).
 * Sent as text: the route's 200 schema describes a finished login, not this step.
 */
function answerTwoFactorStep(reply: FastifyReply, error: AppError) {
  return reply
    .status(200)
    .header('Preference-Applied', TWO_FACTOR_STEP_PREFERENCE)
    .header('Vary', 'Prefer')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code: 403, response: error.opts.response, reason: error.reason }));
}

/** Login, sign-up, recovery, email verification and two-factor; paths, roles and schemas are in the contract. */
export function authRoutes(config: Config) {
  /** Per-IP budget on every endpoint that checks a secret. */
  const rateLimit = { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowSeconds * 1000 };
  const secretLimit = { config: { rateLimit } };
  /** The public forms a browser posts: also refused from another site (login CSRF). */
  const publicForm = { config: { rateLimit, sameOrigin: true } };

  /**
   * The session goes into the browser's cookies (docs/decisions/034); the answer keeps the
   * rest. A session that may only verify the email gets no account-type cookie.
   */
  const open = (reply: FastifyReply, opened: auth.OpenedSession) => {
    const { token, expiresAt, ...answer } = opened;
    setSessionCookies(reply, config, { token, expiresAt, userType: answer.verified ? answer.userType : null });
    return answer;
  };

  return [
    route(
      api.login,
      async ({ ctx, request, reply, meta }) => {
        // Not validated by the schema (see below): the raw body, told apart by credentialsToken.
        const body = request.body as Record<string, unknown>;
        if (body && typeof body === 'object' && 'credentialsToken' in body)
          return open(reply, await auth.loginWithTwoFactor(ctx, parseOrThrow(TwoFactorLoginInputSchema, body), meta));
        try {
          return open(reply, await auth.login(ctx, parseOrThrow(LoginInputSchema, body), meta));
        } catch (error) {
          if (prefersTwoFactorStep(request) && isTwoFactorStep(error)) return answerTwoFactorStep(reply, error);
          throw error;
        }
      },
      // The union's generic message is useless to a person: parse each body with its own schema.
      { ...publicForm, validatorCompiler: () => (data) => ({ value: data }) },
    ),
    route(
      api.register,
      async ({ ctx, body, reply, meta }) => open(reply, await auth.register(ctx, body, meta)),
      publicForm,
    ),
    route(api.recovery, async ({ ctx, body, meta }) => auth.requestRecovery(ctx, body, meta), publicForm),
    route(api.recoveryValidate, async ({ ctx, body, meta }) => auth.completeRecovery(ctx, body, meta), publicForm),
    route(api.logout, async ({ ctx, auth: caller, reply }) => {
      await auth.logout(ctx, caller.session);
      clearSessionCookies(reply, config);
      return { ok: true as const };
    }),
    route(
      api.validateEmailCode,
      async ({ ctx, auth: caller, body, reply }) => {
        const verified = await auth.validateEmailVerification(ctx, caller.user, body.code);
        // The session is a full one now: the browser counts it as logged in.
        const maxAge = Math.floor((caller.session.expiresAt.getTime() - Date.now()) / 1000);
        setUserTypeCookie(reply, config, caller.user.type, maxAge);
        return verified;
      },
      secretLimit,
    ),
    route(
      api.requestEmailCode,
      async ({ ctx, auth: caller }) => auth.requestEmailVerification(ctx, caller.user),
      secretLimit,
    ),
    route(api.twoFactorStatus, async ({ auth: caller }) => auth.twoFactorStatus(caller.user)),
    route(api.twoFactorRequest, async ({ ctx, auth: caller }) => auth.requestTwoFactor(ctx, caller.user)),
    route(
      api.twoFactorEnable,
      async ({ ctx, auth: caller, body }) => auth.enableTwoFactor(ctx, caller.user, body.code),
      secretLimit,
    ),
    route(
      api.twoFactorDisable,
      async ({ ctx, auth: caller, body }) => auth.disableTwoFactor(ctx, caller.user, body.code),
      secretLimit,
    ),
  ];
}

import { LoginInputSchema, TwoFactorLoginInputSchema } from '@cryptads/contract/auth';
import { authEndpoints as api } from '@cryptads/contract/endpoints/auth';
import type { Config } from '../../config';
import { parseOrThrow } from '../../lib/envelope';
import { route } from '../../lib/endpoint-routes';
import * as auth from './auth.service';

/** Login, sign-up, recovery, email verification and two-factor; paths, roles and schemas are in the contract. */
export function authRoutes(config: Config) {
  /** Per-IP budget on every endpoint that checks a secret. */
  const secretLimit = {
    config: {
      rateLimit: { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowSeconds * 1000 },
    },
  };

  return [
    route(
      api.login,
      async ({ ctx, request, meta }) => {
        // Not validated by the schema (see below): the raw body, told apart by credentialsToken.
        const body = request.body as Record<string, unknown>;
        if (body && typeof body === 'object' && 'credentialsToken' in body)
          return auth.loginWithTwoFactor(ctx, parseOrThrow(TwoFactorLoginInputSchema, body), meta);
        return auth.login(ctx, parseOrThrow(LoginInputSchema, body), meta);
      },
      // The union's generic message is useless to a person: parse each body with its own schema.
      { ...secretLimit, validatorCompiler: () => (data) => ({ value: data }) },
    ),
    route(api.register, async ({ ctx, body, meta }) => auth.register(ctx, body, meta), secretLimit),
    route(api.recovery, async ({ ctx, body, meta }) => auth.requestRecovery(ctx, body, meta), secretLimit),
    route(api.recoveryValidate, async ({ ctx, body, meta }) => auth.completeRecovery(ctx, body, meta), secretLimit),
    route(api.logout, async ({ ctx, auth: caller }) => {
      await auth.logout(ctx, caller.session);
      return { ok: true as const };
    }),
    route(
      api.validateEmailCode,
      async ({ ctx, auth: caller, body }) => auth.validateEmailVerification(ctx, caller.user, body.code),
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

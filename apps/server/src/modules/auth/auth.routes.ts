import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '@cryptads/contract/api';
import {
  EmailCodeInputSchema,
  EmailCodeSentSchema,
  EmailVerifiedSchema,
  LoginInputSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageSchema,
  RecoveryInputSchema,
  RecoveryValidateInputSchema,
  RegisterInputSchema,
  RegisterResponseSchema,
  TwoFactorCodeInputSchema,
  TwoFactorLoginInputSchema,
  TwoFactorRequestSchema,
  TwoFactorStatusSchema,
} from '@cryptads/contract/auth';
import { ok, parseOrThrow, replies } from '../../lib/envelope';
import { authOf, requestMeta } from '../../plugins/auth';
import * as auth from './auth.service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  /** Per-IP budget on every endpoint that checks a secret. */
  const secretLimit = {
    rateLimit: { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.authWindowSeconds * 1000 },
  };

  app.post(
    '/login',
    {
      config: secretLimit,
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password, or finish a login with the two-factor code',
        description:
          '403 with response.credentialsToken means two-factor is on: repeat with credentialsToken, captcha and twoFactorCode. 401 with code 99: the account is disabled.',
        body: LoginRequestSchema,
        response: replies(LoginResponseSchema),
      },
      // The union's generic message is useless to a person: parse each body with its own schema.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const meta = requestMeta(request);
      if (body && typeof body === 'object' && 'credentialsToken' in body)
        return ok(await auth.loginWithTwoFactor(ctx, parseOrThrow(TwoFactorLoginInputSchema, body), meta));
      return ok(await auth.login(ctx, parseOrThrow(LoginInputSchema, body), meta));
    },
  );

  app.post(
    '/register',
    {
      config: secretLimit,
      schema: { tags: ['auth'], body: RegisterInputSchema, response: replies(RegisterResponseSchema) },
    },
    async (request) => ok(await auth.register(ctx, request.body, requestMeta(request))),
  );

  app.post(
    '/recovery',
    { config: secretLimit, schema: { tags: ['auth'], body: RecoveryInputSchema, response: replies(MessageSchema) } },
    async (request) => ok(await auth.requestRecovery(ctx, request.body, requestMeta(request))),
  );

  app.post(
    '/recovery-validate',
    {
      config: secretLimit,
      schema: { tags: ['auth'], body: RecoveryValidateInputSchema, response: replies(MessageSchema) },
    },
    async (request) => ok(await auth.completeRecovery(ctx, request.body, requestMeta(request))),
  );

  app.post(
    '/user/logout',
    { preHandler: app.requireUser({ allowUnverified: true }), schema: { tags: ['auth'], response: replies(OkSchema) } },
    async (request) => {
      await auth.logout(ctx, authOf(request).session);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/user/emailVerification/validate',
    {
      config: secretLimit,
      preHandler: app.requireUser({ allowUnverified: true }),
      schema: {
        tags: ['auth'],
        description: "401 whose reason contains 'redirecting': the email is already confirmed.",
        body: EmailCodeInputSchema,
        response: replies(EmailVerifiedSchema),
      },
    },
    async (request) => ok(await auth.validateEmailVerification(ctx, authOf(request).user, request.body.code)),
  );

  app.post(
    '/user/emailVerification/request',
    {
      config: secretLimit,
      preHandler: app.requireUser({ allowUnverified: true }),
      // The spec sends an empty body: accept none at all as well as {}.
      schema: { tags: ['auth'], body: z.object({}).nullish(), response: replies(EmailCodeSentSchema) },
    },
    async (request) => ok(await auth.requestEmailVerification(ctx, authOf(request).user)),
  );

  app.get(
    '/user/twoFactor',
    { preHandler: app.requireUser(), schema: { tags: ['two-factor'], response: replies(TwoFactorStatusSchema) } },
    async (request) => ok(auth.twoFactorStatus(authOf(request).user)),
  );

  app.get(
    '/user/twoFactor/request',
    { preHandler: app.requireUser(), schema: { tags: ['two-factor'], response: replies(TwoFactorRequestSchema) } },
    async (request) => ok(await auth.requestTwoFactor(ctx, authOf(request).user)),
  );

  const TwoFactorChangeSchema = z.object({ code: z.number().int(), status: z.union([z.literal(0), z.literal(1)]) });

  app.post(
    '/user/twoFactor/validate',
    {
      config: secretLimit,
      preHandler: app.requireUser(),
      schema: { tags: ['two-factor'], body: TwoFactorCodeInputSchema, response: replies(TwoFactorChangeSchema) },
    },
    async (request) => ok(await auth.enableTwoFactor(ctx, authOf(request).user, request.body.code)),
  );

  app.delete(
    '/user/twoFactor/disable',
    {
      config: secretLimit,
      preHandler: app.requireUser(),
      schema: { tags: ['two-factor'], body: TwoFactorCodeInputSchema, response: replies(TwoFactorChangeSchema) },
    },
    async (request) => ok(await auth.disableTwoFactor(ctx, authOf(request).user, request.body.code)),
  );
};

export default authRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '@cryptads/contract/api';
import {
  AccessLogSchema,
  CancelDeletionInputSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  DeletionStateSchema,
  EmailPreferencesSchema,
  PasswordChangedSchema,
  SessionDeviceParamsSchema,
} from '@cryptads/contract/settings';
import { ok, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import * as settings from './settings.service';

/** spec 000 §2.10: account security, access log, password, email preferences, deletion. Both types. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['settings'];
  /** Per-IP budget on every endpoint that checks a password or code. */
  const secretLimit = {
    rateLimit: { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.authWindowSeconds * 1000 },
  };

  app.get(
    '/user/sessions/enabledList',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Access log: the sessions of the caller, most recently used first',
        description: "enabled false: closed, logged out or expired ('Inactive Session'); current: the calling session.",
        response: replies(AccessLogSchema),
      },
    },
    async (request) => {
      const { user, session } = authOf(request);
      return ok(await settings.accessLog(ctx.db, user.id, session.id));
    },
  );

  app.delete(
    '/user/sessions/device/:id',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Close another session of the caller by its identifier',
        params: SessionDeviceParamsSchema,
        response: replies(OkSchema),
      },
    },
    async (request) => {
      const { user, session } = authOf(request);
      return ok(await settings.closeSession(ctx.db, user.id, session, request.params.id));
    },
  );

  app.put(
    '/user/password',
    {
      config: secretLimit,
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Change the password; ends the other sessions',
        body: ChangePasswordInputSchema,
        response: replies(PasswordChangedSchema),
      },
    },
    async (request) => ok(await settings.changePassword(ctx, authOf(request), request.body)),
  );

  app.get(
    '/user/preferences',
    { preHandler: app.requireUser(), schema: { tags, response: replies(EmailPreferencesSchema) } },
    async (request) => ok(await settings.getPreferences(ctx.db, authOf(request).user.id)),
  );

  app.put(
    '/user/preferences',
    {
      preHandler: app.requireUser(),
      schema: { tags, body: EmailPreferencesSchema, response: replies(EmailPreferencesSchema) },
    },
    async (request) => ok(await settings.setPreferences(ctx.db, authOf(request).user.id, request.body)),
  );

  app.delete(
    '/user',
    {
      config: secretLimit,
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Request the deletion of the account',
        description: 'Wrong password: 400 with code 4. The account is deleted at delete.terminationDate.',
        body: DeleteAccountInputSchema,
        response: replies(DeletionStateSchema),
      },
    },
    async (request) => ok(await settings.requestDeletion(ctx, authOf(request).user, request.body)),
  );

  app.delete(
    '/user/deleteRequest',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Cancel the pending deletion',
        body: CancelDeletionInputSchema,
        response: replies(DeletionStateSchema),
      },
    },
    async (request) => ok(await settings.cancelDeletion(ctx, authOf(request).user)),
  );
};

export default settingsRoutes;

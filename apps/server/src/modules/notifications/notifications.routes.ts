import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MarkAllViewedSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationSchema,
} from '@cryptads/contract/notifications';
import { ok, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { listNotifications, markAllViewed, markViewed } from './notifications.service';

/** spec 000 §2.12: the bell's list, marking one or all viewed. Both account types. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['notifications'];

  app.get(
    '/user/notifications',
    { preHandler: app.requireUser(), schema: { tags, response: replies(NotificationListSchema) } },
    async (request) => ok(await listNotifications(db, authOf(request).user.id)),
  );

  // Registered before /:id so that 'all' is never read as an id.
  app.post(
    '/user/notifications/all',
    {
      preHandler: app.requireUser(),
      schema: { tags, body: z.unknown().optional(), response: replies(MarkAllViewedSchema) },
    },
    async (request) => ok(await markAllViewed(db, authOf(request).user.id)),
  );

  app.post(
    '/user/notifications/:id',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        params: NotificationIdParamsSchema,
        body: z.unknown().optional(),
        response: replies(NotificationSchema),
      },
    },
    async (request) => ok(await markViewed(db, authOf(request).user.id, request.params.id)),
  );
};

export default notificationsRoutes;

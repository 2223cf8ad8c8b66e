import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnnouncementListSchema } from '@cryptads/contract/announcements';
import { ok, replies } from '../../lib/envelope';
import { listAnnouncements } from './announcements.service';

/** spec 000 §2.9: announcements on the dashboard, newest first. Both account types. */
const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/announcements',
    { preHandler: app.requireUser(), schema: { tags: ['dashboard'], response: replies(AnnouncementListSchema) } },
    async () => ok(await listAnnouncements(app.ctx.db)),
  );
};

export default announcementsRoutes;

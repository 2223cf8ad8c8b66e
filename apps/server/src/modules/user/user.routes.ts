import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserDetailsSchema } from '@cryptads/contract/user';
import { ok, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { userDetails } from './user.service';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      preHandler: app.requireUser(),
      schema: { tags: ['user'], summary: 'User details', response: replies(UserDetailsSchema) },
    },
    async (request) => ok(await userDetails(app.ctx, authOf(request).user)),
  );
};

export default userRoutes;

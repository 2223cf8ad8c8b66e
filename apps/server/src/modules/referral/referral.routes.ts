import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReferralSchema } from '@cryptads/contract/referral';
import { ok, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { referralSummary } from './referral.service';

/** spec 000 §2.11: the Refer a Friend page. Both account types. */
const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/referral',
    { preHandler: app.requireUser(), schema: { tags: ['referral'], response: replies(ReferralSchema) } },
    async (request) => ok(await referralSummary(app.ctx.db, app.ctx.config, authOf(request).user)),
  );
};

export default referralRoutes;

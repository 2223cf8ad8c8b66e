import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LegalDocumentSchema, PlatformTermsSchema, SignedTermsSchema } from '@cryptads/contract/terms';
import { ok, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { currentTermsOrThrow, ensureDefaultTerms, privacyPolicy, signLatestTerms } from './terms.service';

/** spec 000 §2.9, §6: platform terms every user must accept; the footer's legal pages. */
const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['terms'];
  app.addHook('onReady', async () => {
    await ensureDefaultTerms(ctx.db, ctx.config);
  });

  // Public: the sign-up form and the footer link to the terms before anyone logs in.
  app.get(
    '/currentPlatformTerms',
    { schema: { tags, summary: 'The latest platform terms', response: replies(PlatformTermsSchema) } },
    async () => ok(await currentTermsOrThrow(ctx.db)),
  );

  app.post(
    '/user/signNewTerms',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        summary: 'Accept the latest platform terms',
        description: 'Optional body {version}: the version shown; 409 when a newer one exists.',
        body: z.object({ version: z.number().int().positive().optional() }).nullish(),
        response: replies(SignedTermsSchema),
      },
    },
    async (request) => ok(await signLatestTerms(ctx.db, authOf(request).user.id, request.body?.version)),
  );

  app.get(
    '/legal/privacy',
    { schema: { tags, summary: 'The privacy policy', response: replies(LegalDocumentSchema) } },
    async () => ok(privacyPolicy(ctx.config)),
  );
};

export default termsRoutes;

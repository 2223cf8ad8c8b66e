import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountType } from '@cryptads/contract/account';
import {
  CreateWebsiteInputSchema,
  UpdateWebsiteCategoriesInputSchema,
  UpdateWebsiteInputSchema,
  WebsiteDetailSchema,
  WebsiteIdSchema,
  WebsiteInformationSchema,
  WebsiteListSchema,
  WebsiteNamesSchema,
  WebsiteOptionsSchema,
  WebsiteValidationQuerySchema,
  WebsiteVerificationSchema,
} from '@cryptads/contract/websites';
import { ok, replies } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import * as websites from './websites.service';

/** A path id that is not a website id names no website: 404, like another publisher's id. */
const IdParamsSchema = z.object({ id: z.string().describe('website id') });
function websiteId(params: { id: string }): number {
  const parsed = WebsiteIdSchema.safeParse(params.id);
  if (!parsed.success || !/^\d+$/.test(params.id)) throw notFound();
  return parsed.data;
}

/** The publisher websites API (spec 002 §7). Every call is for publishers only. */
const websitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The role is checked before the body is validated: an advertiser always gets 403.
  const publisher = { preValidation: app.requireUser({ types: [AccountType.Publisher] }) };
  const tags = ['websites'];
  const security = [{ bearer: [] }];

  app.get(
    '/websites/options',
    {
      ...publisher,
      schema: { tags, security, summary: 'Categories and countries', response: replies(WebsiteOptionsSchema) },
    },
    async () => ok(websites.websiteOptions()),
  );

  app.get(
    '/websites/information',
    {
      ...publisher,
      schema: { tags, security, summary: 'Approved and total websites', response: replies(WebsiteInformationSchema) },
    },
    async (request) => ok(await websites.websiteInformation(ctx, authOf(request).user)),
  );

  app.get(
    '/websites/validation',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'Ownership verification state and instructions of a website',
        querystring: WebsiteValidationQuerySchema,
        response: replies(WebsiteVerificationSchema),
      },
    },
    async (request) => ok(await websites.websiteVerification(ctx, authOf(request).user, request.query.websiteId)),
  );

  app.get(
    '/websites',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'The publisher’s websites, by status then newest',
        response: replies(WebsiteListSchema),
      },
    },
    async (request) => ok(await websites.listWebsites(ctx, authOf(request).user)),
  );

  app.get(
    '/websites/names',
    {
      ...publisher,
      schema: { tags, security, summary: 'Website names for filters', response: replies(WebsiteNamesSchema) },
    },
    async (request) => ok(await websites.websiteNames(ctx, authOf(request).user)),
  );

  app.post(
    '/websites',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'Add a website: creates its zones and answers the verification token',
        description: "409 'You have already added this website.' when the domain is already one of the publisher's.",
        body: CreateWebsiteInputSchema,
        response: replies(WebsiteVerificationSchema),
      },
    },
    async (request) => ok(await websites.createWebsite(ctx, authOf(request).user, request.body)),
  );

  app.get(
    '/websites/:id',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'A website with its zones and, when available, their ad codes',
        params: IdParamsSchema,
        response: replies(WebsiteDetailSchema),
      },
    },
    async (request) => ok(await websites.websiteDetail(ctx, authOf(request).user, websiteId(request.params))),
  );

  app.put(
    '/websites/:id',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'Rename zones ({aliases}: zone unique → alias) or set excluded categories ({categories})',
        params: IdParamsSchema,
        body: UpdateWebsiteInputSchema,
        response: replies(WebsiteDetailSchema),
      },
    },
    async (request) => {
      const id = websiteId(request.params);
      const { user } = authOf(request);
      const { aliases, categories } = request.body;
      if (aliases) return ok(await websites.updateZoneAliases(ctx, user, id, aliases));
      return ok(await websites.updateWebsiteCategories(ctx, user, id, categories ?? []));
    },
  );

  app.put(
    '/websites/:id/preferences',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'Website preferences: the excluded categories',
        params: IdParamsSchema,
        body: UpdateWebsiteCategoriesInputSchema,
        response: replies(WebsiteDetailSchema),
      },
    },
    async (request) =>
      ok(
        await websites.updateWebsiteCategories(
          ctx,
          authOf(request).user,
          websiteId(request.params),
          request.body.categories,
        ),
      ),
  );

  app.get(
    '/websites/:id/verification',
    {
      ...publisher,
      schema: {
        tags,
        security,
        summary: 'Verification token with the meta tag and file instructions',
        params: IdParamsSchema,
        response: replies(WebsiteVerificationSchema),
      },
    },
    async (request) => ok(await websites.websiteVerification(ctx, authOf(request).user, websiteId(request.params))),
  );

  app.post(
    '/websites/:id/verification',
    {
      ...publisher,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        summary: 'Check ownership now (meta tag in the home page, or the well-known file)',
        description:
          "400 'We couldn't validate your domain ownership. Please try again later...' when neither holds the token.",
        params: IdParamsSchema,
        response: replies(WebsiteVerificationSchema),
      },
    },
    async (request) => ok(await websites.verifyWebsite(ctx, authOf(request).user, websiteId(request.params))),
  );
};

export default websitesRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountType } from '@cryptads/contract/account';
import {
  AddCreativesSchema,
  ArchivedCampaignListSchema,
  BlacklistResponseSchema,
  BlacklistSchema,
  CampaignDetailSchema,
  CampaignExclusionResponseSchema,
  CampaignExclusionUpdateSchema,
  CampaignFieldsSchema,
  CampaignIdParamsSchema,
  CampaignIdResponseSchema,
  CampaignInformationSchema,
  CampaignListQuerySchema,
  CampaignListSchema,
  CampaignNamesSchema,
  CampaignOptionsSchema,
  CampaignPreviewSchema,
  CampaignStatusResponseSchema,
  CampaignStatusUpdateSchema,
  ChangeBannerSchema,
  CreativeParamsSchema,
  CreativesResponseSchema,
  DeleteCreativeSchema,
  DraftParamsSchema,
  DraftPutSchema,
  DraftSchema,
  PermalinkParamsSchema,
  PermalinkSchema,
  SharingSchema,
  SharingUpdateSchema,
  campaignCreateSchema,
  campaignUpdateFieldsSchema,
  type CampaignKind,
} from '@cryptads/contract/campaigns';
import { ok, parseOrThrow, replies } from '../../lib/envelope';
import { authOf, bearerToken } from '../../plugins/auth';
import { findSession } from '../sessions/sessions.service';
import * as svc from './campaigns.service';

/** Bodies parsed by the handler with the schema that fits them (messages stay human). */
const parseInHandler = { validatorCompiler: () => (data: unknown) => ({ value: data }) };

const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const advertiser = app.requireUser({ types: [AccountType.Advertiser] });
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];
  const pricing = svc.pricingOptions(ctx.config);

  app.get(
    '/campaigns/options',
    {
      preHandler: advertiser,
      schema: { tags, security, summary: 'Campaign options', response: replies(CampaignOptionsSchema) },
    },
    async () => ok(svc.campaignOptions(ctx.config)),
  );

  app.get(
    '/campaigns',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Campaign list',
        description: 'Flags select statuses (running: 1, 4, 5, 8); with none, every campaign except archived ones.',
        querystring: CampaignListQuerySchema,
        response: replies(CampaignListSchema),
      },
    },
    async (request) => ok(await svc.listCampaigns(ctx, authOf(request).user, request.query)),
  );

  app.get(
    '/campaigns/information',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Active and total campaign counts',
        response: replies(CampaignInformationSchema),
      },
    },
    async (request) => ok(await svc.campaignInformation(ctx, authOf(request).user)),
  );

  app.get(
    '/campaigns/names',
    {
      preHandler: advertiser,
      schema: { tags, security, summary: 'Campaign names for filters', response: replies(CampaignNamesSchema) },
    },
    async (request) => ok(await svc.campaignNames(ctx, authOf(request).user)),
  );

  app.get(
    '/campaigns/archived',
    {
      preHandler: advertiser,
      schema: { tags, security, summary: 'Archived campaigns', response: replies(ArchivedCampaignListSchema) },
    },
    async (request) => ok(await svc.archivedCampaigns(ctx, authOf(request).user)),
  );

  app.get(
    '/campaigns/blacklist',
    {
      preHandler: advertiser,
      schema: { tags, security, summary: 'Global blacklist', response: replies(BlacklistResponseSchema) },
    },
    async (request) => ok(await svc.getBlacklist(ctx, authOf(request).user)),
  );

  app.put(
    '/campaigns/blacklist',
    {
      preHandler: advertiser,
      bodyLimit: 2_000_000,
      schema: {
        tags,
        security,
        summary: 'Replace the global blacklist',
        description:
          'Body: a JSON array of strings; each is split by line, trimmed, empties dropped; ≤ 100000 characters.',
        body: BlacklistSchema,
        response: replies(BlacklistResponseSchema),
      },
    },
    async (request) => ok(await svc.putBlacklist(ctx, authOf(request).user, request.body)),
  );

  app.get(
    '/campaigns/drafts/:kind',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Wizard draft of a kind',
        params: DraftParamsSchema,
        response: replies(DraftSchema),
      },
    },
    async (request) => ok(await svc.getDraft(ctx, authOf(request).user, request.params.kind)),
  );

  app.put(
    '/campaigns/drafts/:kind',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Save a wizard draft',
        params: DraftParamsSchema,
        body: DraftPutSchema,
        response: replies(DraftSchema),
      },
    },
    async (request) => ok(await svc.putDraft(ctx, authOf(request).user, request.params.kind, request.body.data)),
  );

  app.delete(
    '/campaigns/drafts/:kind',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Discard a wizard draft',
        params: DraftParamsSchema,
        response: replies(DraftSchema),
      },
    },
    async (request) => ok(await svc.deleteDraft(ctx, authOf(request).user, request.params.kind)),
  );

  app.post(
    '/campaigns',
    {
      preHandler: advertiser,
      ...parseInHandler,
      schema: {
        tags,
        security,
        summary: 'Create a campaign (status Pending)',
        body: campaignCreateSchema(pricing),
        response: replies(CampaignIdResponseSchema),
      },
    },
    async (request) =>
      ok(
        await svc.createCampaign(ctx, authOf(request).user, parseOrThrow(campaignCreateSchema(pricing), request.body)),
      ),
  );

  app.get(
    '/campaigns/:id',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'One campaign',
        params: CampaignIdParamsSchema,
        response: replies(CampaignDetailSchema),
      },
    },
    async (request) => ok(await svc.getCampaign(ctx, authOf(request).user, request.params.id)),
  );

  app.put(
    '/campaigns/:id',
    {
      preHandler: advertiser,
      ...parseInHandler,
      schema: {
        tags,
        security,
        summary: 'Edit a campaign: its fields, or {status}, or {excludeList}',
        description:
          'Fields: the campaign goes back to Pending (refused when archived or locked). {status}: 1 run (from Paused, nonzero price), 2 pause (from Delivering), 9 archive (from Pending, Delivering, Paused). {excludeList[, excludeFlag]}: the whole new list.',
        params: CampaignIdParamsSchema,
        body: z.union([CampaignStatusUpdateSchema, CampaignExclusionUpdateSchema, CampaignFieldsSchema]),
        response: replies(
          z.union([CampaignDetailSchema, CampaignStatusResponseSchema, CampaignExclusionResponseSchema]),
        ),
      },
    },
    async (request) => {
      const user = authOf(request).user;
      const id = request.params.id;
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body && typeof body === 'object' && 'status' in body) {
        const { status } = parseOrThrow(CampaignStatusUpdateSchema, body);
        return ok(await svc.changeStatus(ctx, user, id, svc.STATUS_ACTIONS[status]));
      }
      if (body && typeof body === 'object' && 'excludeList' in body && !('name' in body))
        return ok(await svc.updateExclusion(ctx, user, id, parseOrThrow(CampaignExclusionUpdateSchema, body)));
      const current = await svc.loadOwned(ctx.db, user.id, id);
      const fields = parseOrThrow(campaignUpdateFieldsSchema(pricing, current.kind as CampaignKind), body);
      return ok(await svc.updateCampaignFields(ctx, user, id, fields));
    },
  );

  for (const action of ['run', 'pause', 'archive', 'unarchive'] as const) {
    app.post(
      `/campaigns/:id/${action}`,
      {
        preHandler: advertiser,
        schema: {
          tags,
          security,
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a campaign`,
          params: CampaignIdParamsSchema,
          response: replies(CampaignStatusResponseSchema),
        },
      },
      async (request) => ok(await svc.changeStatus(ctx, authOf(request).user, request.params.id, action)),
    );
  }

  app.post(
    '/campaigns/:id/duplicate',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Duplicate a campaign (new Pending campaign)',
        params: CampaignIdParamsSchema,
        response: replies(CampaignIdResponseSchema),
      },
    },
    async (request) => ok(await svc.duplicateCampaign(ctx, authOf(request).user, request.params.id)),
  );

  app.put(
    '/campaigns/:id/creatives',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Add creatives: banners (display) or native ads; the campaign goes back to Pending',
        params: CampaignIdParamsSchema,
        body: AddCreativesSchema,
        response: replies(CreativesResponseSchema),
      },
    },
    async (request) => ok(await svc.addCreatives(ctx, authOf(request).user, request.params.id, request.body)),
  );

  app.put(
    '/campaigns/:id/creatives/:creativeId',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Change a banner: a new upload of the same size or its x2',
        params: CreativeParamsSchema,
        body: ChangeBannerSchema,
        response: replies(CreativesResponseSchema),
      },
    },
    async (request) =>
      ok(await svc.changeBanner(ctx, authOf(request).user, request.params.id, request.params.creativeId, request.body)),
  );

  app.delete(
    '/campaigns/:id/creatives',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Delete a creative (a campaign keeps at least one)',
        params: CampaignIdParamsSchema,
        body: DeleteCreativeSchema,
        response: replies(CreativesResponseSchema),
      },
    },
    async (request) =>
      ok(await svc.deleteCreative(ctx, authOf(request).user, request.params.id, request.body.creativeId)),
  );

  app.get(
    '/campaigns/:id/sharing',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Preview sharing state',
        params: CampaignIdParamsSchema,
        response: replies(SharingSchema),
      },
    },
    async (request) => ok(await svc.getSharing(ctx, authOf(request).user, request.params.id)),
  );

  app.post(
    '/campaigns/:id/sharing',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Switch preview sharing on or off',
        params: CampaignIdParamsSchema,
        body: SharingUpdateSchema,
        response: replies(SharingSchema),
      },
    },
    async (request) => ok(await svc.setSharing(ctx, authOf(request).user, request.params.id, request.body.status)),
  );

  app.get(
    '/campaigns/:id/permalink',
    {
      preHandler: advertiser,
      schema: {
        tags,
        security,
        summary: 'Permalink of a campaign',
        params: CampaignIdParamsSchema,
        response: replies(PermalinkSchema),
      },
    },
    async (request) => {
      const s = await svc.getSharing(ctx, authOf(request).user, request.params.id);
      return ok({ permalink: s.permalink });
    },
  );

  app.get(
    '/campaignSharing/:permalink',
    {
      schema: {
        tags,
        summary: 'Public preview by permalink (no login; the owner may always see it)',
        params: PermalinkParamsSchema,
        response: replies(CampaignPreviewSchema),
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const viewer = token ? await findSession(ctx.db, token) : null;
      const viewerId = viewer && !viewer.user.disabledAt && viewer.session.scope === 'full' ? viewer.user.id : null;
      return ok(await svc.previewByPermalink(ctx, request.params.permalink, viewerId));
    },
  );
};

export default campaignRoutes;

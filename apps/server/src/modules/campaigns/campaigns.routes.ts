import { validatorCompiler } from 'fastify-type-provider-zod';
import {
  type CampaignKind,
  CampaignExclusionUpdateSchema,
  CampaignStatusUpdateSchema,
  campaignCreateSchema,
  campaignUpdateFieldsSchema,
} from '@cryptads/contract/campaigns';
import { campaignEndpoints as api } from '@cryptads/contract/endpoints/campaigns';
import { type RouteExtras, route } from '../../lib/endpoint-routes';
import { parseOrThrow } from '../../lib/envelope';
import { getBlacklist, putBlacklist } from './blacklist';
import { loadOwned } from './campaign-access';
import {
  changeStatus,
  createCampaign,
  duplicateCampaign,
  STATUS_ACTIONS,
  updateCampaignFields,
  updateExclusion,
} from './campaign-commands';
import {
  archivedCampaigns,
  campaignInformation,
  campaignNames,
  campaignOptions,
  getCampaign,
  listCampaigns,
  pricingOptions,
} from './campaign-queries';
import { addCreatives, changeBanner, deleteCreative } from './creatives';
import { deleteDraft, getDraft, putDraft } from './drafts';
import { getSharing, previewByPermalink, setSharing } from './sharing';

/**
 * The body reaches the handler as sent, which parses it with the schema that fits: the
 * pricing rules of this server's configuration, or the kind of edit the body asks for (so the
 * reason is the message of that rule). Path parameters are still parsed (404 when they do not).
 */
const bodyParsedInHandler: RouteExtras = {
  validatorCompiler: (route) =>
    route.httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : // Every schema of the table is a zod schema.
        validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
};

/** The advertiser campaigns API (docs/product/campaigns.md#statuses-and-actions, #pricing-and-budget, #api); paths, roles and schemas are in the contract. */
export const campaignRoutes = [
  route(api.options, async ({ ctx }) => campaignOptions(ctx.config)),
  route(api.list, async ({ ctx, auth, query }) => listCampaigns(ctx, auth.user, query)),
  route(api.information, async ({ ctx, auth }) => campaignInformation(ctx, auth.user)),
  route(api.names, async ({ ctx, auth }) => campaignNames(ctx, auth.user)),
  route(api.archived, async ({ ctx, auth }) => archivedCampaigns(ctx, auth.user)),
  route(api.blacklist, async ({ ctx, auth }) => getBlacklist(ctx, auth.user)),
  route(api.saveBlacklist, async ({ ctx, auth, body }) => putBlacklist(ctx, auth.user, body), {
    bodyLimit: 2_000_000,
  }),
  route(api.draft, async ({ ctx, auth, params }) => getDraft(ctx, auth.user, params.kind)),
  route(api.saveDraft, async ({ ctx, auth, params, body }) => putDraft(ctx, auth.user, params.kind, body.data)),
  route(api.deleteDraft, async ({ ctx, auth, params }) => deleteDraft(ctx, auth.user, params.kind)),
  route(
    api.create,
    async ({ ctx, auth, body }) =>
      createCampaign(ctx, auth.user, parseOrThrow(campaignCreateSchema(pricingOptions(ctx.config)), body)),
    bodyParsedInHandler,
  ),
  route(api.detail, async ({ ctx, auth, params }) => getCampaign(ctx, auth.user, params.id)),
  route(
    api.update,
    async ({ ctx, auth, params: { id }, body }) => {
      const raw = (body ?? {}) as Record<string, unknown>;
      if (typeof raw === 'object' && 'status' in raw) {
        const { status } = parseOrThrow(CampaignStatusUpdateSchema, raw);
        return changeStatus(ctx, auth.user, id, STATUS_ACTIONS[status]);
      }
      if (typeof raw === 'object' && 'excludeList' in raw && !('name' in raw))
        return updateExclusion(ctx, auth.user, id, parseOrThrow(CampaignExclusionUpdateSchema, raw));
      const current = await loadOwned(ctx.db, auth.user.id, id);
      const schema = campaignUpdateFieldsSchema(pricingOptions(ctx.config), current.kind as CampaignKind);
      return updateCampaignFields(ctx, auth.user, id, parseOrThrow(schema, raw));
    },
    bodyParsedInHandler,
  ),
  route(api.run, async ({ ctx, auth, params }) => changeStatus(ctx, auth.user, params.id, 'run')),
  route(api.pause, async ({ ctx, auth, params }) => changeStatus(ctx, auth.user, params.id, 'pause')),
  route(api.archive, async ({ ctx, auth, params }) => changeStatus(ctx, auth.user, params.id, 'archive')),
  route(api.unarchive, async ({ ctx, auth, params }) => changeStatus(ctx, auth.user, params.id, 'unarchive')),
  route(api.duplicate, async ({ ctx, auth, params }) => duplicateCampaign(ctx, auth.user, params.id)),
  route(api.addCreatives, async ({ ctx, auth, params, body }) => addCreatives(ctx, auth.user, params.id, body)),
  route(api.changeBanner, async ({ ctx, auth, params, body }) =>
    changeBanner(ctx, auth.user, params.id, params.creativeId, body),
  ),
  route(api.deleteCreative, async ({ ctx, auth, params, body }) =>
    deleteCreative(ctx, auth.user, params.id, body.creativeId),
  ),
  route(api.sharing, async ({ ctx, auth, params }) => getSharing(ctx, auth.user, params.id)),
  route(api.setSharing, async ({ ctx, auth, params, body }) => setSharing(ctx, auth.user, params.id, body.status)),
  route(api.permalink, async ({ ctx, auth, params }) => ({
    permalink: (await getSharing(ctx, auth.user, params.id)).permalink,
  })),
  // Public (optionalAuth): the caller's session, cookie or bearer, only tells whether they own the campaign.
  route(api.preview, async ({ ctx, auth, params }) => previewByPermalink(ctx, params.permalink, auth?.user.id ?? null)),
];

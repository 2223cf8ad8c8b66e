import { websiteEndpoints as api } from '@cryptads/contract/endpoints/websites';
import { route } from '../../lib/endpoint-routes';
import * as websites from './websites.service';

/** The publisher websites API (docs/product/websites.md#api); paths, roles and schemas are in the contract. */
export const websiteRoutes = [
  route(api.options, async () => websites.websiteOptions()),
  route(api.information, async ({ ctx, auth }) => websites.websiteInformation(ctx, auth.user)),
  route(api.validation, async ({ ctx, auth, query }) => websites.websiteVerification(ctx, auth.user, query.websiteId)),
  route(api.list, async ({ ctx, auth }) => websites.listWebsites(ctx, auth.user)),
  route(api.names, async ({ ctx, auth }) => websites.websiteNames(ctx, auth.user)),
  route(api.create, async ({ ctx, auth, body }) => websites.createWebsite(ctx, auth.user, body)),
  route(api.detail, async ({ ctx, auth, params }) => websites.websiteDetail(ctx, auth.user, params.id)),
  route(api.update, async ({ ctx, auth, params, body }) => {
    if (body.aliases) return websites.updateZoneAliases(ctx, auth.user, params.id, body.aliases);
    return websites.updateWebsiteCategories(ctx, auth.user, params.id, body.categories ?? []);
  }),
  route(api.preferences, async ({ ctx, auth, params, body }) =>
    websites.updateWebsiteCategories(ctx, auth.user, params.id, body.categories),
  ),
  route(api.verification, async ({ ctx, auth, params }) => websites.websiteVerification(ctx, auth.user, params.id)),
  route(api.verify, async ({ ctx, auth, params }) => websites.verifyWebsite(ctx, auth.user, params.id), {
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }),
];

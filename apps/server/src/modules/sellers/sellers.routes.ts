import type { FastifyInstance } from 'fastify';
import { sellerEndpoints as api } from '@cryptads/contract/endpoints/sellers';
import { ADS_TXT_CHECKS_PER_MINUTE } from '@cryptads/contract/websites-messages';
import { route } from '../../lib/endpoint-routes';
import { adsTxtState, checkAdsTxtNow } from './ads-txt.service';
import { sellerListing, sellersJsonBody, updateSellerListing } from './sellers.service';

/** The publisher's sellers.json listing and each website's ads.txt (docs/product/programmatic.md). */
export const sellerRoutes = [
  route(api.listing, async ({ ctx, auth }) => sellerListing(ctx, auth.user)),
  route(api.updateListing, async ({ ctx, auth, body }) => updateSellerListing(ctx, auth.user, body)),
  route(api.adsTxt, async ({ ctx, auth, params }) => adsTxtState(ctx, auth.user, params.id)),
  route(api.checkAdsTxt, async ({ ctx, auth, params }) => checkAdsTxtNow(ctx, auth.user, params.id), {
    config: { rateLimit: { max: ADS_TXT_CHECKS_PER_MINUTE, timeWindow: 60_000 } },
  }),
];

/**
 * GET /sellers.json (IAB sellers.json 1.0), public and outside /api: application/json, CORS `*`
 * as the spec recommends, cached by readers and in this process for SELLERS_JSON_CACHE_SECONDS.
 * Helmet's page headers (CSP, CORP same-origin) are for our pages, not for a file other sites read.
 */
export async function registerSellersJson(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/sellers.json', { schema: { hide: true }, helmet: false }, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', `public, max-age=${ctx.config.sellers.cacheSeconds}`)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(await sellersJsonBody(ctx)),
  );
}

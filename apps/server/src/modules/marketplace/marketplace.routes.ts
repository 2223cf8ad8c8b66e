import { marketplaceEndpoints as api } from '@cryptads/contract/endpoints/marketplace';
import { route } from '../../lib/endpoint-routes';
import { displayView, listingDetail, readableListing, setDisplayView } from './listing.service';
import { listPackages, packageDetail } from './packages.service';
import {
  countAvailable,
  homepage,
  instantSearch,
  instantSearchFocus,
  listingStats,
  preferredWebsites,
  searchListings,
  similarListings,
} from './search.service';

/**
 * The marketplace catalogue (docs/product/marketplace.md#api): browsing, search, the listing page and packages,
 * for both account types. Paths, roles and schemas are in the contract.
 */
export const marketplaceRoutes = [
  route(api.listingStats, ({ ctx }) => listingStats(ctx.db)),
  route(api.preferredWebsites, ({ ctx }) => preferredWebsites(ctx.db)),
  route(api.homepage, ({ ctx }) => homepage(ctx.db)),
  route(api.search, ({ ctx, body }) => searchListings(ctx.db, body)),
  route(api.available, ({ ctx, body }) => countAvailable(ctx.db, body)),
  route(api.listing, ({ ctx, auth, params }) => listingDetail(ctx.db, params.unique, auth.user.id)),
  route(api.similar, async ({ ctx, auth, params, body }) =>
    similarListings(ctx.db, await readableListing(ctx.db, params.unique, auth.user.id), body),
  ),
  route(api.instantSearchFocus, ({ ctx, auth }) => instantSearchFocus(ctx.db, auth.user.id)),
  route(api.instantSearch, ({ ctx, auth, query }) => instantSearch(ctx.db, auth.user.id, query.q)),
  route(api.displayView, ({ ctx, auth }) => displayView(ctx.db, auth.user.id)),
  route(api.setDisplayView, ({ ctx, auth, body }) => setDisplayView(ctx.db, auth.user.id, body.view)),
  route(api.packages, ({ ctx }) => listPackages(ctx.db)),
  route(api.package, ({ ctx, params }) => packageDetail(ctx.db, params.unique)),
];

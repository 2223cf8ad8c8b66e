import { defineEndpoints } from '../endpoint';
import {
  AvailableCountSchema,
  DisplayViewInputSchema,
  DisplayViewSchema,
  HomepageSchema,
  InstantSearchFocusSchema,
  InstantSearchQuerySchema,
  ListingDetailSchema,
  ListingFilterSchema,
  ListingListSchema,
  ListingSearchResultSchema,
  ListingSearchSchema,
  ListingStatsSchema,
  PackageDetailSchema,
  PackagesSchema,
  PreferredWebsitesSchema,
  SimilarInputSchema,
  UniqueParamsSchema,
} from '../marketplace';
import { marketplaceRoutes } from './marketplace.routes';

const tag = 'marketplace';

export const marketplaceEndpoints = defineEndpoints(marketplaceRoutes, {
  listingStats: {
    tag,
    summary: 'Active listings by category and language, and the lowest and highest price',
    response: ListingStatsSchema,
  },
  preferredWebsites: {
    tag,
    summary: 'The websites listings appear on, for the filter panel',
    response: PreferredWebsitesSchema,
  },
  homepage: {
    tag,
    summary: 'Browse Listings home: one row per category (trending first) and the dashboard teaser',
    response: HomepageSchema,
  },
  search: {
    tag,
    summary: 'Filtered, sorted page of 18 listings; a map keyed by listing id with the order of its keys',
    body: ListingSearchSchema,
    response: ListingSearchResultSchema,
  },
  available: {
    tag,
    summary: 'How many active listings match a filter',
    body: ListingFilterSchema,
    response: AvailableCountSchema,
  },
  listing: {
    tag,
    summary: 'One active listing (counts a view for trending); 404 for unknown, pending or archived ones',
    description: 'The owner of a pending or rejected listing also reads it.',
    params: UniqueParamsSchema,
    response: ListingDetailSchema,
  },
  similar: {
    tag,
    summary: 'Listings like this one (same category first, then shared niches), `number` of them',
    params: UniqueParamsSchema,
    body: SimilarInputSchema,
    response: ListingListSchema,
  },
  instantSearchFocus: {
    tag,
    summary:
      "The empty search box: 'Others also searched for:' (what other accounts searched for that found listings, most frequent first) and trending listings",
    response: InstantSearchFocusSchema,
  },
  instantSearch: {
    tag,
    summary: 'At most 10 listings whose title or text matches `q`, or whose price is `q` euros',
    query: InstantSearchQuerySchema,
    response: ListingListSchema,
  },
  displayView: {
    tag,
    summary: 'The account’s results view, grid (default) or list',
    response: DisplayViewSchema,
  },
  setDisplayView: {
    tag,
    summary: 'Keep the account’s results view',
    body: DisplayViewInputSchema,
    response: DisplayViewSchema,
  },
  packages: {
    tag,
    summary: 'Packages grouped by type (Press Release, KOL Spotlight, Visibility Boost), keyed by package id',
    response: PackagesSchema,
  },
  package: {
    tag,
    summary: 'One package with its listings and its top 3 featured publishers',
    params: UniqueParamsSchema,
    response: PackageDetailSchema,
  },
});

import { queryOptions, useQuery } from '@tanstack/react-query';
import { MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** POST /api/marketplace/listings/{unique}/ with number 5 and sort trending (docs/product/marketplace.md#api): Similar Products. */
export const getSimilarListings = (unique: string, signal?: AbortSignal) =>
  marketplaceApi.similar({
    params: { unique },
    body: { number: MARKETPLACE_LIMITS.similar, sort: 'trending' },
    signal,
  });

export const similarListingsQueryOptions = (unique: string) =>
  queryOptions({
    queryKey: marketplaceKeys.similar(unique),
    queryFn: async ({ signal }) => (await getSimilarListings(unique, signal)).listings,
    staleTime: 5 * 60_000,
  });

export const useSimilarListings = (unique: string) => useQuery(similarListingsQueryOptions(unique));

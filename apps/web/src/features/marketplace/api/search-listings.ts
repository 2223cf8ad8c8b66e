import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingSearchInput } from '@cryptads/contract/marketplace';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** POST /api/marketplace/listings: one page of 18 listings for a filter and a sort (a read, sent as a POST). */
export const searchListings = (input: ListingSearchInput, signal?: AbortSignal) =>
  marketplaceApi.search({ body: input, signal });

export const searchListingsQueryOptions = (input: ListingSearchInput) =>
  queryOptions({
    queryKey: marketplaceKeys.search(input),
    queryFn: ({ signal }) => searchListings(input, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useSearchListings = (input: ListingSearchInput) => useQuery(searchListingsQueryOptions(input));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/listingStats: listings by category and language, lowest and highest price. */
export const getListingStats = (signal?: AbortSignal) => marketplaceApi.listingStats({ signal });

export const listingStatsQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.stats(),
    queryFn: ({ signal }) => getListingStats(signal),
    // The counts move when listings are approved, not while someone browses.
    staleTime: 5 * 60_000,
  });

export const useListingStats = () => useQuery(listingStatsQueryOptions());

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingFilter } from '@cryptads/contract/marketplace';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** POST /api/marketplace/listings/available: how many listings a filter finds (the panel's button). */
export const countAvailable = (filter: ListingFilter, signal?: AbortSignal) =>
  marketplaceApi.available({ body: filter, signal });

export const availableQueryOptions = (filter: ListingFilter) =>
  queryOptions({
    queryKey: marketplaceKeys.available(filter),
    queryFn: async ({ signal }) => (await countAvailable(filter, signal)).count,
    placeholderData: keepPreviousData,
  });

export const useAvailableCount = (filter: ListingFilter) => useQuery(availableQueryOptions(filter));

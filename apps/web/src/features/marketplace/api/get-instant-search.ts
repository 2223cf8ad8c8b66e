import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/instantSearch?q=: at most 10 listings whose title or text matches, or that cost q euros. */
export const instantSearch = (q: string, signal?: AbortSignal) =>
  marketplaceApi.instantSearch({ query: { q }, signal });

export const instantSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: marketplaceKeys.instant(q),
    // The server keeps to 10; the box never shows more whatever it answers (docs/product/limits.md#marketplace).
    queryFn: async ({ signal }) =>
      (await instantSearch(q, signal)).listings.slice(0, MARKETPLACE_LIMITS.instantSearchMax),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Runs once `q` (already debounced by the caller) has text. */
export const useInstantSearch = (q: string) => useQuery({ ...instantSearchQueryOptions(q), enabled: q.length > 0 });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/instantSearchFocus: what others searched for, and trending listings (the empty box). */
export const getInstantSearchFocus = (signal?: AbortSignal) => marketplaceApi.instantSearchFocus({ signal });

export const instantSearchFocusQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.instantFocus(),
    queryFn: ({ signal }) => getInstantSearchFocus(signal),
    staleTime: 5 * 60_000,
  });

/** Asked for the first time the box gets focus, not on every marketplace page. */
export const useInstantSearchFocus = (enabled: boolean) => useQuery({ ...instantSearchFocusQueryOptions(), enabled });

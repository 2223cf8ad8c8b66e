import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/filterPreferredWebsites: the websites listings appear on (the filter panel). */
export const getPreferredWebsites = (signal?: AbortSignal) => marketplaceApi.preferredWebsites({ signal });

export const preferredWebsitesQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.websites(),
    queryFn: async ({ signal }) => (await getPreferredWebsites(signal)).websites,
    staleTime: 5 * 60_000,
  });

export const usePreferredWebsites = () => useQuery(preferredWebsitesQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** GET /api/websites/options: ad categories (to exclude) and countries. */
export const getWebsiteOptions = (signal?: AbortSignal) => websitesApi.options({ signal });

export const websiteOptionsQueryOptions = () =>
  queryOptions({
    queryKey: websiteKeys.options(),
    queryFn: ({ signal }) => getWebsiteOptions(signal),
    // The category list changes with a deployment, not while someone works.
    staleTime: 10 * 60_000,
  });

export const useWebsiteOptions = () => useQuery(websiteOptionsQueryOptions());

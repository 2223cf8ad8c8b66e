import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemApi } from './client';
import { systemKeys } from './keys';

/** GET /api/config: product name, captcha provider, support address. */
export const getPublicConfig = (signal?: AbortSignal) => systemApi.config({ signal });

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.config(),
    queryFn: ({ signal }) => getPublicConfig(signal),
    // It changes with a deployment, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());

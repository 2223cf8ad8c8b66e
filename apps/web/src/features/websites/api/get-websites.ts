import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** GET /api/websites: the publisher's websites. */
export const getWebsites = (signal?: AbortSignal) => websitesApi.list({ signal });

export const websitesQueryOptions = () =>
  queryOptions({ queryKey: websiteKeys.list(), queryFn: ({ signal }) => getWebsites(signal) });

export const useWebsites = () => useQuery(websitesQueryOptions());

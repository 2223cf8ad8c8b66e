import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { reportKeys } from './keys';

/** GET /api/websites/names (publishers): the Websites filter's choices. */
export const getWebsiteNames = (signal?: AbortSignal) => websitesApi.names({ signal });

export const websiteNamesQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.websiteNames(), queryFn: ({ signal }) => getWebsiteNames(signal) });

export const useWebsiteNames = (enabled: boolean) => useQuery({ ...websiteNamesQueryOptions(), enabled });

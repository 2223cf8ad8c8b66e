import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebsiteNames } from '@cryptads/contract/websites';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET /api/websites/names (publishers): the Websites filter's choices. */
export const getWebsiteNames = (signal?: AbortSignal) => apiRequest<WebsiteNames>('/websites/names', { signal });

export const websiteNamesQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.websiteNames(), queryFn: ({ signal }) => getWebsiteNames(signal) });

export const useWebsiteNames = (enabled: boolean) => useQuery({ ...websiteNamesQueryOptions(), enabled });

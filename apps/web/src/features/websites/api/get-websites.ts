import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebsiteListItem } from '@cryptads/contract/websites';
import { apiRequest } from '../../../lib/api-client';
import { websiteKeys } from './keys';

/** GET /api/websites: the publisher's websites. */
export const getWebsites = (signal?: AbortSignal) => apiRequest<WebsiteListItem[]>('/websites', { signal });

export const websitesQueryOptions = () =>
  queryOptions({ queryKey: websiteKeys.list(), queryFn: ({ signal }) => getWebsites(signal) });

export const useWebsites = () => useQuery(websitesQueryOptions());

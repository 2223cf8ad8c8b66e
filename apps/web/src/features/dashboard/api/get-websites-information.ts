import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebsiteInformation } from '@cryptads/contract/websites';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/websites/information (publishers): approved and total websites. */
export const getWebsitesInformation = (signal?: AbortSignal) =>
  apiRequest<WebsiteInformation>('/websites/information', { signal });

export const websitesInformationQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.websitesInformation(),
    queryFn: ({ signal }) => getWebsitesInformation(signal),
  });

export const useWebsitesInformation = (enabled: boolean) => useQuery({ ...websitesInformationQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { dashboardKeys } from './keys';

/** GET /api/websites/information (publishers): approved and total websites. */
export const getWebsitesInformation = (signal?: AbortSignal) => websitesApi.information({ signal });

export const websitesInformationQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.websitesInformation(),
    queryFn: ({ signal }) => getWebsitesInformation(signal),
  });

export const useWebsitesInformation = (enabled: boolean) => useQuery({ ...websitesInformationQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { dashboardKeys } from './keys';

/** GET /api/campaigns/information (advertisers): running and total campaigns. */
export const getCampaignsInformation = (signal?: AbortSignal) => campaignsApi.information({ signal });

export const campaignsInformationQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.campaignsInformation(),
    queryFn: ({ signal }) => getCampaignsInformation(signal),
  });

export const useCampaignsInformation = (enabled: boolean) =>
  useQuery({ ...campaignsInformationQueryOptions(), enabled });

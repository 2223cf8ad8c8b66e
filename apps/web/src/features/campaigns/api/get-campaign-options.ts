import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/options: countries, groups, categories, minimum bids, formats. */
export const getCampaignOptions = (signal?: AbortSignal) => campaignsApi.options({ signal });

export const campaignOptionsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.options(),
    queryFn: ({ signal }) => getCampaignOptions(signal),
    staleTime: 10 * 60_000,
  });

export const useCampaignOptions = () => useQuery(campaignOptionsQuery());

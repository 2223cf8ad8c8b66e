import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** GET /api/campaigns: every campaign that is not archived. */
export const getCampaigns = (signal?: AbortSignal) => campaignsApi.list({ query: {}, signal });

export const campaignsQuery = () =>
  queryOptions({ queryKey: campaignKeys.list(), queryFn: ({ signal }) => getCampaigns(signal) });

export const useCampaigns = () => useQuery(campaignsQuery());

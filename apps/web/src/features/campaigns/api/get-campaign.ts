import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/{id}: one campaign of the logged-in advertiser, with its creatives. */
export const getCampaign = (id: number, signal?: AbortSignal) => campaignsApi.detail({ params: { id }, signal });

export const campaignQuery = (id: number) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => getCampaign(id, signal) });

export const useCampaign = (id: number) => useQuery({ ...campaignQuery(id), enabled: id > 0 });

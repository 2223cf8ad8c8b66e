import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignDetail } from '@cryptads/contract/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/{id}: one campaign of the logged-in advertiser, with its creatives. */
export const getCampaign = (id: number, signal?: AbortSignal) =>
  apiRequest<CampaignDetail>(`/campaigns/${id}`, { signal });

export const campaignQuery = (id: number) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => getCampaign(id, signal) });

export const useCampaign = (id: number) => useQuery({ ...campaignQuery(id), enabled: id > 0 });

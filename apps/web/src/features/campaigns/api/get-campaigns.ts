import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignListRow } from '@cryptads/contract/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns: every campaign that is not archived. */
export const getCampaigns = (signal?: AbortSignal) => apiRequest<CampaignListRow[]>('/campaigns', { signal });

export const campaignsQuery = () =>
  queryOptions({ queryKey: campaignKeys.list(), queryFn: ({ signal }) => getCampaigns(signal) });

export const useCampaigns = () => useQuery(campaignsQuery());

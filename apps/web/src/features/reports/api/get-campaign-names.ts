import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampaignNamesSchema } from '@cryptads/contract/campaigns';
import { campaignsApi } from './client';
import { reportKeys } from './keys';

export type CampaignNames = z.infer<typeof CampaignNamesSchema>;

/** GET /api/campaigns/names (advertisers): the campaigns filter's choices. */
export const getCampaignNames = (signal?: AbortSignal) => campaignsApi.names({ signal });

export const campaignNamesQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.campaignNames(), queryFn: ({ signal }) => getCampaignNames(signal) });

export const useCampaignNames = (enabled: boolean) => useQuery({ ...campaignNamesQueryOptions(), enabled });

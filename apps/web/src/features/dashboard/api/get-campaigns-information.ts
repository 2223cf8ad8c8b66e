import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampaignInformationSchema } from '@cryptads/contract/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

type CampaignInformation = z.infer<typeof CampaignInformationSchema>;

/** GET /api/campaigns/information (advertisers): running and total campaigns. */
export const getCampaignsInformation = (signal?: AbortSignal) =>
  apiRequest<CampaignInformation>('/campaigns/information', { signal });

export const campaignsInformationQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.campaignsInformation(),
    queryFn: ({ signal }) => getCampaignsInformation(signal),
  });

export const useCampaignsInformation = (enabled: boolean) =>
  useQuery({ ...campaignsInformationQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ArchivedCampaignSchema } from '@cryptads/contract/campaigns';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

export type ArchivedCampaign = z.infer<typeof ArchivedCampaignSchema>;

/** The archived campaigns (date, name, id). */
export const getArchivedCampaigns = (signal?: AbortSignal) => campaignsApi.archived({ signal });

export const archivedCampaignsQuery = () =>
  queryOptions({ queryKey: campaignKeys.archived(), queryFn: ({ signal }) => getArchivedCampaigns(signal) });

export const useArchivedCampaigns = () => useQuery(archivedCampaignsQuery());

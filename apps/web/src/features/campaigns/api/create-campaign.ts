import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignCreateInput } from '@cryptads/contract/campaigns';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** POST /api/campaigns: the fields, the kind and its creatives; answers the new id. */
export const createCampaign = (input: CampaignCreateInput) => campaignsApi.create({ body: input });

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignDetail, CampaignFieldsInput } from '@cryptads/contract/campaigns';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** PUT /api/campaigns/{id} with the editable fields; an edited campaign goes back to Pending. */
export const updateCampaign = ({ id, fields }: { id: number; fields: CampaignFieldsInput }) =>
  // The answer of a fields body is the campaign as stored.
  campaignsApi.update({ params: { id }, body: fields }) as Promise<CampaignDetail>;

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) }),
      ]),
  });
}

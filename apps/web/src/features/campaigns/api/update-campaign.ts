import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignDetail, CampaignFieldsInput } from '@cryptads/contract/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** PUT /api/campaigns/{id} with the editable fields; an edited campaign goes back to Pending. */
export const updateCampaign = ({ id, fields }: { id: number; fields: CampaignFieldsInput }) =>
  apiRequest<CampaignDetail>(`/campaigns/${id}`, { method: 'PUT', body: fields });

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

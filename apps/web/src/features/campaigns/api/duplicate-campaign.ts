import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** POST /api/campaigns/{id}/duplicate: answers the new campaign's id. */
export const duplicateCampaign = (id: number) =>
  apiRequest<{ id: number }>(`/campaigns/${id}/duplicate`, { method: 'POST', body: {} });

export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** POST /api/campaigns/{id}/duplicate: answers the new campaign's id. */
export const duplicateCampaign = (id: number) => campaignsApi.duplicate({ params: { id } });

export function useDuplicateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignDetail } from '@cryptads/contract/campaigns';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

type Exclusion = { excludeList: string[]; excludeFlag: boolean };

/** PUT /api/campaigns/{id} with {excludeList}: the whole new zone list (docs/product/campaigns.md#optimization); no review. */
export const updateCampaignExclusion = ({ id, excludeList }: { id: number; excludeList: string[] }) =>
  // The answer of an {excludeList} body is the list as stored.
  campaignsApi.update({ params: { id }, body: { excludeList } }) as Promise<Exclusion>;

export function useUpdateCampaignExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaignExclusion,
    onSuccess: (saved, { id }) => {
      // The answer is the list as stored: show it at once, then refresh the detail.
      queryClient.setQueryData<CampaignDetail>(campaignKeys.detail(id), (old) => (old ? { ...old, ...saved } : old));
      return queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceRef } from '@cryptads/contract/campaigns';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** PUT /api/campaigns/{id}/creatives: adds banners to a display campaign. */
export const addBanners = ({ id, creatives }: { id: number; creatives: ResourceRef[] }) =>
  campaignsApi.addCreatives({ params: { id }, body: { campaignId: id, creatives } });

/** PUT /api/campaigns/{id}/creatives/{creativeId}: replaces one banner (same size or x2). */
export const changeBanner = ({ id, creativeId, banner }: { id: number; creativeId: number; banner: ResourceRef }) =>
  campaignsApi.changeBanner({ params: { id, creativeId }, body: banner });

/** DELETE /api/campaigns/{id}/creatives {creativeId}. */
export const deleteCreative = ({ id, creativeId }: { id: number; creativeId: number }) =>
  campaignsApi.deleteCreative({ params: { id }, body: { campaignId: id, creativeId } });

/**
 * Refetches the campaign in the background: the mutation settles (and the page says it is
 * done) as soon as the server answered, not after the refetch, which a busy server can hold
 * for seconds.
 */
function useInvalidateCampaign() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
  };
}

export function useAddBanners() {
  const invalidate = useInvalidateCampaign();
  return useMutation({ mutationFn: addBanners, onSuccess: (_d, { id }) => invalidate(id) });
}

export function useChangeBanner() {
  const invalidate = useInvalidateCampaign();
  return useMutation({ mutationFn: changeBanner, onSuccess: (_d, { id }) => invalidate(id) });
}

export function useDeleteCreative() {
  const invalidate = useInvalidateCampaign();
  return useMutation({ mutationFn: deleteCreative, onSuccess: (_d, { id }) => invalidate(id) });
}

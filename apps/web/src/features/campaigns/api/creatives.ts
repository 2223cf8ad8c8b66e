import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Creative, ResourceRef } from '@cryptads/contract/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

type Creatives = { creatives: Creative[] };

/** PUT /api/campaigns/{id}/creatives: adds banners to a display campaign. */
export const addBanners = ({ id, creatives }: { id: number; creatives: ResourceRef[] }) =>
  apiRequest<Creatives>(`/campaigns/${id}/creatives`, { method: 'PUT', body: { campaignId: id, creatives } });

/** PUT /api/campaigns/{id}/creatives/{creativeId}: replaces one banner (same size or x2). */
export const changeBanner = ({ id, creativeId, banner }: { id: number; creativeId: number; banner: ResourceRef }) =>
  apiRequest<Creatives>(`/campaigns/${id}/creatives/${creativeId}`, { method: 'PUT', body: banner });

/** DELETE /api/campaigns/{id}/creatives {creativeId}. */
export const deleteCreative = ({ id, creativeId }: { id: number; creativeId: number }) =>
  apiRequest<Creatives>(`/campaigns/${id}/creatives`, { method: 'DELETE', body: { campaignId: id, creativeId } });

function useInvalidateCampaign() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) }),
    ]);
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

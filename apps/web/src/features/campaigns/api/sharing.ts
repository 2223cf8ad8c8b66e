import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/{id}/sharing: whether the preview is public, and its permalink. */
export const getSharing = (id: number, signal?: AbortSignal) => campaignsApi.sharing({ params: { id }, signal });

export const sharingQuery = (id: number) =>
  queryOptions({ queryKey: campaignKeys.sharing(id), queryFn: ({ signal }) => getSharing(id, signal) });

export const useSharing = (id: number) => useQuery(sharingQuery(id));

/** POST /api/campaigns/{id}/sharing {status}. */
export const setSharing = ({ id, status }: { id: number; status: boolean }) =>
  campaignsApi.setSharing({ params: { id }, body: { status } });

export function useSetSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSharing,
    onSuccess: (sharing, { id }) => {
      queryClient.setQueryData(campaignKeys.sharing(id), sharing);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    },
  });
}

/** GET /api/campaignSharing/{permalink}: the preview; public while sharing is on. */
export const getPreview = (permalink: string, signal?: AbortSignal) =>
  campaignsApi.preview({ params: { permalink }, signal });

export const previewQuery = (permalink: string) =>
  queryOptions({ queryKey: campaignKeys.preview(permalink), queryFn: ({ signal }) => getPreview(permalink, signal) });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sellingApi } from './client';
import { storeIncomingItem } from './selling-cache';

/** POST /api/marketplace/selling/items/{itemId}/deliver: the proof URL, which the server checks. */
export const deliverItem = (itemId: number, body: { proofUrl: string; deliveryDate?: string }) =>
  sellingApi.deliver({ params: { itemId }, body });

export function useDeliverItem(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { proofUrl: string; deliveryDate?: string }) => deliverItem(itemId, body),
    onSuccess: (item) => storeIncomingItem(queryClient, item),
  });
}

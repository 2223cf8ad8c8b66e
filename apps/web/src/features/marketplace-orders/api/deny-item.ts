import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sellingApi } from './client';
import { storeIncomingItem } from './selling-cache';

/** POST /api/marketplace/selling/items/{itemId}/deny: refused with a reason; the buyer is refunded. */
export const denyItem = (itemId: number, reason: string) => sellingApi.deny({ params: { itemId }, body: { reason } });

export function useDenyItem(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => denyItem(itemId, reason),
    onSuccess: (item) => storeIncomingItem(queryClient, item),
  });
}

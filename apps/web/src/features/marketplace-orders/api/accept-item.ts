import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sellingApi } from './client';
import { storeIncomingItem } from './selling-cache';

/** POST /api/marketplace/selling/items/{itemId}/accept: the seller takes a pending item on. */
export const acceptItem = (itemId: number) => sellingApi.accept({ params: { itemId } });

export function useAcceptItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptItem, onSuccess: (item) => storeIncomingItem(queryClient, item) });
}

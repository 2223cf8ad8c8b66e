import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from './client';
import { storeOrder } from './order-cache';

/** POST /api/marketplace/orders/{unique}/items/{itemId}/approve: the buyer accepts a delivery. */
export const approveItem = (unique: string, itemId: number) => ordersApi.approveItem({ params: { unique, itemId } });

export function useApproveItem(unique: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => approveItem(unique, itemId),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

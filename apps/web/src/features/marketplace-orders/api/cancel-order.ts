import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from './client';
import { storeOrder } from './order-cache';

/** DELETE /api/marketplace/orders/{unique}: cancels an order waiting payment. */
export const cancelOrder = (unique: string) => ordersApi.cancelOrder({ params: { unique } });

export function useCancelOrder(unique: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(unique),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

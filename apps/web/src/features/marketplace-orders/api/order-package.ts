import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** POST /api/marketplace/buckets/order: orders a package (waiting payment); answers the order's id. */
export const orderPackage = (unique: string) => ordersApi.orderPackage({ body: { unique } });

export function useOrderPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.orders() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/**
 * GET /api/marketplace/orders/{unique}/pay: the press on Pay Now. The server answers the order
 * with its pay options as they stand now, or refuses a publisher (403, docs/product/marketplace.md#roles)
 * before any way to pay is offered.
 */
export const payNow = (unique: string) => ordersApi.payNow({ params: { unique } });

export function usePayNow(unique: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => payNow(unique),
    onSuccess: (order) => queryClient.setQueryData(marketplaceOrderKeys.order(order.unique), order),
  });
}

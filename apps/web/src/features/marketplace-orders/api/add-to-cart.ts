import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BasketItem } from '@cryptads/contract/marketplace';
import { optimistic, withItem } from './basket-cache';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** PUT /api/marketplace/cart: adds a listing (already there is not an error). */
export const addToCart = (uniques: string[]) => ordersApi.addToCart({ body: { listings: uniques } });

export function useAddToCart(onFailure?: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: BasketItem) => addToCart([item.unique]),
    ...optimistic<BasketItem>(queryClient, marketplaceOrderKeys.cart(), withItem, onFailure),
  });
}

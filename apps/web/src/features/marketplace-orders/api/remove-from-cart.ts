import { useMutation, useQueryClient } from '@tanstack/react-query';
import { optimistic, withoutItems } from './basket-cache';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** DELETE /api/marketplace/cart: removes listings; without any, empties the cart. */
export const removeFromCart = (uniques?: string[]) =>
  ordersApi.removeFromCart({ body: uniques ? { listings: uniques } : undefined });

export function useRemoveFromCart(onFailure?: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unique: string) => removeFromCart([unique]),
    ...optimistic<string>(
      queryClient,
      marketplaceOrderKeys.cart(),
      (listings, unique) => withoutItems(listings, [unique]),
      onFailure,
    ),
  });
}

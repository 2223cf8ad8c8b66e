import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BasketItem } from '@cryptads/contract/marketplace';
import { optimistic, withItem } from './basket-cache';
import { ordersApi } from './client';
import { wishlistQueryOptions } from './get-wishlist';
import { marketplaceOrderKeys } from './keys';

/** PUT /api/marketplace/wishlist/{unique}: adds listings to the account's wishlist. */
export const addToWishlist = (wishlist: string, uniques: string[]) =>
  ordersApi.addToWishlist({ params: { unique: wishlist }, body: { listings: uniques } });

export function useAddToWishlist(onFailure?: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // The wishlist is named by its own id: read it first when this screen has not yet.
    mutationFn: async (item: BasketItem) => {
      const wishlist = await queryClient.ensureQueryData(wishlistQueryOptions());
      return addToWishlist(wishlist.unique, [item.unique]);
    },
    ...optimistic<BasketItem>(queryClient, marketplaceOrderKeys.wishlist(), withItem, onFailure),
  });
}

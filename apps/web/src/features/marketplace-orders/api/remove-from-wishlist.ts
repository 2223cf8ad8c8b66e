import { useMutation, useQueryClient } from '@tanstack/react-query';
import { optimistic, withoutItems } from './basket-cache';
import { ordersApi } from './client';
import { wishlistQueryOptions } from './get-wishlist';
import { marketplaceOrderKeys } from './keys';

/** PUT /api/marketplace/wishlist/{unique}/deleteListings: removes listings from the wishlist. */
export const removeFromWishlist = (wishlist: string, uniques: string[]) =>
  ordersApi.removeFromWishlist({ params: { unique: wishlist }, body: { listings: uniques } });

export function useRemoveFromWishlist(onFailure?: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (unique: string) => {
      const wishlist = await queryClient.ensureQueryData(wishlistQueryOptions());
      return removeFromWishlist(wishlist.unique, [unique]);
    },
    ...optimistic<string>(
      queryClient,
      marketplaceOrderKeys.wishlist(),
      (listings, unique) => withoutItems(listings, [unique]),
      onFailure,
    ),
  });
}

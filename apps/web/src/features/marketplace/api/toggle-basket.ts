import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingDetail } from '@cryptads/contract/marketplace';
import { basketKeys } from '../../../lib/api/marketplace-keys';
import { basketApi } from './client';
import { marketplaceKeys } from './keys';

export type Basket = 'wishlist' | 'cart';

/**
 * The account's wishlist id: PUT /marketplace/wishlist/{unique} names the wishlist, which
 * GET /marketplace/wishlist/general creates on first read. It never changes, so it is read
 * once per session of the cache.
 */
const wishlistId = (queryClient: QueryClient) =>
  queryClient.fetchQuery({
    queryKey: marketplaceKeys.wishlistId(),
    queryFn: async ({ signal }) => (await basketApi.wishlist({ signal })).unique,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * PUT (add) or DELETE (remove) one listing in the cart; PUT wishlist/{id} or
 * wishlist/{id}/deleteListings. Answers whether the listing is in it now, as the server's
 * answer (the whole wishlist or cart) says.
 */
export async function setInBasket(
  queryClient: QueryClient,
  basket: Basket,
  unique: string,
  add: boolean,
): Promise<boolean> {
  const body = { listings: [unique] };
  let after: { listings: { unique: string }[] };
  if (basket === 'cart') after = await (add ? basketApi.addToCart({ body }) : basketApi.removeFromCart({ body }));
  else {
    const params = { unique: await wishlistId(queryClient) };
    after = await (add ? basketApi.addToWishlist({ params, body }) : basketApi.removeFromWishlist({ params, body }));
  }
  return after.listings.some((listing) => listing.unique === unique);
}

const flag = (basket: Basket) => (basket === 'wishlist' ? 'inWishlist' : 'inCart');

/**
 * The Add to Wishlist / Add to Cart toggles of a listing (docs/product/marketplace.md#wishlist-and-cart: optimistic, with a
 * spinner). The detail's flag flips at once and ends as the server's answer says; a refused
 * call flips it back and the caller shows why. The detail is not fetched again (each GET of a
 * listing counts a view for trending); the wishlist and cart queries of every feature (the
 * shared roots of lib/api/marketplace-keys.ts: the header's cart count, the wishlist and cart
 * screens) are.
 */
export function useToggleBasket(unique: string, basket: Basket) {
  const queryClient = useQueryClient();
  const key = marketplaceKeys.listing(unique);
  return useMutation({
    mutationKey: marketplaceKeys.toggle(basket, unique),
    mutationFn: (add: boolean) => setInBasket(queryClient, basket, unique, add),
    onMutate: async (add) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListingDetail>(key);
      if (previous) queryClient.setQueryData<ListingDetail>(key, { ...previous, [flag(basket)]: add });
      return { previous };
    },
    onSuccess: (inBasket) =>
      queryClient.setQueryData<ListingDetail>(key, (detail) => detail && { ...detail, [flag(basket)]: inBasket }),
    onError: (_error, _add, context) => {
      if (context?.previous) queryClient.setQueryData<ListingDetail>(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketKeys.all }),
  });
}

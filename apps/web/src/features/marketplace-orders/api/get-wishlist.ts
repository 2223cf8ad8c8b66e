import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/wishlist/general: the account's wishlist (created on first read). */
export const getWishlist = (signal?: AbortSignal) => ordersApi.wishlist({ signal });

export const wishlistQueryOptions = () =>
  queryOptions({ queryKey: marketplaceOrderKeys.wishlist(), queryFn: ({ signal }) => getWishlist(signal) });

export const useWishlist = () => useQuery(wishlistQueryOptions());

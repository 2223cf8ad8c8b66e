import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/cart: the account's cart. */
export const getCart = (signal?: AbortSignal) => ordersApi.cart({ signal });

export const cartQueryOptions = () =>
  queryOptions({ queryKey: marketplaceOrderKeys.cart(), queryFn: ({ signal }) => getCart(signal) });

export const useCart = (enabled = true) => useQuery({ ...cartQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/orders: the account's orders (a map and its keys, newest first). */
export const getOrders = (signal?: AbortSignal) => ordersApi.orders({ signal });

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: marketplaceOrderKeys.orderList(), queryFn: ({ signal }) => getOrders(signal) });

export const useOrders = () => useQuery(ordersQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderStatus } from '@cryptads/contract/marketplace-messages';
import { ordersApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/orders/{unique}: one order with its items and pay options. */
export const getOrder = (unique: string, signal?: AbortSignal) => ordersApi.order({ params: { unique }, signal });

/**
 * Back from a payment page the order stays Processing until the provider confirms it (a
 * webhook may arrive a moment after the browser): it is read again every few seconds, for
 * about two minutes, while it is.
 */
export const orderQueryOptions = (unique: string, watchPayment = false) =>
  queryOptions({
    queryKey: marketplaceOrderKeys.order(unique),
    queryFn: ({ signal }) => getOrder(unique, signal),
    refetchInterval: (query) =>
      watchPayment && query.state.data?.status === OrderStatus.Processing && query.state.dataUpdateCount < 40
        ? 3000
        : false,
  });

export const useOrder = (unique: string | undefined, watchPayment = false) =>
  useQuery({ ...orderQueryOptions(unique ?? '', watchPayment), enabled: unique !== undefined });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellingApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/selling/items: paid items of the publisher's listings, open ones first. */
export const getIncomingItems = (signal?: AbortSignal) => sellingApi.incoming({ signal });

export const incomingQueryOptions = () =>
  queryOptions({ queryKey: marketplaceOrderKeys.incoming(), queryFn: ({ signal }) => getIncomingItems(signal) });

export const useIncomingItems = () => useQuery(incomingQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellingApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/selling/listings: the publisher's listings, every status, with sales. */
export const getMyListings = (signal?: AbortSignal) => sellingApi.myListings({ signal });

export const myListingsQueryOptions = () =>
  queryOptions({ queryKey: marketplaceOrderKeys.myListings(), queryFn: ({ signal }) => getMyListings(signal) });

export const useMyListings = () => useQuery(myListingsQueryOptions());

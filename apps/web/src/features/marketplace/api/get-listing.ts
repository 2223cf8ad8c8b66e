import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketplaceApi } from './client';
import { marketplaceKeys } from './keys';

/** GET /api/marketplace/listings/{unique}: one listing with its gallery and whether it is in the wishlist or cart. */
export const getListing = (unique: string, signal?: AbortSignal) =>
  marketplaceApi.listing({ params: { unique }, signal });

export const listingQueryOptions = (unique: string) =>
  queryOptions({ queryKey: marketplaceKeys.listing(unique), queryFn: ({ signal }) => getListing(unique, signal) });

export const useListing = (unique: string) => useQuery(listingQueryOptions(unique));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/buckets/{unique}: one package with its listings and featured publishers. */
export const getPackage = (unique: string, signal?: AbortSignal) =>
  catalogueApi.package({ params: { unique }, signal });

export const packageQueryOptions = (unique: string) =>
  queryOptions({ queryKey: marketplaceOrderKeys.package(unique), queryFn: ({ signal }) => getPackage(unique, signal) });

export const usePackage = (unique: string) => useQuery(packageQueryOptions(unique));

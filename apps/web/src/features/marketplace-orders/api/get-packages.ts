import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/buckets: packages grouped by type, keyed by package id. */
export const getPackages = (signal?: AbortSignal) => catalogueApi.packages({ signal });

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: marketplaceOrderKeys.packages(), queryFn: ({ signal }) => getPackages(signal) });

export const usePackages = () => useQuery(packagesQueryOptions());

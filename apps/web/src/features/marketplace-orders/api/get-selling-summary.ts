import { queryOptions, useQuery } from '@tanstack/react-query';
import { sellingApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** GET /api/marketplace/selling: whether the account sells, and how many of its items wait for it. */
export const getSellingSummary = (signal?: AbortSignal) => sellingApi.canSell({ signal });

export const sellingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceOrderKeys.sellingSummary(),
    queryFn: ({ signal }) => getSellingSummary(signal),
    // The sidebar's count: new orders arrive while the publisher works elsewhere.
    staleTime: 60_000,
    refetchInterval: 120_000,
  });

export const useSellingSummary = (enabled = true) => useQuery({ ...sellingSummaryQueryOptions(), enabled });

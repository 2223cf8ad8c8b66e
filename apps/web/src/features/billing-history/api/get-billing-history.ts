import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingHistoryApi } from './client';
import { billingHistoryKeys } from './keys';

/** GET /api/billing/history: deposits, payouts and credit notes, newest first. */
export const getBillingHistory = (signal?: AbortSignal) => billingHistoryApi.list({ signal });

export const billingHistoryQueryOptions = () =>
  queryOptions({ queryKey: billingHistoryKeys.list(), queryFn: ({ signal }) => getBillingHistory(signal) });

export const useBillingHistory = () => useQuery(billingHistoryQueryOptions());

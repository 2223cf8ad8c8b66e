import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** GET /api/billing: the billing profile with its verification state (docs/product/billing.md#billing-profile). */
export const getBillingProfile = (signal?: AbortSignal) => billingDetailsApi.profile({ signal });

export const billingProfileQueryOptions = () =>
  queryOptions({ queryKey: billingDetailsKeys.profile(), queryFn: ({ signal }) => getBillingProfile(signal) });

export const useBillingProfile = () => useQuery(billingProfileQueryOptions());

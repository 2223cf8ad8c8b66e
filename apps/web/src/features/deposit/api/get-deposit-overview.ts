import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositsApi } from './client';
import { depositKeys } from './keys';

/** GET /api/billing/deposit: balance, latest three deposits, fees, VAT, blocks and steps. */
export const getDepositOverview = (signal?: AbortSignal) => depositsApi.overview({ signal });

export const depositOverviewQueryOptions = () =>
  queryOptions({ queryKey: depositKeys.overview(), queryFn: ({ signal }) => getDepositOverview(signal) });

export const useDepositOverview = () => useQuery(depositOverviewQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { forecastEndpoints } from '@cryptads/contract/endpoints/forecasts';
import { forecastRoutes } from '@cryptads/contract/endpoints/forecasts.routes';
import { endpointClient } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

const forecastsApi = endpointClient<typeof forecastEndpoints>(forecastRoutes);

/** GET /api/campaigns/pace: the dashboard reads when the balance runs out at the current pace. */
export const balanceRunOutQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'pace'],
    queryFn: ({ signal }) => forecastsApi.pace({ signal }),
    staleTime: 60_000,
  });

export const useBalanceRunOut = (enabled: boolean) => useQuery({ ...balanceRunOutQueryOptions(), enabled });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { forecastEndpoints } from '@cryptads/contract/endpoints/forecasts';
import { forecastRoutes } from '@cryptads/contract/endpoints/forecasts.routes';
import type { ForecastRequest } from '@cryptads/contract/forecasts';
import { endpointClient } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** Forecasts (docs/product/forecasts.md), from the contract's endpoint table. */
export const forecastsApi = endpointClient<typeof forecastEndpoints>(forecastRoutes);

const forecastKeys = {
  forecast: (draft: ForecastRequest) => [...campaignKeys.all, 'forecast', draft] as const,
  pace: () => [...campaignKeys.all, 'pace'] as const,
  campaignPace: (id: number) => [...campaignKeys.all, 'pace', id] as const,
};

/**
 * POST /api/campaigns/forecast for a (debounced) draft. The query's signal aborts the request
 * of a draft the wizard has already left behind; the last answer stays on screen meanwhile.
 */
export const useForecast = (draft: ForecastRequest | null) =>
  useQuery({
    queryKey: forecastKeys.forecast(draft as ForecastRequest),
    queryFn: ({ signal }) => forecastsApi.forecast({ body: draft as ForecastRequest, signal }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const paceQuery = () =>
  queryOptions({
    queryKey: forecastKeys.pace(),
    queryFn: ({ signal }) => forecastsApi.pace({ signal }),
    staleTime: 60_000,
  });

/** GET /api/campaigns/pace: every running campaign's pace and the balance run-out. */
export const usePace = () => useQuery(paceQuery());

/** GET /api/campaigns/{id}/pace: one campaign's pace. */
export const useCampaignPace = (id: number) =>
  useQuery({
    queryKey: forecastKeys.campaignPace(id),
    queryFn: ({ signal }) => forecastsApi.campaignPace({ params: { id }, signal }),
    enabled: id > 0,
    staleTime: 60_000,
  });

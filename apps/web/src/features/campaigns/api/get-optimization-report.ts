import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OptimizationReport } from '@cryptads/contract/reports';
import { reportsApi } from './client';
import { campaignKeys } from './keys';

export type PeriodParams = { startDate: string; endDate: string };

/** GET /api/reports/{id}/all?group=zone: the zones that showed the campaign (Optimization tab). */
export const getOptimizationReport = (id: number, params: PeriodParams, signal?: AbortSignal) =>
  // group=zone answers the optimisation rows.
  reportsApi.report({
    params: { campaignIds: String(id), websiteId: 'all' },
    query: { group: 'zone', startDate: params.startDate, endDate: params.endDate },
    signal,
  }) as Promise<OptimizationReport>;

export const optimizationReportQueryOptions = (id: number, params: PeriodParams) =>
  queryOptions({
    queryKey: campaignKeys.optimization(id, params),
    queryFn: ({ signal }) => getOptimizationReport(id, params, signal),
  });

export const useOptimizationReport = (id: number, params: PeriodParams) =>
  useQuery({ ...optimizationReportQueryOptions(id, params), placeholderData: keepPreviousData });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OptimizationReport } from '@cryptads/contract/reports';
import { apiRequest } from '../../../lib/api-client';
import { reportPath } from '../../../lib/report-path';
import { campaignKeys } from './keys';

export type PeriodParams = { startDate: string; endDate: string };

/** GET /api/reports/{id}/all?group=zone: the zones that showed the campaign (Optimization tab). */
export const getOptimizationReport = (id: number, params: PeriodParams, signal?: AbortSignal) =>
  apiRequest<OptimizationReport>(reportPath({ campaignIds: [id] }, { ...params, group: 'zone' }), { signal });

export const optimizationReportQueryOptions = (id: number, params: PeriodParams) =>
  queryOptions({
    queryKey: campaignKeys.optimization(id, params),
    queryFn: ({ signal }) => getOptimizationReport(id, params, signal),
  });

export const useOptimizationReport = (id: number, params: PeriodParams) =>
  useQuery({ ...optimizationReportQueryOptions(id, params), placeholderData: keepPreviousData });

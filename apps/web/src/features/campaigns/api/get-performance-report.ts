import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceReport } from '@cryptads/contract/reports';
import { reportsApi } from './client';
import { campaignKeys } from './keys';
import type { PeriodParams } from './get-optimization-report';

/** GET /api/reports/{id}/all?group=performance: the campaign's recent raw events (Performance tab). */
export const getPerformanceReport = (id: number, params: PeriodParams, signal?: AbortSignal) =>
  // group=performance answers the raw events.
  reportsApi.report({
    params: { campaignIds: String(id), websiteId: 'all' },
    query: { group: 'performance', startDate: params.startDate, endDate: params.endDate },
    signal,
  }) as Promise<PerformanceReport>;

export const performanceReportQueryOptions = (id: number, params: PeriodParams) =>
  queryOptions({
    queryKey: campaignKeys.performance(id, params),
    queryFn: ({ signal }) => getPerformanceReport(id, params, signal),
  });

export const usePerformanceReport = (id: number, params: PeriodParams) =>
  useQuery({ ...performanceReportQueryOptions(id, params), placeholderData: keepPreviousData });

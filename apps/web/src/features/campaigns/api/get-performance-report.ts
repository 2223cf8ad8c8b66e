import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceReport } from '@cryptads/contract/reports';
import { apiRequest } from '../../../lib/api-client';
import { reportPath } from '../../../lib/report-path';
import { campaignKeys } from './keys';
import type { PeriodParams } from './get-optimization-report';

/** GET /api/reports/{id}/all?group=performance: the campaign's recent raw events (Performance tab). */
export const getPerformanceReport = (id: number, params: PeriodParams, signal?: AbortSignal) =>
  apiRequest<PerformanceReport>(reportPath({ campaignIds: [id] }, { ...params, group: 'performance' }), { signal });

export const performanceReportQueryOptions = (id: number, params: PeriodParams) =>
  queryOptions({
    queryKey: campaignKeys.performance(id, params),
    queryFn: ({ signal }) => getPerformanceReport(id, params, signal),
  });

export const usePerformanceReport = (id: number, params: PeriodParams) =>
  useQuery({ ...performanceReportQueryOptions(id, params), placeholderData: keepPreviousData });

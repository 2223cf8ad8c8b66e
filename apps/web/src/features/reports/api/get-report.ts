import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Report } from '@cryptads/contract/reports';
import { reportsApi } from './client';
import { type ReportParams, type ReportScope, reportKeys } from './keys';

/** GET /api/reports/{campaignIds}/{websiteId | zone/{zoneId}}?group=report: rows, totals, daily. */
export const getReport = (scope: ReportScope, params: ReportParams, signal?: AbortSignal) => {
  const campaignIds = scope.campaignIds && scope.campaignIds.length > 0 ? scope.campaignIds.join(',') : 'all';
  const query = {
    group: 'report' as const,
    reportBy: params.reportBy,
    startDate: params.startDate,
    endDate: params.endDate,
  };
  // group=report answers a Report.
  return (
    scope.zoneId
      ? reportsApi.zoneReport({ params: { campaignIds, zoneId: scope.zoneId }, query, signal })
      : reportsApi.report({
          params: { campaignIds, websiteId: scope.websiteId ? String(scope.websiteId) : 'all' },
          query,
          signal,
        })
  ) as Promise<Report>;
};

export const reportQueryOptions = (scope: ReportScope, params: ReportParams) =>
  queryOptions({
    queryKey: reportKeys.report(scope, params),
    queryFn: ({ signal }) => getReport(scope, params, signal),
  });

/** Keeps the previous report on screen while the next one loads. */
export const useReport = (scope: ReportScope, params: ReportParams, enabled = true) =>
  useQuery({ ...reportQueryOptions(scope, params), enabled, placeholderData: keepPreviousData });

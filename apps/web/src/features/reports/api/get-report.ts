import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Report } from '@cryptads/contract/reports';
import { apiRequest } from '../../../lib/api-client';
import { type ReportParams, type ReportScope, reportPath } from '../../../lib/report-path';
import { reportKeys } from './keys';

/** GET /api/reports/{campaignIds}/{websiteId | zone/{zoneId}}?group=report: rows, totals, daily. */
export const getReport = (scope: ReportScope, params: ReportParams, signal?: AbortSignal) =>
  apiRequest<Report>(reportPath(scope, { ...params, group: 'report' }), { signal });

export const reportQueryOptions = (scope: ReportScope, params: ReportParams) =>
  queryOptions({
    queryKey: reportKeys.report(scope, params),
    queryFn: ({ signal }) => getReport(scope, params, signal),
  });

/** Keeps the previous report on screen while the next one loads. */
export const useReport = (scope: ReportScope, params: ReportParams, enabled = true) =>
  useQuery({ ...reportQueryOptions(scope, params), enabled, placeholderData: keepPreviousData });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportBy } from '@cryptads/contract/report-messages';
import type { Report } from '@cryptads/contract/reports';
import { reportsApi } from './client';
import { websiteKeys } from './keys';

export type WebsiteReportParams = { zone: string | null; reportBy: ReportBy; startDate: string; endDate: string };

/** GET /api/reports/all/{id} or /api/reports/all/zone/{zone}: the website's Reports tab. */
export const getWebsiteReport = (id: number, { zone, ...params }: WebsiteReportParams, signal?: AbortSignal) => {
  const query = {
    group: 'report' as const,
    reportBy: params.reportBy,
    startDate: params.startDate,
    endDate: params.endDate,
  };
  // group=report answers a Report.
  return (
    zone
      ? reportsApi.zoneReport({ params: { campaignIds: 'all', zoneId: zone }, query, signal })
      : reportsApi.report({ params: { campaignIds: 'all', websiteId: String(id) }, query, signal })
  ) as Promise<Report>;
};

export const websiteReportQueryOptions = (id: number, params: WebsiteReportParams) =>
  queryOptions({
    queryKey: websiteKeys.report(id, params),
    queryFn: ({ signal }) => getWebsiteReport(id, params, signal),
  });

export const useWebsiteReport = (id: number, params: WebsiteReportParams) =>
  useQuery({ ...websiteReportQueryOptions(id, params), placeholderData: keepPreviousData });

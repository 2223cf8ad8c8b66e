import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportBy } from '@cryptads/contract/report-messages';
import type { Report } from '@cryptads/contract/reports';
import { reportsApi } from './client';
import { campaignKeys } from './keys';

export type CampaignReportParams = { reportBy: ReportBy; startDate: string; endDate: string };

/** GET /api/reports/{id}/all?group=report: the campaign's Reports tab. */
export const getCampaignReport = (id: number, params: CampaignReportParams, signal?: AbortSignal) =>
  // group=report answers a Report.
  reportsApi.report({
    params: { campaignIds: String(id), websiteId: 'all' },
    query: { group: 'report', reportBy: params.reportBy, startDate: params.startDate, endDate: params.endDate },
    signal,
  }) as Promise<Report>;

export const campaignReportQueryOptions = (id: number, params: CampaignReportParams) =>
  queryOptions({
    queryKey: campaignKeys.report(id, params),
    queryFn: ({ signal }) => getCampaignReport(id, params, signal),
  });

export const useCampaignReport = (id: number, params: CampaignReportParams) =>
  useQuery({ ...campaignReportQueryOptions(id, params), placeholderData: keepPreviousData });

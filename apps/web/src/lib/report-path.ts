import type { ReportBy, ReportGroup } from '@cryptads/contract/report-messages';

/**
 * Whose numbers a report counts: campaign ids (advertisers; empty means all), a website id
 * (publishers; null means all), or one zone of a publisher's website by its public id.
 */
export type ReportScope = { campaignIds?: readonly number[]; websiteId?: number | null; zoneId?: string | null };
export type ReportParams = { group?: ReportGroup; reportBy?: ReportBy; startDate: string; endDate: string };

/** The path of GET /api/reports/{campaignIds}/{websiteId | zone/{zoneId}}?group&reportBy&startDate&endDate. */
export function reportPath(scope: ReportScope, params: ReportParams): string {
  const campaigns = scope.campaignIds && scope.campaignIds.length > 0 ? scope.campaignIds.join(',') : 'all';
  const target = scope.zoneId ? `zone/${scope.zoneId}` : scope.websiteId ? String(scope.websiteId) : 'all';
  const q = new URLSearchParams({ group: params.group ?? 'report' });
  if (params.reportBy) q.set('reportBy', params.reportBy);
  q.set('startDate', params.startDate);
  q.set('endDate', params.endDate);
  return `/reports/${campaigns}/${target}?${q.toString()}`;
}

import type { ReportBy } from '@cryptads/contract/report-messages';

/**
 * Whose numbers a report counts: campaign ids (advertisers; empty means all), a website id
 * (publishers; null means all), or one zone of a publisher's website by its public id.
 */
export type ReportScope = { campaignIds?: readonly number[]; websiteId?: number | null; zoneId?: string | null };
export type ReportParams = { reportBy?: ReportBy; startDate: string; endDate: string };

/** Query keys of the /reports/ page. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (scope: ReportScope, params: ReportParams) => [...reportKeys.all, 'report', scope, params] as const,
  campaignNames: () => [...reportKeys.all, 'campaign-names'] as const,
  websiteNames: () => [...reportKeys.all, 'website-names'] as const,
  websiteZones: (id: number) => [...reportKeys.all, 'website-zones', id] as const,
};

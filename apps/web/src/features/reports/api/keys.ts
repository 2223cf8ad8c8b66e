import type { ReportParams, ReportScope } from './get-report';

/** Query keys of the /reports/ page. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (scope: ReportScope, params: ReportParams) => [...reportKeys.all, 'report', scope, params] as const,
  campaignNames: () => [...reportKeys.all, 'campaign-names'] as const,
  websiteNames: () => [...reportKeys.all, 'website-names'] as const,
  websiteZones: (id: number) => [...reportKeys.all, 'website-zones', id] as const,
};

import { CUSTOMER, defineRoutes } from '../endpoint';

/** Reports (docs/product/reports.md#reports-page, #api; docs/product/reports.md#today): advertisers see their campaigns, publishers their websites. */
export const reportRoutes = defineRoutes({
  today: { method: 'GET', path: '/reports', roles: CUSTOMER, scope: 'reports:read' },
  report: { method: 'GET', path: '/reports/:campaignIds/:websiteId', roles: CUSTOMER, scope: 'reports:read' },
  zoneReport: { method: 'GET', path: '/reports/:campaignIds/zone/:zoneId', roles: CUSTOMER, scope: 'reports:read' },
});

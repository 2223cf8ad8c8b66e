import { CUSTOMER, defineRoutes } from '../endpoint';

/** Reports (spec 002 §2, §7; spec 000 §7): advertisers see their campaigns, publishers their websites. */
export const reportRoutes = defineRoutes({
  today: { method: 'GET', path: '/reports', roles: CUSTOMER },
  report: { method: 'GET', path: '/reports/:campaignIds/:websiteId', roles: CUSTOMER },
  zoneReport: { method: 'GET', path: '/reports/:campaignIds/zone/:zoneId', roles: CUSTOMER },
});

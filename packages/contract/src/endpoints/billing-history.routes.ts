import { CUSTOMER, defineRoutes } from '../endpoint';

/** Billing history and invoice downloads (spec 001 §2, §7): both account types. */
export const billingHistoryRoutes = defineRoutes({
  list: { method: 'GET', path: '/billing/history', roles: CUSTOMER },
  download: { method: 'GET', path: '/billing/history/:unique', roles: CUSTOMER, download: true },
});

import { CUSTOMER, defineRoutes } from '../endpoint';

/** Billing history and invoice downloads (docs/product/billing.md#history, #api): both account types. */
export const billingHistoryRoutes = defineRoutes({
  list: { method: 'GET', path: '/billing/history', roles: CUSTOMER },
  download: { method: 'GET', path: '/billing/history/:unique', roles: CUSTOMER, download: true },
});

import { CUSTOMER, defineRoutes } from '../endpoint';

/** Billing history and invoice downloads (docs/product/billing.md#history, #api): both account types. */
export const billingHistoryRoutes = defineRoutes({
  list: { method: 'GET', path: '/billing/history', roles: CUSTOMER, scope: 'billing:read' },
  download: { method: 'GET', path: '/billing/history/:unique', roles: CUSTOMER, download: true, scope: 'billing:read' },
});

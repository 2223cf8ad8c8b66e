import { CUSTOMER, defineRoutes } from '../endpoint';

/** The statement of account (docs/product/billing.md#statement): both account types. */
export const statementRoutes = defineRoutes({
  get: { method: 'GET', path: '/billing/statement', roles: CUSTOMER },
  csv: { method: 'GET', path: '/billing/statement/csv', roles: CUSTOMER, download: true },
});

import { CUSTOMER, defineRoutes } from '../endpoint';

/** The provider blog's latest articles on the dashboard (docs/product/account.md#dashboard). */
export const newsRoutes = defineRoutes({
  list: { method: 'GET', path: '/news', roles: CUSTOMER },
});

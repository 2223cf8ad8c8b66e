import { CUSTOMER, defineRoutes } from '../endpoint';

/** The provider blog's latest articles on the dashboard (spec 000 §2.9). */
export const newsRoutes = defineRoutes({
  list: { method: 'GET', path: '/news', roles: CUSTOMER },
});

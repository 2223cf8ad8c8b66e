import { CUSTOMER, defineRoutes } from '../endpoint';

/** Announcements on the dashboard (docs/product/account.md#dashboard). */
export const announcementRoutes = defineRoutes({
  list: { method: 'GET', path: '/announcements', roles: CUSTOMER },
});

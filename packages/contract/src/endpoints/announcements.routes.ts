import { CUSTOMER, defineRoutes } from '../endpoint';

/** Announcements on the dashboard (spec 000 §2.9). */
export const announcementRoutes = defineRoutes({
  list: { method: 'GET', path: '/announcements', roles: CUSTOMER },
});

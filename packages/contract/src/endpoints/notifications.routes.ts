import { CUSTOMER, defineRoutes } from '../endpoint';

/** The bell (docs/product/account.md#notifications): the list, marking one or all viewed. */
export const notificationRoutes = defineRoutes({
  list: { method: 'GET', path: '/user/notifications', roles: CUSTOMER },
  markAllViewed: { method: 'POST', path: '/user/notifications/all', roles: CUSTOMER },
  markViewed: { method: 'POST', path: '/user/notifications/:id', roles: CUSTOMER },
});

import { CUSTOMER, defineRoutes } from '../endpoint';

/** The logged-in user's details (spec 000 §3). */
export const userRoutes = defineRoutes({
  details: { method: 'GET', path: '/user', roles: CUSTOMER },
});

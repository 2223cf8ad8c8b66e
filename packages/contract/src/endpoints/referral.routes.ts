import { CUSTOMER, defineRoutes } from '../endpoint';

/** The Refer a Friend page (spec 000 §2.11). */
export const referralRoutes = defineRoutes({
  summary: { method: 'GET', path: '/user/referral', roles: CUSTOMER },
});

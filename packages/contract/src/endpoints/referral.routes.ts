import { CUSTOMER, defineRoutes } from '../endpoint';

/** The Refer a Friend page (docs/product/account.md#referral). */
export const referralRoutes = defineRoutes({
  summary: { method: 'GET', path: '/user/referral', roles: CUSTOMER },
});

import { defineRoutes } from '../endpoint';

/** A publisher's payouts. */
export const payoutRoutes = defineRoutes({
  list: { method: 'GET', path: '/billing/payouts', roles: ['publisher'] },
  next: { method: 'GET', path: '/billing/payouts/next', roles: ['publisher'] },
});

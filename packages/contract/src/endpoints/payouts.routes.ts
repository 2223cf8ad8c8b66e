import { defineRoutes } from '../endpoint';

/** A publisher's payouts (issue 10 §5). */
export const payoutRoutes = defineRoutes({
  list: { method: 'GET', path: '/billing/payouts', roles: ['publisher'] },
  next: { method: 'GET', path: '/billing/payouts/next', roles: ['publisher'] },
});

import { CUSTOMER_OR_OPERATOR, defineRoutes } from '../endpoint';

/** The logged-in user's details (docs/product/account.md#data). */
export const userRoutes = defineRoutes({
  details: { method: 'GET', path: '/user', roles: CUSTOMER_OR_OPERATOR, operatorSetup: true, scope: 'billing:read' },
});

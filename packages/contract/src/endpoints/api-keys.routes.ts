import { CUSTOMER, defineRoutes } from '../endpoint';

/** API keys of the caller (docs/product/public-api.md): never reachable with a key itself. */
export const apiKeyRoutes = defineRoutes({
  list: { method: 'GET', path: '/user/apiKeys', roles: CUSTOMER },
  create: { method: 'POST', path: '/user/apiKeys', roles: CUSTOMER, errors: [409, 429] },
  revoke: { method: 'DELETE', path: '/user/apiKeys/:id', roles: CUSTOMER },
});

import { defineRoutes } from '../endpoint';

/** The publisher websites API (docs/product/websites.md#api). Every call is for publishers only. */
const publisher = ['publisher'] as const;

export const websiteRoutes = defineRoutes({
  options: { method: 'GET', path: '/websites/options', roles: publisher, scope: 'websites:read' },
  information: { method: 'GET', path: '/websites/information', roles: publisher, scope: 'websites:read' },
  validation: { method: 'GET', path: '/websites/validation', roles: publisher },
  list: { method: 'GET', path: '/websites', roles: publisher, scope: 'websites:read' },
  names: { method: 'GET', path: '/websites/names', roles: publisher, scope: 'websites:read' },
  create: { method: 'POST', path: '/websites', roles: publisher, scope: 'websites:write' },
  detail: { method: 'GET', path: '/websites/:id', roles: publisher, scope: 'websites:read' },
  update: { method: 'PUT', path: '/websites/:id', roles: publisher },
  preferences: { method: 'PUT', path: '/websites/:id/preferences', roles: publisher },
  verification: { method: 'GET', path: '/websites/:id/verification', roles: publisher, scope: 'websites:read' },
  verify: { method: 'POST', path: '/websites/:id/verification', roles: publisher, errors: [429] },
});

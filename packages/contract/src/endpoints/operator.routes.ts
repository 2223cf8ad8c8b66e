import { defineRoutes, PUBLIC } from '../endpoint';

/**
 * The operator CLI's hand-off to a running server. It needs no session: it is `public` in
 * the table because it authenticates otherwise, with the secret of this start, from loopback.
 */
export const operatorRoutes = defineRoutes({
  run: { method: 'POST', path: '/operator/run', roles: PUBLIC },
});

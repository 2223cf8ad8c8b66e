import { defineRoutes, PUBLIC } from '../endpoint';

/** Health, the public configuration and the dev mailbox: all readable before anyone logs in. */
export const systemRoutes = defineRoutes({
  health: { method: 'GET', path: '/health', roles: PUBLIC },
  /** Readiness for load balancers: 503 while the database, delivery index or recorder fails. */
  ready: { method: 'GET', path: '/ready', roles: PUBLIC },
  config: { method: 'GET', path: '/config', roles: PUBLIC },
  /** Registered only while the outbox is the mail transport. */
  mailbox: { method: 'GET', path: '/dev/mailbox', roles: PUBLIC },
});

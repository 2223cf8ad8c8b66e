import { CUSTOMER, defineRoutes } from '../endpoint';

/** Outgoing webhooks (docs/product/webhooks.md): the customer's endpoints, their secrets and deliveries. */
export const webhookRoutes = defineRoutes({
  list: { method: 'GET', path: '/user/webhooks', roles: CUSTOMER },
  create: { method: 'POST', path: '/user/webhooks', roles: CUSTOMER },
  update: { method: 'PATCH', path: '/user/webhooks/:id', roles: CUSTOMER },
  remove: { method: 'DELETE', path: '/user/webhooks/:id', roles: CUSTOMER },
  rotateSecret: { method: 'POST', path: '/user/webhooks/:id/rotateSecret', roles: CUSTOMER },
  deliveries: { method: 'GET', path: '/user/webhooks/:id/deliveries', roles: CUSTOMER },
  resend: { method: 'POST', path: '/user/webhooks/:id/deliveries/:deliveryId/resend', roles: CUSTOMER },
  test: { method: 'POST', path: '/user/webhooks/:id/test', roles: CUSTOMER },
});

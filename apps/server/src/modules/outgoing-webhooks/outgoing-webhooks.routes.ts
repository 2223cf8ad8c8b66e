import { webhookEndpoints as api } from '@cryptads/contract/endpoints/webhooks';
import { route } from '../../lib/endpoint-routes';
import {
  createEndpoint,
  deleteEndpoint,
  listAttempts,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './outgoing-webhooks.service';

/**
 * docs/product/webhooks.md: a customer's outgoing webhook endpoints. Every call reads only the
 * caller's endpoints: another account's id answers 404. `wake` tells the sender a delivery waits.
 */
export const outgoingWebhookRoutes = (wake: () => void) => [
  route(api.list, async ({ ctx, auth }) => listEndpoints(ctx, auth.user.id)),
  route(api.create, async ({ ctx, auth, body }) => createEndpoint(ctx, auth.user.id, body)),
  route(api.update, async ({ ctx, auth, params, body }) => updateEndpoint(ctx, auth.user.id, params.id, body)),
  route(api.remove, async ({ ctx, auth, params }) => deleteEndpoint(ctx, auth.user.id, params.id)),
  route(api.rotateSecret, async ({ ctx, auth, params }) => rotateSecret(ctx, auth.user.id, params.id)),
  route(api.deliveries, async ({ ctx, auth, params }) => listAttempts(ctx, auth.user.id, params.id)),
  route(api.resend, async ({ ctx, auth, params }) => {
    const queued = await resendDelivery(ctx, auth.user.id, params.id, params.deliveryId);
    wake();
    return queued;
  }),
  route(api.test, async ({ ctx, auth, params }) => {
    const queued = await sendTest(ctx, auth.user.id, params.id);
    wake();
    return queued;
  }),
];

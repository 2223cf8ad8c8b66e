import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import {
  WebhookCreateSchema,
  WebhookDeliveriesSchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointSchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
  WebhookQueuedSchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
} from '../webhooks';
import { webhookRoutes } from './webhooks.routes';

const tag = 'webhooks';
const params = WebhookIdParamsSchema;

export const webhookEndpoints = defineEndpoints(webhookRoutes, {
  list: { tag, summary: 'Webhook endpoints of the account, with their latest delivery', response: WebhookListSchema },
  create: {
    tag,
    summary: 'Register a webhook endpoint; the answer holds its signing secret, shown once',
    body: WebhookCreateSchema,
    response: WebhookWithSecretSchema,
  },
  update: {
    tag,
    summary: 'Change the URL, the events, or enable or disable the endpoint',
    params,
    body: WebhookUpdateSchema,
    response: WebhookEndpointSchema,
  },
  remove: { tag, summary: 'Delete the endpoint and its delivery history', params, response: z.null() },
  rotateSecret: {
    tag,
    summary: 'A new signing secret, shown once; the previous one also signs for 24 hours',
    params,
    body: z.unknown().optional(),
    response: WebhookWithSecretSchema,
  },
  deliveries: {
    tag,
    summary: 'Delivery attempts of the last 30 days, newest first',
    params,
    response: WebhookDeliveriesSchema,
  },
  resend: {
    tag,
    summary: 'Deliver the event of a delivery again, with the same event id',
    params: WebhookDeliveryParamsSchema,
    body: z.unknown().optional(),
    response: WebhookQueuedSchema,
  },
  test: {
    tag,
    summary: 'Send a ping event to the endpoint',
    params,
    body: z.unknown().optional(),
    response: WebhookQueuedSchema,
  },
});

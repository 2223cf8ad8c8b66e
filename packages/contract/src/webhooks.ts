import { z } from 'zod';

/**
 * Outgoing webhooks (docs/product/webhooks.md): a customer registers HTTPS endpoints and the
 * events each one receives; every delivery is signed with the endpoint's secret. Not the
 * payment providers' incoming webhooks.
 */

/** The events an endpoint may subscribe to, with their labels on the settings page. */
export const WEBHOOK_EVENT_TYPES = [
  'campaign.approved',
  'campaign.rejected',
  'campaign.out_of_funds',
  'campaign.budget_reached',
  'balance.low',
  'balance.runout',
  'deposit.completed',
  'payout.sent',
  'marketplace.order.changed',
  'website.approved',
  'zone.approved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'campaign.approved': 'Campaign approved',
  'campaign.rejected': 'Campaign rejected',
  'campaign.out_of_funds': 'Campaign out of funds',
  'campaign.budget_reached': 'Campaign budget reached',
  'balance.low': 'Balance low',
  'balance.runout': 'Balance runs out soon',
  'deposit.completed': 'Deposit completed',
  'payout.sent': 'Payout sent',
  'marketplace.order.changed': 'Marketplace order changed',
  'website.approved': 'Website approved',
  'zone.approved': 'Zone approved',
};

/** The event "Send test" delivers; no endpoint subscribes to it. */
export const WEBHOOK_PING = 'ping';

/** Endpoints per account. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Longest endpoint URL. */
export const WEBHOOK_URL_MAX = 2000;
/** Header names of a delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'Cryptads-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Cryptads-Event-Id';
/** Standard Webhooks' headers, sent with every delivery alongside Cryptads-Signature. */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
/** A receiver should refuse a signature whose timestamp is further than this from its clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** After a rotation the previous secret still signs (a second v1 value) this long. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** Delivery attempts and their answers are kept this long. */
export const WEBHOOK_HISTORY_DAYS = 30;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a valid URL, starting with https://.',
  urlHttps: 'The URL must start with https://.',
  urlCredentials: 'The URL must not contain a user name or password.',
  urlPrivate: 'This address points to a private or local network. Use a public HTTPS address.',
  urlUnresolved: 'This host name could not be found.',
  eventsRequired: 'Choose at least one event.',
  tooMany: `You can register up to ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  disabled: 'This endpoint is disabled. Enable it first.',
  created: 'Webhook endpoint added.',
  saved: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted.',
  rotated: 'New signing secret created. The previous one keeps working for 24 hours.',
  testQueued: 'Test event sent.',
  resendQueued: 'Delivery queued again.',
  secretOnce: 'Copy this signing secret now. It is shown only once.',
  emptyEndpoints: 'No webhook endpoints yet. Add one to receive events from Cryptads.',
  emptyDeliveries: 'No deliveries yet. Send a test event to see one here.',
  disabledAfterFailures: 'Disabled after three days of failed deliveries.',
  disabledGone: 'Disabled: the endpoint answered 410 Gone.',
  notifyTitle: 'Webhook endpoint disabled',
} as const;

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

const urlText = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.urlInvalid);

const events = z
  .array(WebhookEventTypeSchema)
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const WebhookCreateSchema = z.object({ url: urlText, events });
export type WebhookCreate = z.input<typeof WebhookCreateSchema>;

export const WebhookUpdateSchema = z.object({
  url: urlText.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof WebhookUpdateSchema>;

const id = z.coerce.number({ error: 'The requested resource was not found.' }).int().positive().max(2_147_483_647);
export const WebhookIdParamsSchema = z.object({ id });
export const WebhookDeliveryParamsSchema = z.object({ id, deliveryId: id });

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is disabled when the system disabled it (410, three days of failures); null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  /** The latest attempt: when, and its HTTP status (null: no answer). */
  lastDelivery: z.object({ at: z.string(), statusCode: z.number().int().nullable(), ok: z.boolean() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  max: z.number().int(),
});

/** Creation and rotation answer with the secret: the only time it is shown. */
export const WebhookWithSecretSchema = z.object({ endpoint: WebhookEndpointSchema, secret: z.string() });

export const WebhookAttemptSchema = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  at: z.string(),
  /** 1 for the first try of a delivery; a resend starts again at 1. */
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  ok: z.boolean(),
  /** Timeout, network error, refused address; null when the endpoint answered. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** The first 2 KB of the answer's body. */
  responseBody: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliveriesSchema = z.object({ attempts: z.array(WebhookAttemptSchema) });

export const WebhookQueuedSchema = z.object({ deliveryId: z.number().int(), eventId: z.string() });

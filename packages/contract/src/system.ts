import { z } from 'zod';

/**
 * The configured rules that help texts state (the FAQ's minimum bids, revenue share and
 * deletion delay), so that a deployment that changes one never shows the default. Euros.
 */
export const PublicRulesSchema = z.object({
  /** Minimum CPM bid per campaign type. */
  minimumBids: z.object({
    DISPLAY_TYPE_REGULAR: z.number(),
    DISPLAY_TYPE_PREMIUM: z.number(),
    NATIVE: z.number(),
    APPLICATION: z.number(),
    POPUNDER: z.number(),
  }),
  /** Minimum CPC bid (only Native pays per click). */
  minimumBidsClick: z.object({ NATIVE: z.number() }),
  /** Highest CPM or CPC price. */
  maxPrice: z.number(),
  /** The publisher's share of what advertisers pay, from 0 to 1. */
  revenueShare: z.number().min(0).max(1),
  /** Days from an account deletion request to the deletion. */
  deletionGraceDays: z.number().int(),
});
export type PublicRules = z.infer<typeof PublicRulesSchema>;

/** GET /api/config: what the web app needs to know before anyone logs in. */
export const PublicConfigSchema = z.object({
  productName: z.string(),
  captcha: z.object({
    provider: z.enum(['none', 'turnstile']),
    siteKey: z.string().nullable(),
  }),
  /** True while mail goes to the embedded outbox, readable at /dev/mailbox. */
  devMailbox: z.boolean(),
  supportEmail: z.string(),
  rules: PublicRulesSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/**
 * GET /api/ready: may this process take traffic? (docs/decisions/024-faults-and-readiness.md)
 * Answered 200 when every part is ready, 503 with the same body when one is not, so a load
 * balancer's health check takes a process out while its database writes fail.
 */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  /** What this process runs (PROCESS_ROLE, docs/decisions/030): only its parts are checked. */
  role: z.enum(['all', 'api', 'delivery', 'worker']),
  database: z.object({
    ready: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    /**
     * The probe succeeded in this many ms: a write (in a transaction rolled back) and, where
     * /api is served, the session lookup; null when it failed.
     */
    latencyMs: z.number().nullable(),
    /**
     * Why the probe failed: the step and the SQLSTATE (`write failed (25006)`, `session lookup
     * failed (42P05)`, `no answer within 2000 ms`); null when it succeeded. The process log has
     * the database's own message.
     */
    failure: z.string().nullable(),
    /** When the probe ran (it is cached about a second). */
    checkedAt: z.string(),
  }),
  delivery: z
    .object({
      ready: z.boolean(),
      /** The delivery index was loaded at least once. */
      loaded: z.boolean(),
      /** Seconds since the index was last refreshed from the database; null: never. */
      ageSeconds: z.number().nullable(),
    })
    /** Null in a process that does not serve ads (api, worker). */
    .nullable(),
  recorder: z
    .object({
      ready: z.boolean(),
      /** Delivery events waiting to be written. */
      buffered: z.number().int(),
      /** So many are waiting that delivery serves nothing. */
      saturated: z.boolean(),
      /** Batch writes failed in a row since the last success. */
      consecutiveFailures: z.number().int(),
      lastSuccessAt: z.string().nullable(),
      lastFailureAt: z.string().nullable(),
      /**
       * Where events wait before they are recorded (DELIVERY_STREAM, docs/decisions/028):
       * `buffered` is then the stream's backlog as this process last counted it.
       */
      stream: z.enum(['memory', 'postgres', 'redis', 'journal']),
      /** Events kept in the dead-letter table (an operator retries them); null: not counted here (no consumer). */
      deadLetters: z.number().int().nullable(),
    })
    /** Null in a process that records no delivery events (api). */
    .nullable(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export const MailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
export const MailboxQuerySchema = z.object({ to: z.string().trim().toLowerCase().optional() });

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

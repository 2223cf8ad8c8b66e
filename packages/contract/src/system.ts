import { z } from 'zod';

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

import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { HealthSchema, MailboxMessageSchema, MailboxQuerySchema, PublicConfigSchema, ReadinessSchema } from '../system';
import { systemRoutes } from './system.routes';

const tag = 'system';

export const systemEndpoints = defineEndpoints(systemRoutes, {
  health: { tag, summary: 'Liveness with the database kind and uptime', response: HealthSchema },
  ready: {
    tag,
    summary:
      'Readiness: database writes, the delivery index and the event recorder; 503 with the same body when one is not ready',
    response: ReadinessSchema,
  },
  config: {
    tag,
    summary:
      'Product name, captcha, dev mailbox, support address and the configured rules help texts state, for the web app before login',
    response: PublicConfigSchema,
  },
  mailbox: {
    tag: 'dev',
    summary: 'Mail written by the outbox transport (exists only while it is the transport)',
    query: MailboxQuerySchema,
    response: z.array(MailboxMessageSchema),
  },
});

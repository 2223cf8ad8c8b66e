import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthSchema, MailboxMessageSchema, MailboxQuerySchema, PublicConfigSchema } from '@cryptads/contract/system';
import { readOutbox } from '../../adapters/mail/outbox';
import { ok, replies } from '../../lib/envelope';

const startedAt = Date.now();

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/health', { schema: { tags: ['system'], response: replies(HealthSchema) } }, async () =>
    ok({
      status: 'ok' as const,
      database: ctx.database.kind,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    }),
  );

  app.get('/config', { schema: { tags: ['system'], response: replies(PublicConfigSchema) } }, async () =>
    ok({
      productName: ctx.config.productName,
      captcha: { provider: ctx.captcha.provider, siteKey: ctx.config.captcha.siteKey },
      devMailbox: ctx.mailer.kind === 'outbox',
      supportEmail: ctx.config.supportEmail,
    }),
  );

  // The dev mailbox exists only while the outbox is the mail transport.
  if (ctx.mailer.kind === 'outbox') {
    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Mail written by the outbox transport (exists only while it is the transport)',
          querystring: MailboxQuerySchema,
          response: replies(z.array(MailboxMessageSchema)),
        },
      },
      async (request) => {
        const rows = await readOutbox(ctx.db, request.query.to);
        return ok(
          rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            createdAt: m.createdAt.toISOString(),
          })),
        );
      },
    );
  }
};

export default systemRoutes;

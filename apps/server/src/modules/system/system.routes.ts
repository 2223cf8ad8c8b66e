import { systemEndpoints as api } from '@cryptads/contract/endpoints/system';
import { readOutbox } from '../../adapters/mail/outbox';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-routes';
import { publicConfig } from './system.service';

const startedAt = Date.now();

/** Health, the public configuration and, while the outbox is the mail transport, the dev mailbox. */
export function systemRoutes(ctx: AppContext) {
  return [
    route(api.health, async () => ({
      status: 'ok' as const,
      database: ctx.database.kind,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    })),
    route(api.config, async () => publicConfig(ctx)),
    // The dev mailbox exists only while the outbox is the mail transport.
    ...(ctx.mailer.kind === 'outbox'
      ? [
          route(api.mailbox, async ({ query }) => {
            const rows = await readOutbox(ctx.db, query.to);
            return rows.map((m) => ({
              id: m.id,
              to: m.to,
              subject: m.subject,
              text: m.text,
              html: m.html,
              createdAt: m.createdAt.toISOString(),
            }));
          }),
        ]
      : []),
  ];
}

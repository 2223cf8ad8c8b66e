import { systemEndpoints as api } from '@cryptads/contract/endpoints/system';
import { SYSTEM_MESSAGES } from '@cryptads/contract/system-messages';
import { readOutbox } from '../../adapters/mail/outbox';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-routes';
import { AppError } from '../../lib/errors';
import { ReadinessCheck } from './readiness';
import { devMailboxOpen, publicConfig } from './system.service';

const startedAt = Date.now();

/** Health and readiness: every process role answers them (docs/decisions/030-process-roles.md). */
export function probeRoutes(ctx: AppContext) {
  // Made on the first request, whose server's logger then says why the process is not ready.
  let readiness: ReadinessCheck | undefined;
  return [
    route(api.health, async () => ({
      status: 'ok' as const,
      database: ctx.database.kind,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    })),
    // Load balancers take a process out on 503; the body says which part is not ready.
    route(api.ready, async ({ request }) => {
      readiness ??= new ReadinessCheck(ctx, { log: request.server.log });
      const state = await readiness.check();
      if (!state.ready) throw new AppError(503, SYSTEM_MESSAGES.notReady, { response: state });
      return state;
    }),
  ];
}

/** The probes, the public configuration and, while the outbox is the mail transport, the dev mailbox. */
export function systemRoutes(ctx: AppContext) {
  return [
    ...probeRoutes(ctx),
    route(api.config, async () => publicConfig(ctx)),
    // The dev mailbox exists only while the outbox is the mail transport, never in production.
    ...(devMailboxOpen(ctx)
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

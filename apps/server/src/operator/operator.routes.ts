import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../lib/errors';
import { safeEqual } from '../lib/crypto';
import { ok, replies } from '../lib/envelope';
import { commands } from './registry';

/**
 * POST /api/operator/run: the operator CLI's hand-off to a running server. Answers only
 * from loopback and with the secret of this start (see handoff.ts); hidden from OpenAPI.
 */
export function operatorRoutes(token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/operator/run',
      {
        schema: {
          hide: true,
          body: z.object({ domain: z.string(), action: z.string(), args: z.array(z.string()).max(20) }),
          response: replies(z.object({ output: z.string() })),
        },
      },
      async (request) => {
        const given = request.headers['x-operator-token'];
        const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
        if (!loopback || typeof given !== 'string' || !safeEqual(given, token))
          throw forbidden('Operator commands are local only.');
        const command = commands[request.body.domain]?.[request.body.action];
        if (!command) throw new AppError(404, 'Unknown operator command.');
        try {
          return ok({ output: await command.run(app.ctx, request.body.args) });
        } catch (error) {
          throw new AppError(400, error instanceof Error ? error.message : String(error));
        }
      },
    );
  };
}

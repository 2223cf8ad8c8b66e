import { operatorEndpoints as api } from '@cryptads/contract/endpoints/operator';
import { route } from '../lib/endpoint-routes';
import { forbidden } from '../lib/errors';
import { safeEqual } from '../lib/crypto';
import { outputOf, runOperatorCommand } from './run';

/**
 * POST /api/operator/run: the operator CLI's hand-off to a running server. It takes no
 * session (public in the table): it answers only from loopback and with the secret of this
 * start (see handoff.ts). Registered only when the server was given that secret.
 */
export function operatorRoutes(token: string) {
  return [
    route(api.run, async ({ ctx, request, body }) => {
      const given = request.headers['x-operator-token'];
      const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
      if (!loopback || typeof given !== 'string' || !safeEqual(given, token))
        throw forbidden('Operator commands are local only.');
      // Audited as the command line's (docs/decisions/032).
      const result = await runOperatorCommand(ctx, { kind: 'command line' }, body.domain, body.action, body.args);
      return { output: outputOf(result) };
    }),
  ];
}

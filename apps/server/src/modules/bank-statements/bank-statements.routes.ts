import type { FastifyReply } from 'fastify';
import { bankStatementEndpoints as api } from '@cryptads/contract/endpoints/bank-statements';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/endpoint-routes';
import type { Auth } from '../../plugins/auth';
import { runOperatorCommand } from '../../operator/run';
import { actorOf } from '../audit/audit.service';
import { importStatement, statementLines } from './bank-statements.service';

/** Resolutions run the operator commands through the audited runner; a large match waits for a second operator (202). */
async function run(ctx: AppContext, auth: Auth, reply: FastifyReply, action: string, args: string[]) {
  const result = await runOperatorCommand(ctx, actorOf(auth), 'bank-statement', action, args);
  if ('pendingApproval' in result) return reply.code(202).send(ok(result, 202));
  return result;
}

/** Bank statements in the back office (docs/product/billing.md#bank-statements); operators with two-factor on. */
export const bankStatementRoutes = [
  route(api.importStatement, async ({ ctx, auth, body }) => importStatement(ctx, actorOf(auth), body), {
    // A 2 MB statement, escaped inside JSON.
    bodyLimit: 5_000_000,
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }),
  route(api.lines, async ({ ctx, query }) => statementLines(ctx, query.status)),
  route(api.lineMatch, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'match', [String(params.id), body.paymentId]),
  ),
  route(api.lineHandled, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'handled', [String(params.id), body.note]),
  ),
];

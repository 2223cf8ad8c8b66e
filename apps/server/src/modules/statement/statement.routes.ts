import { statementEndpoints as api } from '@cryptads/contract/endpoints/statement';
import { route } from '../../lib/endpoint-routes';
import { statementCsv, statementFileName, statementOf } from './statement.service';

/** The caller's statement of account and its CSV; paths, roles and schemas are in the contract. */
export const statementRoutes = [
  route(api.get, async ({ ctx, auth, query }) => statementOf(ctx.db, auth.user.id, query)),
  route(api.csv, async ({ ctx, auth, query, reply }) => {
    const csv = await statementCsv(ctx.db, auth.user.id, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${statementFileName(query)}"`)
      .header('cache-control', 'private, no-store')
      .send(`${csv}\r\n`);
  }),
];

import { taxEndpoints as api } from '@cryptads/contract/endpoints/tax';
import { route } from '../../lib/endpoint-routes';
import { ossReturn, ossReturnCsv } from './tax.service';

/** Tax reports for operators; paths, roles and schemas are in the contract. */
export const taxRoutes = [
  route(api.ossReturn, async ({ ctx, query, reply }) => {
    const csv = ossReturnCsv(await ossReturn(ctx.db, query.quarter), query.quarter);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="oss-return-${query.quarter}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(`${csv}\r\n`);
  }),
];

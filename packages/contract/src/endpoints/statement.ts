import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { StatementCsvQuerySchema, StatementQuerySchema, StatementSchema } from '../statement';
import { statementRoutes } from './statement.routes';

const tag = 'billing';

export const statementEndpoints = defineEndpoints(statementRoutes, {
  get: {
    tag,
    summary: 'The statement of account: every movement of the balance in a period, with the running balance',
    description:
      'Oldest first; opening and closing balance of the period (UTC days, both included); search by description; paged.',
    query: StatementQuerySchema,
    response: StatementSchema,
  },
  csv: {
    tag,
    summary: 'The statement of a period as CSV (text/csv), every line, amounts in exact euros',
    query: StatementCsvQuerySchema,
    response: z.null(),
  },
});

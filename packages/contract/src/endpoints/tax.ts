import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { VatQuarterSchema } from '../vat';
import { taxRoutes } from './tax.routes';

export const taxEndpoints = defineEndpoints(taxRoutes, {
  ossReturn: {
    tag: 'admin',
    summary: 'The One-Stop Shop return of a quarter as CSV (text/csv): VAT per member state and rate',
    description:
      'Payments received in the quarter whose VAT is owed to another member state, from the stored payments and their ledger postings. A quarter without any has one line under the header: "No EU consumer sales in 2026-Q3."',
    query: z.object({ quarter: VatQuarterSchema }),
    response: z.null(),
  },
});

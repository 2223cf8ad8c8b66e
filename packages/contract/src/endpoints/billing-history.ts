import { z } from 'zod';
import { BillingHistoryListSchema, BillingHistoryUniqueParamsSchema } from '../billing-history';
import { defineEndpoints } from '../endpoint';
import { billingHistoryRoutes } from './billing-history.routes';

const tag = 'billing';

export const billingHistoryEndpoints = defineEndpoints(billingHistoryRoutes, {
  list: {
    tag,
    summary: 'Deposits, payouts and credit notes of the account, newest first, with their documents',
    response: BillingHistoryListSchema,
  },
  download: {
    tag,
    summary: 'The PDF of a history row (application/pdf; the file name is in Content-Disposition)',
    description: "404 when the row is not the caller's or has no document.",
    params: BillingHistoryUniqueParamsSchema,
    response: z.null(),
  },
});

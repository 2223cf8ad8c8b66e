import { billingHistoryEndpoints as api } from '@cryptads/contract/endpoints/billing-history';
import { route } from '../../lib/endpoint-routes';
import * as invoices from './invoices.service';

/** Billing history and invoice downloads (docs/product/billing.md#api); paths, roles and schemas are in the contract. */
export const billingHistoryRoutes = [
  route(api.list, async ({ ctx, auth }) => invoices.billingHistory(ctx, auth.user.id)),
  route(api.download, async ({ ctx, auth, params, reply }) => {
    const { pdf, fileName } = await invoices.historyDocument(ctx, auth.user.id, params.unique);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }),
];

import { useMutation } from '@tanstack/react-query';
import { DEFAULT_INVOICE_FILE_NAME } from '@cryptads/contract/billing-messages';
import { buildPath } from '@cryptads/contract/endpoint';
import { billingHistoryRoutes } from '@cryptads/contract/endpoints/billing-history.routes';
import { apiDownload } from '../../../lib/api-client';
import { billingHistoryKeys } from './keys';

/**
 * GET /api/billing/history/{unique}: the row's PDF, saved under the name the server gives in
 * Content-Disposition (docs/product/billing.md#api; 'Invoice.pdf' when it names none).
 */
export async function downloadInvoice(unique: string) {
  const file = await apiDownload(buildPath(billingHistoryRoutes.download.path, { unique }));
  const fileName = file.fileName ?? DEFAULT_INVOICE_FILE_NAME;
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { fileName };
}

export const useDownloadInvoice = (unique: string) =>
  useMutation({ mutationKey: billingHistoryKeys.download(unique), mutationFn: () => downloadInvoice(unique) });

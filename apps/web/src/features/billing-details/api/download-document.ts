import { useMutation } from '@tanstack/react-query';
import { buildPath } from '@cryptads/contract/endpoint';
import { billingDetailsRoutes } from '@cryptads/contract/endpoints/billing-details.routes';
import type { BillingDocument } from '@cryptads/contract/billing-profile';
import { apiDownload } from '../../../lib/api-client';
import { billingDetailsKeys } from './keys';

/** GET /api/billing/documents/{id}/file: the owner's own file, fetched with the session and saved. */
export async function downloadDocument(document: BillingDocument) {
  const file = await apiDownload(buildPath(billingDetailsRoutes.documentFile.path, { id: document.id }));
  const url = URL.createObjectURL(file.blob);
  const a = window.document.createElement('a');
  a.href = url;
  a.download = file.fileName ?? document.name;
  window.document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useDownloadDocument = (document: BillingDocument) =>
  useMutation({ mutationKey: billingDetailsKeys.download(document.id), mutationFn: () => downloadDocument(document) });

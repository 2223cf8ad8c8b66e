import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../lib/api/keys';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** Reads a chosen file as a data URL, the way POST /api/billing/document takes it. */
export const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

/** POST /api/billing/document: the server recognises the file by its content (docs/product/billing.md#documents). */
export const uploadDocument = async (file: File) =>
  billingDetailsApi.uploadDocument({ body: { name: file.name, file: await readAsDataUrl(file) } });

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: billingDetailsKeys.upload(),
    mutationFn: uploadDocument,
    onSuccess: (result) => {
      queryClient.setQueryData(billingDetailsKeys.profile(), result.profile);
      void queryClient.invalidateQueries({ queryKey: userKeys.details() });
      return queryClient.invalidateQueries({ queryKey: billingDetailsKeys.all });
    },
  });
}

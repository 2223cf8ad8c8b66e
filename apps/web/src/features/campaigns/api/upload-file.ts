import { useMutation } from '@tanstack/react-query';
import type { UploadRequest } from '@cryptads/contract/campaigns';
import { uploadsApi } from './client';

/** POST /api/uploads: the file as a data URL; the server checks type, weight and size. */
export const uploadFile = (input: UploadRequest) => uploadsApi.create({ body: input });

export const useUploadFile = () => useMutation({ mutationFn: uploadFile });

/** Reads a chosen file as a data URL for the upload call. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

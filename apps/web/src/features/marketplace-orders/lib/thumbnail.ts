import { MARKETPLACE_LIMITS as L, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';

/** The image's natural size as the browser decodes it; null when it cannot be decoded. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Types the server accepts (it checks the bytes again: PNG, JPEG, GIF or WebP). */
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type ThumbnailCheck = { ok: true; icon: { name: string; resource: string } } | { ok: false; message: string };

/**
 * The cover thumbnail's rules (docs/product/marketplace.md#request-a-listing), checked before anything is sent: an image,
 * at most 300 KB, exactly 128x128 by its natural size.
 */
export async function checkThumbnail(
  file: File,
  read = { size: readImageSize, data: readDataUrl },
): Promise<ThumbnailCheck> {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) return { ok: false, message: M.invalidFileFormat };
  if (file.size > L.thumbnailMaxBytes) return { ok: false, message: M.thumbnailTooLarge };
  const size = await read.size(file);
  if (!size) return { ok: false, message: M.invalidFileFormat };
  if (size.width !== L.thumbnailSize || size.height !== L.thumbnailSize) return { ok: false, message: M.thumbnailSize };
  return { ok: true, icon: { name: file.name, resource: await read.data(file) } };
}

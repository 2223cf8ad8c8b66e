import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '@cryptads/contract/image-widths';
import type { Storage } from '../../adapters/storage/port';

/**
 * A stored picture at one of IMAGE_WIDTHS, as AVIF or WebP when the browser's Accept takes
 * them (else in its own format), made once with sharp and kept in the storage beside the
 * original (`<key>-w<width>.<format>`). Only our own pictures (PNG, JPEG, WebP) are resized;
 * a GIF, which may move, is served as it is.
 */

const RESIZABLE = /^([A-Za-z0-9_-]+)\.(png|jpg|webp)$/;
export type VariantFormat = 'avif' | 'webp' | 'png' | 'jpg';

export const isImageWidth = (value: number): value is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(value);

/** The best format this Accept header takes, AVIF first; null: the original's own. */
export function acceptedFormat(accept: string | undefined): 'avif' | 'webp' | null {
  const types = (accept ?? '').toLowerCase();
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return null;
}

/** The variant's key, or null for a key that is not resized (GIF, or not one of ours). */
export function variantKey(key: string, width: ImageWidth, format: 'avif' | 'webp' | null): string | null {
  const m = RESIZABLE.exec(key);
  if (!m) return null;
  return `${m[1]}-w${width}.${format ?? m[2]}`;
}

/** Makes (or reads back) the variant; null when the original does not exist. */
export async function imageVariant(
  storage: Storage,
  key: string,
  width: ImageWidth,
  format: 'avif' | 'webp' | null,
): Promise<{ key: string; bytes: Buffer } | null> {
  const target = variantKey(key, width, format);
  if (!target) return null;
  const kept = await storage.get(target);
  if (kept) return { key: target, bytes: kept };
  const original = await storage.get(key);
  if (!original) return null;
  const resized = sharp(original).resize({ width, withoutEnlargement: true });
  const out = target.slice(target.lastIndexOf('.') + 1) as VariantFormat;
  const bytes = await (out === 'avif'
    ? resized.avif({ quality: 55, effort: 2 })
    : out === 'webp'
      ? resized.webp({ quality: 78 })
      : out === 'png'
        ? resized.png({ compressionLevel: 9 })
        : resized.jpeg({ quality: 82, mozjpeg: true })
  ).toBuffer();
  // Two requests may make the same variant at once: the second write finds the first's file.
  await storage.put(target, bytes).catch(() => undefined);
  return { key: target, bytes };
}

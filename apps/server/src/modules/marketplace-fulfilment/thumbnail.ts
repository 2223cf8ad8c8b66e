import { MARKETPLACE_LIMITS as L, MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { badRequest } from '../../lib/errors';
import { decodesFully } from '../../lib/image-decode';
import { probeImage } from '../../lib/image-probe';

/**
 * A requested listing's thumbnail (docs/product/marketplace.md#request-a-listing), judged by its bytes only: PNG, JPEG, GIF or
 * WebP by their magic bytes, exactly 128x128 read from the header, at most 300 KB decoded.
 * lib/image-probe knows PNG, GIF and JPEG (the creatives' types); WebP is read here.
 */

export type Thumbnail = { bytes: Buffer; type: 'png' | 'jpeg' | 'gif' | 'webp'; extension: string };

/** WebP (RIFF container): the canvas size of VP8X, or the frame size of VP8 (lossy) and VP8L (lossless). */
export function probeWebp(b: Buffer): { width: number; height: number } | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), then the start code 9d 01 2a and two 14-bit sizes.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}

const EXTENSIONS = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' } as const;
const NAME_TYPES: Record<string, Thumbnail['type']> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

/** The bytes of a data URL ('data:image/png;base64,...') or of bare base64; null when it is neither. */
export function decodeBase64Image(resource: string): Buffer | null {
  const isDataUrl = resource.startsWith('data:');
  const comma = resource.indexOf(',');
  if (isDataUrl && (comma < 0 || !resource.slice(0, comma).endsWith(';base64'))) return null;
  const clean = (isDataUrl ? resource.slice(comma + 1) : resource).replace(/\s+/g, '');
  if (clean.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  return Buffer.from(clean, 'base64');
}

/** Checks the thumbnail or throws 400 with the product's message. */
export function checkThumbnail(icon: { name: string; resource: string }): Thumbnail {
  const bytes = decodeBase64Image(icon.resource);
  if (!bytes || bytes.length === 0) throw badRequest(M.invalidFileFormat);
  const probed = probeImage(bytes);
  const webp = probed ? null : probeWebp(bytes);
  const found = probed ?? (webp ? { type: 'webp' as const, ...webp } : null);
  if (!found || found.width <= 0 || found.height <= 0) throw badRequest(M.invalidFileFormat);
  // A name that says another type than the content is a renamed file: refused like creatives are.
  const ext = /\.([A-Za-z0-9]+)$/.exec(icon.name)?.[1]?.toLowerCase();
  if (ext !== undefined && NAME_TYPES[ext] !== found.type) throw badRequest(M.invalidFileFormat);
  if (bytes.length > L.thumbnailMaxBytes) throw badRequest(M.thumbnailTooLarge);
  if (found.width !== L.thumbnailSize || found.height !== L.thumbnailSize) throw badRequest(M.thumbnailSize);
  // A valid header over data cut short is refused: the whole image must decode (WebP: its container).
  if (!decodesFully(bytes, found.type)) throw badRequest(M.invalidFileFormat);
  return { bytes, type: found.type, extension: EXTENSIONS[found.type] };
}

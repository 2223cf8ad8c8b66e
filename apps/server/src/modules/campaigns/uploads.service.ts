import { randomBytes } from 'node:crypto';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES as M,
  DISPLAY_SIZES,
  matchBannerSize,
  type UploadRequestSchema,
  type UploadResponse,
} from '@cryptads/contract/campaigns';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema/campaigns';
import { badRequest } from '../../lib/errors';
import { type ImageInfo, probeImage } from '../../lib/image-probe';
import type { UserRow } from '../sessions/sessions.service';

export type UploadRow = typeof uploads.$inferSelect;
type UploadInput = z.output<typeof UploadRequestSchema>;

/** Public address of a stored file (outside /api; the key is random and unguessable). */
export const uploadUrl = (storageKey: string) => `/uploads/${storageKey}`;

const EXTENSION: Record<ImageInfo['type'], 'png' | 'jpg' | 'gif'> = { png: 'png', jpeg: 'jpg', gif: 'gif' };
const NAME_TYPES: Record<string, ImageInfo['type']> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif' };

/** The bytes of a data URL ('data:image/png;base64,...') or of bare base64. */
function decodeData(data: string): Buffer {
  const comma = data.indexOf(',');
  const payload = data.startsWith('data:') ? data.slice(comma + 1) : data;
  if (data.startsWith('data:') && (comma < 0 || !data.slice(0, comma).endsWith(';base64')))
    throw badRequest(M.invalidFileFormat);
  const clean = payload.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw badRequest(M.invalidFileFormat);
  return Buffer.from(clean, 'base64');
}

/**
 * The checks of spec 002 §5, by content: real type from the magic bytes (jpg/png/gif for
 * banners, no gif for native images, and a file name whose extension says another type
 * is refused), size strictly under 300,000 bytes, dimensions from the header.
 * Answers the slot size the file fills.
 */
export function checkUpload(input: Pick<UploadInput, 'purpose' | 'size' | 'name'>, bytes: Buffer) {
  if (bytes.length === 0) throw badRequest(M.fileRequired);
  const info = probeImage(bytes);
  if (!info) throw badRequest(M.invalidFileFormat);
  if (input.purpose !== 'banner' && info.type === 'gif') throw badRequest(M.invalidFileFormat);
  const ext = /\.([A-Za-z0-9]+)$/.exec(input.name)?.[1]?.toLowerCase();
  if (ext !== undefined && NAME_TYPES[ext] !== info.type) throw badRequest(M.invalidFileFormat);
  if (bytes.length >= CAMPAIGN_LIMITS.maxCreativeSize) throw badRequest(M.fileTooLarge);

  const { width, height } = info;
  let size: string;
  if (input.purpose === 'thumbnail') {
    const t = CAMPAIGN_LIMITS.thumbnail;
    if (width !== t.width || height !== t.height) throw badRequest(M.thumbnailSize);
    size = `${width}x${height}`;
  } else if (input.purpose === 'cover') {
    const c = CAMPAIGN_LIMITS.cover;
    if (width !== c.width || height !== c.height) throw badRequest(M.coverSize);
    size = `${width}x${height}`;
  } else if (input.size) {
    const match = matchBannerSize(width, height, [input.size]);
    if (!match) throw badRequest(M.changeBannerSize(input.size));
    size = match;
  } else {
    const match = matchBannerSize(width, height, DISPLAY_SIZES);
    if (!match) throw badRequest(M.bannerSizes(DISPLAY_SIZES));
    size = match;
  }
  return { info, size };
}

export const presentUpload = (row: UploadRow): UploadResponse => ({
  resource: row.id,
  name: row.name,
  width: row.width,
  height: row.height,
  size: row.size,
  url: uploadUrl(row.storageKey),
  mime: row.mime,
  bytes: row.bytes,
});

/** POST /uploads: checks the file, stores it under a random key and records who owns it. */
export async function createUpload(ctx: AppContext, user: UserRow, input: UploadInput): Promise<UploadResponse> {
  const bytes = decodeData(input.data);
  const { info, size } = checkUpload(input, bytes);
  const storageKey = `${randomBytes(24).toString('base64url')}.${EXTENSION[info.type]}`;
  await ctx.storage.put(storageKey, bytes);
  const [row] = await ctx.db
    .insert(uploads)
    .values({
      id: randomBytes(12).toString('base64url'),
      ownerId: user.id,
      purpose: input.purpose,
      name: input.name || `${input.purpose}.${EXTENSION[info.type]}`,
      mime: info.mime,
      width: info.width,
      height: info.height,
      size,
      bytes: bytes.length,
      storageKey,
    })
    .returning();
  if (!row) throw new Error('upload insert returned nothing');
  return presentUpload(row);
}

import { randomBytes } from 'node:crypto';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES as M,
  DISPLAY_SIZES,
  matchBannerSize,
  type UploadRequestSchema,
  type UploadResponse,
} from '@cryptads/contract/campaigns';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema/campaigns';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors';
import { decodesFully } from '../../lib/image-decode';
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
 * The checks of docs/product/campaigns.md#creatives, by content: real type from the magic bytes (jpg/png/gif for
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
  // Dimensions are known to be a slot's: now decode every pixel (a cut file has a valid header).
  if (!decodesFully(bytes, info.type)) throw badRequest(M.damagedImage);
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

const HOUR_MS = 3_600_000;

/**
 * POST /uploads: checks the file, records it (within the account's quota and hourly rate)
 * and only then writes it to storage under a random key (docs/decisions/023). The row is
 * committed first: a failed write deletes it again, and a crash in between leaves a row
 * without a file, which the cleanup job removes as unattached; never a file without a row.
 */
export async function createUpload(ctx: AppContext, user: UserRow, input: UploadInput): Promise<UploadResponse> {
  const bytes = decodeData(input.data);
  const { info, size } = checkUpload(input, bytes);
  const storageKey = `${randomBytes(24).toString('base64url')}.${EXTENSION[info.type]}`;
  const limits = ctx.config.uploads;
  const row = await ctx.db.transaction(async (tx) => {
    // One upload at a time per account: a burst cannot pass the quota together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${user.id}`}, 0))`);
    const [usage] = await tx
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`,
        lastHour: sql<number>`count(*) filter (where ${uploads.createdAt} > ${new Date(Date.now() - HOUR_MS)})::int`,
      })
      .from(uploads)
      .where(eq(uploads.ownerId, user.id));
    const used = {
      files: Number(usage?.files ?? 0),
      bytes: Number(usage?.bytes ?? 0),
      lastHour: Number(usage?.lastHour ?? 0),
    };
    if (used.lastHour >= limits.ratePerHour) throw tooManyRequests(M.uploadRateLimit(limits.ratePerHour), 3600);
    if (used.files >= limits.quotaFiles) throw conflict(M.uploadQuotaFiles(limits.quotaFiles));
    if (used.bytes + bytes.length > limits.quotaBytes)
      throw conflict(M.uploadQuotaBytes(Math.round(limits.quotaBytes / 1_000_000)));
    const [inserted] = await tx
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
    if (!inserted) throw new Error('upload insert returned nothing');
    return inserted;
  });
  try {
    await ctx.storage.put(storageKey, bytes);
  } catch (error) {
    // Nothing half-done stays: a partial file and the row both go.
    await ctx.storage.remove(storageKey).catch(() => {});
    await ctx.db.delete(uploads).where(eq(uploads.id, row.id));
    throw error;
  }
  return presentUpload(row);
}

/**
 * Deletes the uploads that no creative (live or deleted) and no wizard draft refers to,
 * older than UPLOAD_UNATTACHED_HOURS: rows first (one statement, so a creative attaching one
 * at that moment either keeps it or fails on its foreign key), then their files.
 */
export async function removeUnattachedUploads(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.uploads.unattachedHours * HOUR_MS);
  const removed = await ctx.db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, cutoff),
        sql`not exists (select 1 from creatives c where c.upload_id = ${uploads.id} or c.thumbnail_upload_id = ${uploads.id})`,
        // A draft is free-form JSON; the random 16-character id is searched in its text.
        sql`not exists (select 1 from campaign_drafts d where d.owner_id = ${uploads.ownerId} and strpos(d.data::text, ${uploads.id}) > 0)`,
      ),
    )
    .returning({ storageKey: uploads.storageKey });
  for (const { storageKey } of removed) await ctx.storage.remove(storageKey);
  return removed.length;
}

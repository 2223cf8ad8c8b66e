/**
 * The creatives of a campaign: banners (display) and native ads, made from the advertiser's
 * own uploads. Adding or changing one sends the campaign back to review.
 */

import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  AdFormat,
  CAMPAIGN_MESSAGES as M,
  type CampaignKind,
  isNativeKind,
  KIND_AD_FORMAT,
  type NativeCreativeInput,
  type ResourceRef,
} from '@cryptads/contract/campaigns';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { badRequest, notFound } from '../../lib/errors';
import { emitEvent } from '../events/events';
import type { UserRow } from '../sessions/sessions.service';
import { assertEditable, backToReview, type CampaignRow, loadOwned } from './campaign-access';
import { creativesResponse } from './campaign-presenter';
import type { UploadRow } from './uploads.service';

/** Uploads by resource id: each must be this advertiser's and of the expected purpose. */
async function ownedUploads(db: DbOrTx, ownerId: number, wanted: { resource: string; purpose: string }[]) {
  const ids = [...new Set(wanted.map((w) => w.resource))];
  if (ids.length === 0) return new Map<string, UploadRow>();
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const w of wanted) {
    const row = byId.get(w.resource);
    if (!row) throw badRequest(M.creativeMissing);
    if (row.purpose !== w.purpose) throw badRequest(M.creativePurpose);
  }
  return byId;
}

export type ResourceOut = { resource: string; name: string };

/** New banner rows: each size once, counting the campaign's existing banners. */
export async function bannerRows(
  db: DbOrTx,
  ownerId: number,
  campaignId: number,
  refs: ResourceOut[],
  taken: string[],
) {
  const files = await ownedUploads(
    db,
    ownerId,
    refs.map((r) => ({ resource: r.resource, purpose: 'banner' })),
  );
  const used = new Set(taken);
  return refs.map((r) => {
    const file = files.get(r.resource) as UploadRow;
    if (used.has(file.size)) throw badRequest(M.bannerSizeTwice(file.size));
    used.add(file.size);
    return {
      campaignId,
      format: AdFormat.Banner,
      size: file.size,
      name: r.name || file.name,
      uploadId: file.id,
    };
  });
}

export type NativeOut = Omit<NativeCreativeInput, 'thumbnail' | 'cover'> & {
  thumbnail?: ResourceRef | null;
  cover?: ResourceRef | null;
};

export async function nativeRows(
  db: DbOrTx,
  ownerId: number,
  campaignId: number,
  kind: CampaignKind,
  ads: NativeOut[],
) {
  for (const ad of ads) {
    if (!ad.thumbnail) throw badRequest(M.thumbnailRequired);
    if (!ad.cover) throw badRequest(M.coverRequired);
  }
  await ownedUploads(
    db,
    ownerId,
    ads.flatMap((a) => [
      { resource: a.thumbnail?.resource ?? '', purpose: 'thumbnail' },
      { resource: a.cover?.resource ?? '', purpose: 'cover' },
    ]),
  );
  return ads.map((a) => ({
    campaignId,
    format: KIND_AD_FORMAT[kind],
    size: '',
    name: a.title,
    uploadId: a.cover?.resource as string,
    thumbnailUploadId: a.thumbnail?.resource as string,
    title: a.title,
    smallDescription: a.smallDescription,
    longDescription: a.longDescription,
    callToAction: a.callToAction,
    destinationWebsite: a.destinationWebsite,
    serviceName: a.serviceName,
  }));
}

async function liveCreatives(db: DbOrTx, campaignId: number) {
  return db
    .select()
    .from(creatives)
    .where(and(eq(creatives.campaignId, campaignId), isNull(creatives.deletedAt)))
    .orderBy(asc(creatives.id));
}

/** PUT /campaigns/{id}/creatives: add banners (display) or native ads; back to review. */
export async function addCreatives(
  ctx: AppContext,
  user: UserRow,
  id: number,
  input: { creatives: ResourceOut[]; nativeCreatives: NativeOut[] },
) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const kind = c.kind as CampaignKind;
    if (kind === 'display') {
      if (input.nativeCreatives.length > 0) throw badRequest(M.creativesNotForKind);
      if (input.creatives.length === 0) throw badRequest(M.bannerRequired);
      const existing = await liveCreatives(tx, c.id);
      const rows = await bannerRows(
        tx,
        user.id,
        c.id,
        input.creatives,
        existing.map((e) => e.size),
      );
      await tx.insert(creatives).values(rows);
    } else if (isNativeKind(kind)) {
      if (input.creatives.length > 0) throw badRequest(M.creativesNotForKind);
      if (input.nativeCreatives.length === 0) throw badRequest(M.thumbnailRequired);
      await tx.insert(creatives).values(await nativeRows(tx, user.id, c.id, kind, input.nativeCreatives));
    } else throw badRequest(M.creativesNotForKind);
    await tx
      .update(campaigns)
      .set({ ...backToReview, updatedAt: new Date() })
      .where(eq(campaigns.id, c.id));
    await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
    return creativesResponse(tx, c);
  });
}

async function loadCreative(db: DbOrTx, c: CampaignRow, creativeId: number) {
  const [row] = await db
    .select()
    .from(creatives)
    .where(and(eq(creatives.id, creativeId), eq(creatives.campaignId, c.id), isNull(creatives.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** PUT /campaigns/{id}/creatives/{creativeId}: a banner's new file, same size or its x2. */
export async function changeBanner(ctx: AppContext, user: UserRow, id: number, creativeId: number, input: ResourceOut) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const creative = await loadCreative(tx, c, creativeId);
    if (creative.format !== AdFormat.Banner) throw badRequest(M.creativesNotForKind);
    const files = await ownedUploads(tx, user.id, [{ resource: input.resource, purpose: 'banner' }]);
    const file = files.get(input.resource) as UploadRow;
    if (file.size !== creative.size) throw badRequest(M.changeBannerSize(creative.size));
    await tx
      .update(creatives)
      .set({ uploadId: file.id, name: input.name || file.name })
      .where(eq(creatives.id, creative.id));
    await tx
      .update(campaigns)
      .set({ ...backToReview, updatedAt: new Date() })
      .where(eq(campaigns.id, c.id));
    await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
    return creativesResponse(tx, c);
  });
}

/** DELETE /campaigns/{id}/creatives: refused when locked; the last creative stays. */
export async function deleteCreative(ctx: AppContext, user: UserRow, id: number, creativeId: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const creative = await loadCreative(tx, c, creativeId);
    const live = await liveCreatives(tx, c.id);
    if (live.length <= 1) throw badRequest(M.lastCreative);
    await tx.update(creatives).set({ deletedAt: new Date() }).where(eq(creatives.id, creative.id));
    await tx.update(campaigns).set({ updatedAt: new Date() }).where(eq(campaigns.id, c.id));
    await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
    return creativesResponse(tx, c);
  });
}

import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  AD_FORMAT_LABELS,
  AdFormat,
  CAMPAIGN_KIND_LABELS,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES as M,
  CAMPAIGN_KINDS,
  type CampaignCreate,
  type CampaignDetail,
  type CampaignFields,
  type CampaignKind,
  type CampaignListRow,
  type CampaignOptions,
  type CampaignPreview,
  CampaignStatus,
  type CampaignStatusResponse,
  type Creative,
  type Draft,
  DISPLAY_SIZES,
  KIND_AD_FORMAT,
  type NativeCreativeInput,
  type PricingOptions,
  RUNNING_STATUSES,
  type ResourceRef,
  type Sharing,
  type StatusAction,
  campaignStatusLabel,
  coupleCapping,
  isNativeKind,
  statusLive,
  statusTransition,
} from '@cryptads/contract/campaigns';
import { eurosToMicros, microsToEuros } from '@cryptads/contract/money';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaignBlacklists, campaignDrafts, campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { CATEGORIES, CATEGORY_IDS } from '../../data/categories';
import { COUNTRIES, COUNTRY_CODES, COUNTRY_GROUPS } from '../../data/countries';
import { badRequest, notFound } from '../../lib/errors';
import { campaignFigures, type ListFigures, NO_FIGURES } from '../reports/reports.service';
import type { UserRow } from '../sessions/sessions.service';
import { type UploadRow, uploadUrl } from './uploads.service';

export type CampaignRow = typeof campaigns.$inferSelect;
type CreativeRow = typeof creatives.$inferSelect;

// ---------------------------------------------------------------- options

/** GET /campaigns/options: what the wizards offer, with the configured bids and prices. */
export function campaignOptions(config: Config): CampaignOptions {
  const { minimumBids, minimumBidsClick, maxPrice } = config.campaigns;
  const banner = { format: AdFormat.Banner, label: AD_FORMAT_LABELS[AdFormat.Banner], sizes: [...DISPLAY_SIZES] };
  const premiumOnly = [AdFormat.StickyBanner, AdFormat.HeaderBanner].map((format) => ({
    trafficType: 1,
    format,
    label: AD_FORMAT_LABELS[format],
    sizes: [] as string[],
    disabled: true,
    note: M.premiumFormatNote,
  }));
  return {
    countries: COUNTRIES,
    countryGroups: COUNTRY_GROUPS,
    categories: CATEGORIES,
    creativeTypes: CAMPAIGN_KINDS.map((kind) => ({
      kind,
      label: CAMPAIGN_KIND_LABELS[kind],
      format: KIND_AD_FORMAT[kind],
    })),
    maxCreativeSize: CAMPAIGN_LIMITS.maxCreativeSize,
    minimumBids,
    minimumBidsClick,
    adFormats: [
      { trafficType: 0, ...banner, disabled: false, note: null },
      { trafficType: 1, ...banner, disabled: false, note: null },
      ...premiumOnly,
    ],
    maxPrices: CAMPAIGN_KINDS.flatMap((campaignType) =>
      ([0, 1] as const).flatMap((paymentType) =>
        [false, true].map((premium) => ({ campaignType, paymentType, premium, price: maxPrice })),
      ),
    ),
  };
}

export const pricingOptions = (config: Config): PricingOptions => {
  const o = campaignOptions(config);
  return { minimumBids: o.minimumBids, minimumBidsClick: o.minimumBidsClick, maxPrices: o.maxPrices };
};

// ---------------------------------------------------------------- loading and presenting

/** A campaign of this advertiser, or 404 (another advertiser's id answers the same). */
export async function loadOwned(db: DbOrTx, ownerId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, ownerId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

const iso = (d: Date) => d.toISOString();

function listRow(c: CampaignRow, figures: ListFigures = NO_FIGURES): CampaignListRow {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind as CampaignKind,
    kindLabel: CAMPAIGN_KIND_LABELS[c.kind as CampaignKind],
    status: c.status,
    statusLabel: campaignStatusLabel(c.status),
    statusLive: statusLive(c.status),
    isLocked: c.isLocked,
    date: iso(c.createdAt),
    price: microsToEuros(c.priceMicros, 3),
    paymentMode: c.paymentMode,
    permalink: c.permalink,
    // Lifetime figures from the daily totals the recorder keeps (reports.service).
    ...figures,
  };
}

async function creativesOf(db: DbOrTx, campaignIds: number[], locked: Map<number, boolean>) {
  if (campaignIds.length === 0) return new Map<number, Creative[]>();
  const rows = await db
    .select()
    .from(creatives)
    .where(and(inArray(creatives.campaignId, campaignIds), isNull(creatives.deletedAt)))
    .orderBy(asc(creatives.id));
  const uploadIds = [
    ...new Set(rows.flatMap((r) => [r.uploadId, r.thumbnailUploadId].filter((x): x is string => !!x))),
  ];
  const files = uploadIds.length ? await db.select().from(uploads).where(inArray(uploads.id, uploadIds)) : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  const out = new Map<number, Creative[]>();
  for (const r of rows) {
    const list = out.get(r.campaignId) ?? [];
    list.push(presentCreative(r, byId, locked.get(r.campaignId) ?? false));
    out.set(r.campaignId, list);
  }
  return out;
}

function ref(file: UploadRow | undefined) {
  return {
    resource: file?.id ?? '',
    name: file?.name ?? '',
    url: file ? uploadUrl(file.storageKey) : '',
    width: file?.width ?? 0,
    height: file?.height ?? 0,
  };
}

function presentCreative(r: CreativeRow, files: Map<string, UploadRow>, campaignLocked: boolean): Creative {
  const main = files.get(r.uploadId);
  const isNative = r.format === AdFormat.Native || r.format === AdFormat.NativeApp;
  return {
    id: r.id,
    format: r.format,
    formatLabel: AD_FORMAT_LABELS[r.format as AdFormat] ?? '',
    size: r.size,
    name: r.name,
    resource: r.uploadId,
    url: main ? uploadUrl(main.storageKey) : '',
    width: main?.width ?? 0,
    height: main?.height ?? 0,
    campaignLocked,
    native: isNative
      ? {
          title: r.title ?? '',
          smallDescription: r.smallDescription ?? '',
          longDescription: r.longDescription ?? '',
          callToAction: r.callToAction ?? '',
          destinationWebsite: r.destinationWebsite ?? '',
          serviceName: r.serviceName ?? '',
          thumbnail: ref(r.thumbnailUploadId ? files.get(r.thumbnailUploadId) : undefined),
          cover: ref(main),
        }
      : null,
  };
}

async function detailOf(db: DbOrTx, c: CampaignRow): Promise<CampaignDetail> {
  const list = (await creativesOf(db, [c.id], new Map([[c.id, c.isLocked]]))).get(c.id) ?? [];
  const figures = (await campaignFigures(db, [c.id])).get(c.id);
  return {
    ...listRow(c, figures),
    trafficType: c.trafficType,
    landingUrl: c.landingUrl,
    runAfterApproval: c.runAfterApproval,
    dailyBudget: microsToEuros(c.dailyBudgetMicros),
    throttleBudget: c.throttleBudget,
    budgetFlag: c.budgetFlag,
    budget: c.budgetMicros === null ? null : microsToEuros(c.budgetMicros),
    capping: c.capping,
    cappingTime: c.cappingTime,
    device: c.device,
    countries: c.countries,
    isAllCountries: c.countries.length === 0,
    category: c.category,
    excludeFlag: c.excludeFlag,
    excludeList: c.excludeList,
    sharingEnabled: c.sharingEnabled,
    updatedAt: iso(c.updatedAt),
    creatives: list,
  };
}

const statusResponse = (c: Pick<CampaignRow, 'id' | 'status'>): CampaignStatusResponse => ({
  id: c.id,
  status: c.status,
  statusLabel: campaignStatusLabel(c.status),
  statusLive: statusLive(c.status),
});

// ---------------------------------------------------------------- reading

/**
 * GET /campaigns: flags select statuses (running = the delivering-type values); without
 * any flag every campaign except archived ones. Sorted by status, then newest first.
 */
export async function listCampaigns(
  ctx: AppContext,
  user: UserRow,
  q: { archived: boolean; running: boolean; paused: boolean; pending: boolean; rejected: boolean },
) {
  const statuses: number[] = [];
  if (q.running) statuses.push(...RUNNING_STATUSES);
  if (q.paused) statuses.push(CampaignStatus.Paused);
  if (q.pending) statuses.push(CampaignStatus.Pending);
  if (q.rejected) statuses.push(CampaignStatus.Rejected);
  if (q.archived) statuses.push(CampaignStatus.Archived);
  const where =
    statuses.length > 0
      ? and(eq(campaigns.ownerId, user.id), inArray(campaigns.status, statuses))
      : and(eq(campaigns.ownerId, user.id), ne(campaigns.status, CampaignStatus.Archived));
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(asc(campaigns.status), desc(campaigns.createdAt), desc(campaigns.id));
  const ids = rows.map((c) => c.id);
  const figures = await campaignFigures(ctx.db, ids);
  return rows.map((c) => listRow(c, figures.get(c.id)));
}

export async function getCampaign(ctx: AppContext, user: UserRow, id: number) {
  return detailOf(ctx.db, await loadOwned(ctx.db, user.id, id));
}

/** Counts of GET /user and GET /campaigns/information. Archived campaigns are not counted. */
export async function campaignCounts(db: DbOrTx, ownerId: number) {
  const rows = await db
    .select({ status: campaigns.status, n: count() })
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .groupBy(campaigns.status);
  const by = (pred: (s: number) => boolean) => rows.filter((r) => pred(r.status)).reduce((a, r) => a + Number(r.n), 0);
  return {
    active: by((s) => (RUNNING_STATUSES as readonly number[]).includes(s)),
    paused: by((s) => s === CampaignStatus.Paused),
    pending: by((s) => s === CampaignStatus.Pending),
    total: by((s) => s !== CampaignStatus.Archived),
  };
}

export async function campaignInformation(ctx: AppContext, user: UserRow) {
  const c = await campaignCounts(ctx.db, user.id);
  return { active: c.active, total: c.total };
}

/** Names for filters (reports): archived campaigns are not in reports. */
export async function campaignNames(ctx: AppContext, user: UserRow) {
  return ctx.db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, user.id), ne(campaigns.status, CampaignStatus.Archived)))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
}

export async function archivedCampaigns(ctx: AppContext, user: UserRow) {
  const rows = await ctx.db
    .select({ id: campaigns.id, name: campaigns.name, createdAt: campaigns.createdAt })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, user.id), eq(campaigns.status, CampaignStatus.Archived)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map((r) => ({ id: r.id, name: r.name, date: iso(r.createdAt) }));
}

// ---------------------------------------------------------------- writing

function checkTargets(fields: CampaignFields) {
  if (!fields.countries.every((c) => COUNTRY_CODES.has(c))) throw badRequest(M.countryInvalid);
  if (!CATEGORY_IDS.has(fields.category)) throw badRequest(M.categoryRequired);
}

/** Columns of the editable fields (money in micro-euros, capping coupled). */
function fieldColumns(fields: CampaignFields) {
  checkTargets(fields);
  const capping = coupleCapping(fields.capping, fields.cappingTime);
  return {
    name: fields.name,
    landingUrl: fields.landingUrl,
    priceMicros: eurosToMicros(fields.price),
    paymentMode: fields.paymentMode,
    trafficType: fields.trafficType,
    runAfterApproval: fields.runAfterApproval,
    dailyBudgetMicros: eurosToMicros(fields.dailyBudget),
    throttleBudget: fields.throttleBudget,
    budgetFlag: fields.budgetFlag,
    budgetMicros: fields.budgetFlag && fields.budget != null ? eurosToMicros(fields.budget) : null,
    capping: capping.capping,
    cappingTime: capping.cappingTime,
    device: fields.device,
    countries: [...new Set(fields.countries)],
    category: fields.category,
    excludeFlag: fields.excludeFlag,
    excludeList: fields.excludeList,
  };
}

const newPermalink = (id: number) => `${id},${randomBytes(12).toString('base64url')}`;

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

type ResourceOut = { resource: string; name: string };

/** New banner rows: each size once, counting the campaign's existing banners. */
async function bannerRows(db: DbOrTx, ownerId: number, campaignId: number, refs: ResourceOut[], taken: string[]) {
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

type NativeOut = Omit<NativeCreativeInput, 'thumbnail' | 'cover'> & {
  thumbnail?: ResourceRef | null;
  cover?: ResourceRef | null;
};

async function nativeRows(db: DbOrTx, ownerId: number, campaignId: number, kind: CampaignKind, ads: NativeOut[]) {
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

/** POST /campaigns: a new Pending campaign with its creatives, in one transaction. */
export async function createCampaign(ctx: AppContext, user: UserRow, input: CampaignCreate) {
  if (input.kind !== 'display' && input.creatives.length > 0) throw badRequest(M.creativesNotForKind);
  if (!isNativeKind(input.kind) && input.nativeCreatives.length > 0) throw badRequest(M.creativesNotForKind);
  const columns = fieldColumns(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({
        ownerId: user.id,
        kind: input.kind,
        status: CampaignStatus.Pending,
        ...columns,
        permalink: `pending,${randomBytes(12).toString('base64url')}`,
      })
      .returning();
    if (!row) throw new Error('campaign insert returned nothing');
    await tx
      .update(campaigns)
      .set({ permalink: newPermalink(row.id) })
      .where(eq(campaigns.id, row.id));
    if (input.kind === 'display') {
      const rows = await bannerRows(tx, user.id, row.id, input.creatives, []);
      await tx.insert(creatives).values(rows);
    } else if (isNativeKind(input.kind)) {
      const rows = await nativeRows(tx, user.id, row.id, input.kind, input.nativeCreatives);
      await tx.insert(creatives).values(rows);
    }
    // The wizard of this type starts again from scratch.
    await tx
      .delete(campaignDrafts)
      .where(and(eq(campaignDrafts.ownerId, user.id), eq(campaignDrafts.kind, input.kind)));
    return { id: row.id };
  });
}

/** Every change except a status change: refused on archived and on locked campaigns. */
function assertEditable(c: CampaignRow) {
  if (c.status === CampaignStatus.Archived) throw badRequest(M.archivedNoChanges);
  if (c.isLocked) throw badRequest(M.locked);
}

/** An edit goes back to review: Pending, approval cleared. */
const backToReview = { status: CampaignStatus.Pending, approvedAt: null };

/** PUT /campaigns/{id} with fields: the campaign goes back to Pending for review. */
export async function updateCampaignFields(ctx: AppContext, user: UserRow, id: number, fields: CampaignFields) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const [row] = await tx
      .update(campaigns)
      .set({ ...fieldColumns(fields), ...backToReview, updatedAt: new Date() })
      .where(eq(campaigns.id, c.id))
      .returning();
    return detailOf(tx, row as CampaignRow);
  });
}

/** PUT /campaigns/{id} with {excludeList}: the whole new list (an optimisation, no review). */
export async function updateExclusion(
  ctx: AppContext,
  user: UserRow,
  id: number,
  input: { excludeList: string[]; excludeFlag?: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    assertEditable(c);
    const [row] = await tx
      .update(campaigns)
      .set({
        excludeList: input.excludeList,
        ...(input.excludeFlag === undefined ? {} : { excludeFlag: input.excludeFlag }),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, c.id))
      .returning();
    const r = row as CampaignRow;
    return { excludeFlag: r.excludeFlag, excludeList: r.excludeList };
  });
}

/** Pause, run, archive, unarchive (spec 002 §4). Locked campaigns accept these. */
export async function changeStatus(ctx: AppContext, user: UserRow, id: number, action: StatusAction) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id, { forUpdate: true });
    const next = statusTransition(action, {
      status: c.status,
      price: microsToEuros(c.priceMicros, 3),
      approved: c.approvedAt !== null,
    });
    if ('error' in next) throw badRequest(next.error);
    const [row] = await tx
      .update(campaigns)
      .set({ status: next.status, updatedAt: new Date() })
      .where(eq(campaigns.id, c.id))
      .returning();
    return statusResponse(row as CampaignRow);
  });
}

export const STATUS_ACTIONS: Record<1 | 2 | 9, StatusAction> = { 1: 'run', 2: 'pause', 9: 'archive' };

/** POST /campaigns/{id}/duplicate: a new Pending campaign with the same fields and creatives. */
export async function duplicateCampaign(ctx: AppContext, user: UserRow, id: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await loadOwned(tx, user.id, id);
    if (c.isLocked || c.status === CampaignStatus.Rejected) throw badRequest(M.duplicateRefused);
    const {
      id: _id,
      status: _s,
      approvedAt: _a,
      permalink: _p,
      sharingEnabled: _sh,
      isLocked: _l,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = c;
    const [row] = await tx
      .insert(campaigns)
      .values({
        ...fields,
        status: CampaignStatus.Pending,
        permalink: `pending,${randomBytes(12).toString('base64url')}`,
      })
      .returning();
    if (!row) throw new Error('campaign insert returned nothing');
    await tx
      .update(campaigns)
      .set({ permalink: newPermalink(row.id) })
      .where(eq(campaigns.id, row.id));
    const source = await tx
      .select()
      .from(creatives)
      .where(and(eq(creatives.campaignId, c.id), isNull(creatives.deletedAt)))
      .orderBy(asc(creatives.id));
    if (source.length > 0)
      await tx.insert(creatives).values(
        source.map(({ id: _cid, createdAt: _cc, deletedAt: _d, campaignId: _cp, ...rest }) => ({
          ...rest,
          campaignId: row.id,
        })),
      );
    return { id: row.id };
  });
}

// ---------------------------------------------------------------- creatives

async function liveCreatives(db: DbOrTx, campaignId: number) {
  return db
    .select()
    .from(creatives)
    .where(and(eq(creatives.campaignId, campaignId), isNull(creatives.deletedAt)))
    .orderBy(asc(creatives.id));
}

async function creativesResponse(db: DbOrTx, c: CampaignRow) {
  return { creatives: (await creativesOf(db, [c.id], new Map([[c.id, c.isLocked]]))).get(c.id) ?? [] };
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
    return creativesResponse(tx, c);
  });
}

// ---------------------------------------------------------------- blacklist

export async function getBlacklist(ctx: AppContext, user: UserRow): Promise<string[]> {
  const [row] = await ctx.db.select().from(campaignBlacklists).where(eq(campaignBlacklists.ownerId, user.id));
  return row?.items ?? [];
}

export async function putBlacklist(ctx: AppContext, user: UserRow, items: string[]): Promise<string[]> {
  await ctx.db
    .insert(campaignBlacklists)
    .values({ ownerId: user.id, items })
    .onConflictDoUpdate({ target: campaignBlacklists.ownerId, set: { items, updatedAt: new Date() } });
  return items;
}

// ---------------------------------------------------------------- sharing and preview

export async function getSharing(ctx: AppContext, user: UserRow, id: number): Promise<Sharing> {
  const c = await loadOwned(ctx.db, user.id, id);
  return { status: c.sharingEnabled, permalink: c.permalink };
}

export async function setSharing(ctx: AppContext, user: UserRow, id: number, status: boolean): Promise<Sharing> {
  const c = await loadOwned(ctx.db, user.id, id);
  await ctx.db.update(campaigns).set({ sharingEnabled: status }).where(eq(campaigns.id, c.id));
  return { status, permalink: c.permalink };
}

/**
 * GET /campaignSharing/{permalink}: the preview. Anyone may see it while sharing is on;
 * the owner (with a session) always may. Otherwise 404, the same as an unknown link.
 */
export async function previewByPermalink(
  ctx: AppContext,
  permalink: string,
  viewerId: number | null,
): Promise<CampaignPreview> {
  const [c] = await ctx.db.select().from(campaigns).where(eq(campaigns.permalink, permalink)).limit(1);
  if (!c || !(c.sharingEnabled || c.ownerId === viewerId)) throw notFound(M.previewUnavailable);
  const list = (await creativesOf(ctx.db, [c.id], new Map([[c.id, c.isLocked]]))).get(c.id) ?? [];
  return {
    id: c.id,
    name: c.name,
    kind: c.kind as CampaignKind,
    kindLabel: CAMPAIGN_KIND_LABELS[c.kind as CampaignKind],
    trafficType: c.trafficType,
    landingUrl: c.landingUrl,
    permalink: c.permalink,
    sharingEnabled: c.sharingEnabled,
    creatives: list,
  };
}

// ---------------------------------------------------------------- drafts

export async function getDraft(ctx: AppContext, user: UserRow, kind: CampaignKind): Promise<Draft> {
  const [row] = await ctx.db
    .select()
    .from(campaignDrafts)
    .where(and(eq(campaignDrafts.ownerId, user.id), eq(campaignDrafts.kind, kind)));
  return { kind, data: row?.data ?? null, updatedAt: row ? iso(row.updatedAt) : null };
}

export async function putDraft(ctx: AppContext, user: UserRow, kind: CampaignKind, data: Record<string, unknown>) {
  const now = new Date();
  await ctx.db
    .insert(campaignDrafts)
    .values({ ownerId: user.id, kind, data, updatedAt: now })
    .onConflictDoUpdate({ target: [campaignDrafts.ownerId, campaignDrafts.kind], set: { data, updatedAt: now } });
  return { kind, data, updatedAt: iso(now) };
}

export async function deleteDraft(ctx: AppContext, user: UserRow, kind: CampaignKind): Promise<Draft> {
  await ctx.db.delete(campaignDrafts).where(and(eq(campaignDrafts.ownerId, user.id), eq(campaignDrafts.kind, kind)));
  return { kind, data: null, updatedAt: null };
}

/** For the operator: a campaign by id whoever owns it. */
export async function loadAny(db: DbOrTx, id: number) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  return row ?? null;
}

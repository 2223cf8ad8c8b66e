/** Campaign rows as the API shows them: list rows, details, creatives, status answers. */

import { and, asc, inArray, isNull } from 'drizzle-orm';
import {
  AD_FORMAT_LABELS,
  AdFormat,
  CAMPAIGN_KIND_LABELS,
  type CampaignDetailSchema,
  type CampaignKind,
  type CampaignListRowSchema,
  type CampaignStatusResponse,
  type Creative,
  campaignStatusLabel,
  statusLive,
} from '@cryptads/contract/campaigns';
import type { Served } from '@cryptads/contract/money-schema';
import type { DbOrTx } from '../../db/client';
import { creatives, uploads } from '../../db/schema/campaigns';
import { campaignFigures, type ListFigures, NO_FIGURES } from '../reports/reports.service';
import type { CampaignRow } from './campaign-access';
import { type UploadRow, uploadUrl } from './uploads.service';

type CreativeRow = typeof creatives.$inferSelect;

export const iso = (d: Date) => d.toISOString();

export function listRow(c: CampaignRow, figures: ListFigures = NO_FIGURES): Served<typeof CampaignListRowSchema> {
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
    price: c.priceMicros,
    paymentMode: c.paymentMode,
    permalink: c.permalink,
    // Lifetime figures from the daily totals the recorder keeps (reports.service).
    ...figures,
  };
}

export async function creativesOf(db: DbOrTx, campaignIds: number[], locked: Map<number, boolean>) {
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

/** The live creatives of one campaign, as the API shows them. */
export async function creativesResponse(db: DbOrTx, c: CampaignRow) {
  return { creatives: (await creativesOf(db, [c.id], new Map([[c.id, c.isLocked]]))).get(c.id) ?? [] };
}

export async function detailOf(db: DbOrTx, c: CampaignRow): Promise<Served<typeof CampaignDetailSchema>> {
  const list = (await creativesOf(db, [c.id], new Map([[c.id, c.isLocked]]))).get(c.id) ?? [];
  const figures = (await campaignFigures(db, [c.id])).get(c.id);
  return {
    ...listRow(c, figures),
    trafficType: c.trafficType,
    landingUrl: c.landingUrl,
    runAfterApproval: c.runAfterApproval,
    dailyBudget: c.dailyBudgetMicros,
    throttleBudget: c.throttleBudget,
    budgetFlag: c.budgetFlag,
    budget: c.budgetMicros,
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

export const statusResponse = (c: Pick<CampaignRow, 'id' | 'status'>): CampaignStatusResponse => ({
  id: c.id,
  status: c.status,
  statusLabel: campaignStatusLabel(c.status),
  statusLive: statusLive(c.status),
});

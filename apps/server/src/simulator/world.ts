import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  AdFormat,
  type CampaignKind,
  CampaignStatus,
  KIND_AD_FORMAT,
  showsOnZone,
  TrafficType,
} from '@cryptads/contract/campaigns';
import { WebsiteStatus, ZoneStatus } from '@cryptads/contract/websites';
import type { DbOrTx } from '../db/client';
import { campaignBlacklists, campaigns, creatives } from '../db/schema/campaigns';
import { websites, zones } from '../db/schema/websites';
import { normaliseDomain } from '../modules/delivery/engine';
import type { Visitor } from './visitors';

/**
 * The part of the world the simulator sends traffic to: Active zones of approved websites,
 * approved Delivering campaigns, and the (zone, campaign, creative) pairs that fit each other,
 * with the delivery engine's static rules (modules/delivery/engine.ts): format and slot size,
 * premium display only on premium zones (Sticky, Header), the website's excluded categories,
 * the campaign's zone list (excludeFlag set: zones left out; unset: the only zones) and the
 * advertiser's blacklist. The visitor's country and device are checked per impression, the
 * budgets by the history planner. Live mode needs none of this: the real endpoint decides.
 */

export type SimZone = {
  id: number;
  unique: string;
  format: number;
  size: string | null;
  websiteId: number;
  publisherId: number;
  domain: string;
  excludedCategories: number[];
  /** No traffic before the zone existed. */
  createdAt: Date;
};

export type SimCampaign = {
  id: number;
  advertiserId: number;
  kind: CampaignKind;
  /** 0 CPM, 1 CPC. */
  paymentMode: number;
  priceMicros: bigint;
  dailyBudgetMicros: bigint;
  budgetMicros: bigint | null;
  countries: string[];
  device: number;
  category: number;
  excludeFlag: boolean;
  excludeList: string[];
  premium: boolean;
  /** No traffic before the campaign existed. */
  createdAt: Date;
};

export type SimPair = { zone: SimZone; campaign: SimCampaign; creativeId: number; creativeSize: string };

export type SimWorld = { zones: SimZone[]; campaigns: SimCampaign[]; pairs: SimPair[] };

export type WorldFilter = { publisherIds?: number[]; advertiserIds?: number[] };

/** Active zones of approved websites (of the given publishers). */
export async function loadActiveZones(db: DbOrTx, filter: WorldFilter = {}): Promise<SimZone[]> {
  const rows = await db
    .select({
      id: zones.id,
      unique: zones.unique,
      format: zones.format,
      size: zones.size,
      websiteId: zones.websiteId,
      publisherId: websites.ownerId,
      domain: websites.domain,
      excludedCategories: websites.excludedCategoryIds,
      createdAt: zones.createdAt,
    })
    .from(zones)
    .innerJoin(websites, eq(websites.id, zones.websiteId))
    .where(
      and(
        eq(zones.status, ZoneStatus.Active),
        eq(websites.status, WebsiteStatus.Active),
        filter.publisherIds ? inArray(websites.ownerId, filter.publisherIds) : undefined,
      ),
    )
    .orderBy(zones.id);
  return rows;
}

/** Sticky bars show a leaderboard or a mobile banner (as the engine's STICKY_SIZES). */
const STICKY_SIZES = ['728x90', '320x50', '320x100'];
const PREMIUM_ZONE_FORMATS: readonly number[] = [AdFormat.StickyBanner, AdFormat.HeaderBanner];

/** Does a creative of this campaign fit the zone? Popunder campaigns have no creative. */
export function creativeFits(
  zone: Pick<SimZone, 'format' | 'size'>,
  campaign: Pick<SimCampaign, 'kind' | 'premium'>,
  creative: { format: number; size: string },
): boolean {
  if (campaign.kind === 'display') {
    if (creative.format !== AdFormat.Banner) return false;
    if (campaign.premium !== PREMIUM_ZONE_FORMATS.includes(zone.format)) return false;
    if (zone.format === AdFormat.StickyBanner) return STICKY_SIZES.includes(creative.size);
    return zone.size !== null && zone.size === creative.size;
  }
  return creative.format === KIND_AD_FORMAT[campaign.kind] && zone.format === creative.format;
}

function campaignAllowsZone(campaign: SimCampaign, zone: SimZone, blacklist: Set<string>): boolean {
  if (zone.excludedCategories.includes(campaign.category)) return false;
  if (blacklist.has(zone.unique) || blacklist.has(normaliseDomain(zone.domain))) return false;
  return showsOnZone(campaign.excludeFlag, campaign.excludeList.includes(zone.unique));
}

/** The visitor's country and device fit the pair (targeting; a sticky bar's size per device). */
export function visitorFits(pair: SimPair, visitor: Pick<Visitor, 'country' | 'device'>): boolean {
  const { campaign } = pair;
  if (campaign.countries.length > 0 && !campaign.countries.includes(visitor.country)) return false;
  if (campaign.device !== 3 && campaign.device !== visitor.device) return false;
  if (pair.zone.format === AdFormat.StickyBanner)
    return visitor.device === 1 ? pair.creativeSize === '728x90' : pair.creativeSize !== '728x90';
  return true;
}

export async function loadSimWorld(db: DbOrTx, filter: WorldFilter = {}): Promise<SimWorld> {
  const zoneRows = await loadActiveZones(db, filter);
  const campaignRows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, CampaignStatus.Delivering),
        isNotNull(campaigns.approvedAt),
        filter.advertiserIds ? inArray(campaigns.ownerId, filter.advertiserIds) : undefined,
      ),
    )
    .orderBy(campaigns.id);
  const simCampaigns: SimCampaign[] = campaignRows.map((c) => ({
    id: c.id,
    advertiserId: c.ownerId,
    kind: c.kind as CampaignKind,
    paymentMode: c.paymentMode,
    priceMicros: c.priceMicros,
    dailyBudgetMicros: c.dailyBudgetMicros,
    budgetMicros: c.budgetFlag ? c.budgetMicros : null,
    countries: c.countries,
    device: c.device,
    category: c.category,
    excludeFlag: c.excludeFlag,
    excludeList: c.excludeList,
    premium: c.trafficType === TrafficType.Premium && c.kind === 'display',
    createdAt: c.createdAt,
  }));
  const ids = simCampaigns.map((c) => c.id);
  const creativeRows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: creatives.id,
            campaignId: creatives.campaignId,
            format: creatives.format,
            size: creatives.size,
          })
          .from(creatives)
          .where(and(inArray(creatives.campaignId, ids), isNull(creatives.deletedAt)))
          .orderBy(creatives.id);
  const owners = [...new Set(simCampaigns.map((c) => c.advertiserId))];
  const blacklistRows =
    owners.length === 0
      ? []
      : await db.select().from(campaignBlacklists).where(inArray(campaignBlacklists.ownerId, owners));
  const blacklists = new Map(
    blacklistRows.map((b) => [
      b.ownerId,
      new Set(b.items.map((i) => (/^[0-9a-f]{16}$/i.test(i.trim()) ? i.trim() : normaliseDomain(i)))),
    ]),
  );

  const pairs: SimPair[] = [];
  for (const zone of zoneRows) {
    for (const campaign of simCampaigns) {
      if (!campaignAllowsZone(campaign, zone, blacklists.get(campaign.advertiserId) ?? new Set())) continue;
      if (campaign.kind === 'popunder') {
        if (zone.format === AdFormat.Popunder) pairs.push({ zone, campaign, creativeId: 0, creativeSize: '' });
        continue;
      }
      for (const creative of creativeRows) {
        if (creative.campaignId !== campaign.id) continue;
        if (creativeFits(zone, campaign, creative))
          pairs.push({ zone, campaign, creativeId: creative.id, creativeSize: creative.size });
      }
    }
  }
  return { zones: zoneRows, campaigns: simCampaigns, pairs };
}

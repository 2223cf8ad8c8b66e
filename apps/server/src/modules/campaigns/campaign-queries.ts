/** What an advertiser reads about campaigns: the wizards' options, lists, one campaign, counts. */

import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  AD_FORMAT_LABELS,
  AdFormat,
  CAMPAIGN_KIND_LABELS,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES as M,
  CAMPAIGN_KINDS,
  type CampaignOptionsSchema,
  CampaignStatus,
  DISPLAY_SIZES,
  KIND_AD_FORMAT,
  type PricingOptions,
  RUNNING_STATUSES,
} from '@cryptads/contract/campaigns';
import { eurosToMicros } from '@cryptads/contract/money';
import type { Served } from '@cryptads/contract/money-schema';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { CATEGORIES } from '../../data/categories';
import { COUNTRIES, COUNTRY_GROUPS } from '../../data/countries';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { campaignFigures } from '../reports/reports.service';
import type { UserRow } from '../sessions/sessions.service';
import { loadOwned } from './campaign-access';
import { detailOf, iso, listRow } from './campaign-presenter';

/** The configured bids and maximum prices (euros), as the pricing rules read them. */
export const pricingOptions = (config: Config): PricingOptions => {
  const { minimumBids, minimumBidsClick, maxPrice } = config.campaigns;
  return {
    minimumBids: { ...minimumBids },
    minimumBidsClick: { ...minimumBidsClick },
    maxPrices: CAMPAIGN_KINDS.flatMap((campaignType) =>
      ([0, 1] as const).flatMap((paymentType) =>
        [false, true].map((premium) => ({ campaignType, paymentType, premium, price: maxPrice })),
      ),
    ),
  };
};

const inMicros = <K extends string>(bids: Record<K, number>) =>
  Object.fromEntries(Object.entries<number>(bids).map(([key, euros]) => [key, eurosToMicros(euros)])) as Record<
    K,
    bigint
  >;

/** GET /campaigns/options: what the wizards offer, with the configured bids and prices (micro-euros). */
export function campaignOptions(config: Config): Served<typeof CampaignOptionsSchema> {
  const pricing = pricingOptions(config);
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
    minimumBids: inMicros(pricing.minimumBids),
    minimumBidsClick: inMicros(pricing.minimumBidsClick),
    adFormats: [
      { trafficType: 0, ...banner, disabled: false, note: null },
      { trafficType: 1, ...banner, disabled: false, note: null },
      ...premiumOnly,
    ],
    maxPrices: pricing.maxPrices.map((p) => ({ ...p, price: eurosToMicros(p.price) })),
  };
}

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

/** Names for filters (reports): archived campaigns are not offered, their spend is in "all". */
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

import { AdFormat, showsOnZone } from '@cryptads/contract/campaign-messages';

/**
 * The targeting rules of ad delivery (docs/decisions/007-delivery.md), pure functions of plain
 * data: which slot a zone sells and which creatives of a campaign fill it, premium inventory,
 * exclusion lists, categories, blacklists, country and device targeting, budgets and the
 * ranking by expected value. The engine (./engine.ts) applies them to its in-memory index; the
 * traffic simulator (simulator/world.ts, history.ts) applies the same ones to its world, so
 * the two cannot disagree about what may be shown where.
 */

/** Sticky bars show a leaderboard on desktop, a mobile banner on phones. */
export const STICKY_SIZES: Record<1 | 2, readonly string[]> = { 1: ['728x90'], 2: ['320x50', '320x100'] };
/** CTR assumed for a CPC campaign before it has impressions of its own (0.3 %, weight 1,000 impressions). */
export const CTR_PRIOR = 0.003;
const CTR_PRIOR_WEIGHT = 1000;
/** A popunder opens at most once per this many minutes per visitor (the ad code's data-interval). */
export const POPUNDER_INTERVAL_MINUTES = 5;

export type ZoneEntry = {
  id: number;
  unique: string;
  websiteId: number;
  publisherId: number;
  /** Normalised (normaliseDomain), as blacklists compare it. */
  domain: string;
  format: number;
  size: string | null;
  excludedCategories: ReadonlySet<number>;
  /** Premium inventory: the Sticky and Header banner formats (docs/product/delivery.md#premium-inventory: premium-exclusive). */
  premium: boolean;
};

export type CreativeEntry = {
  id: number;
  format: number;
  size: string;
  image: string;
  width: number;
  height: number;
  title: string | null;
  description: string | null;
  descriptionShort: string | null;
  thumbnail: string | null;
  cta: string | null;
  brand: string | null;
  displayUrl: string | null;
};

/** What the rules read of a campaign (the simulator has these without the creatives' URLs). */
export type CampaignTerms = {
  id: number;
  advertiserId: number;
  kind: string;
  priceMicros: bigint;
  cpc: boolean;
  premium: boolean;
  dailyBudgetMicros: bigint;
  throttle: boolean;
  totalBudgetMicros: bigint | null;
  capping: number;
  cappingMs: number;
  device: number;
  countries: ReadonlySet<string> | null;
  category: number;
  excludeFlag: boolean;
  excludeSet: ReadonlySet<string>;
  /** What one impression costs (CPM price / 1000), 0 for CPC. */
  impressionCost: bigint;
  /** What one click costs (the CPC price), 0 for CPM. */
  clickCost: bigint;
};

export type CampaignEntry = CampaignTerms & {
  landingUrl: string;
  creatives: CreativeEntry[];
  /** Expected value of one impression in micro-euros, for ranking. */
  value: number;
};

export type Visitor = { country: string; device: 1 | 2; os: string; browser: string; key: string };

export type Refusal =
  | 'country'
  | 'device'
  | 'traffic type'
  | 'advertiser'
  | 'blacklist'
  | 'exclude list'
  | 'category'
  | 'daily budget'
  | 'total budget'
  | 'throttle'
  | 'balance'
  | 'capping';

/** Blacklists name zones by public id or websites by domain; www. is the same site. */
export const normaliseDomain = (d: string) =>
  d
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/^www\./, '');

/** An advertiser's blacklist as the rules compare it: zone public ids as given, domains normalised. */
export const blacklistSet = (items: readonly string[]): ReadonlySet<string> =>
  new Set(items.map((i) => (/^[0-9a-f]{16}$/i.test(i.trim()) ? i.trim() : normaliseDomain(i))));

/** Sticky and Header banner zones are premium inventory. */
export const isPremiumZone = (format: number) => format === AdFormat.StickyBanner || format === AdFormat.HeaderBanner;

/** Only display campaigns buy premium traffic. */
export const isPremiumCampaign = (kind: string, premiumTraffic: boolean) => premiumTraffic && kind === 'display';

/** Which slot a zone's requests fill; null for formats nothing is sold for. */
export function zoneSlot(zone: { format: number; size: string | null }): string | null {
  switch (zone.format) {
    case AdFormat.Banner:
    case AdFormat.FloatingBanner:
      return zone.size ? `r:${zone.size}` : null;
    case AdFormat.HeaderBanner:
      return zone.size ? `p:${zone.size}` : null;
    case AdFormat.StickyBanner:
      return 'sticky';
    case AdFormat.Native:
      return 'native';
    case AdFormat.NativeApp:
      return 'app';
    case AdFormat.Popunder:
      return 'popunder';
    default:
      return null;
  }
}

/** The slots one creative of a campaign competes in (regular or premium banners by size, sticky, native, app). */
export function creativeSlots(
  campaign: { kind: string; premium: boolean },
  creative: { format: number; size: string | null },
): string[] {
  switch (campaign.kind) {
    case 'display': {
      if (creative.format !== AdFormat.Banner || !creative.size) return [];
      const slots = [`${campaign.premium ? 'p' : 'r'}:${creative.size}`];
      if (campaign.premium && [...STICKY_SIZES[1], ...STICKY_SIZES[2]].includes(creative.size)) slots.push('sticky');
      return slots;
    }
    case 'native':
      return creative.format === AdFormat.Native ? ['native'] : [];
    case 'application':
      return creative.format === AdFormat.NativeApp ? ['app'] : [];
    default:
      return [];
  }
}

/** The slots a campaign competes in, each with the creatives that fit it (a popunder needs none). */
export function campaignSlots<C extends { format: number; size: string | null }>(campaign: {
  kind: string;
  premium: boolean;
  creatives: readonly C[];
}): Map<string, C[]> {
  const out = new Map<string, C[]>();
  if (campaign.kind === 'popunder') {
    out.set('popunder', []);
    return out;
  }
  for (const cr of campaign.creatives)
    for (const slot of creativeSlots(campaign, cr)) {
      const list = out.get(slot) ?? [];
      list.push(cr);
      out.set(slot, list);
    }
  return out;
}

/** A creative of the sticky slot fits the visitor's device (leaderboard on desktop, mobile banner on phones). */
export const stickyFits = (device: 1 | 2, size: string) => STICKY_SIZES[device].includes(size);

/** Observed CTR pulled towards the prior while impressions are few. */
export const ctrOf = (impressions: number, clicks: number) =>
  (clicks + CTR_PRIOR * CTR_PRIOR_WEIGHT) / (impressions + CTR_PRIOR_WEIGHT);

/** Expected value of one impression in micro-euros: CPM price / 1000, or CPC price × CTR. */
export const expectedValue = (campaign: { cpc: boolean; priceMicros: bigint }, ctr: number) =>
  campaign.cpc ? Number(campaign.priceMicros) * ctr : Number(campaign.priceMicros) / 1000;

/** The visitor is outside the campaign's countries or device. */
export function visitorRefusal(
  c: Pick<CampaignTerms, 'countries' | 'device'>,
  v: { country: string; device: 1 | 2 },
): Refusal | null {
  if (c.countries && !c.countries.has(v.country)) return 'country';
  if (c.device !== 3 && c.device !== v.device) return 'device';
  return null;
}

/**
 * The campaign may not run on this zone at all: premium and regular inventory kept apart, the
 * advertiser's blacklist (zone id or domain), the campaign's zone list (showsOnZone), the
 * website's excluded categories.
 */
export function placementRefusal(
  c: Pick<CampaignTerms, 'kind' | 'premium' | 'excludeFlag' | 'excludeSet' | 'category'>,
  zone: Pick<ZoneEntry, 'unique' | 'domain' | 'premium' | 'excludedCategories'>,
  blacklist: ReadonlySet<string>,
): Refusal | null {
  if (c.premium !== zone.premium && c.kind === 'display') return 'traffic type';
  if (blacklist.has(zone.unique) || blacklist.has(zone.domain)) return 'blacklist';
  if (!showsOnZone(c.excludeFlag, c.excludeSet.has(zone.unique))) return 'exclude list';
  if (zone.excludedCategories.has(c.category)) return 'category';
  return null;
}

/** What the next billable event costs: a click for CPC, an impression for CPM. */
export const nextCost = (c: Pick<CampaignTerms, 'cpc' | 'clickCost' | 'impressionCost'>) =>
  c.cpc ? c.clickCost : c.impressionCost;

/**
 * The next billable event would break a budget: the daily budget, the total budget, the hourly
 * throttle (a 24th of the daily budget) or the advertiser's available balance.
 */
export function budgetRefusal(
  c: Pick<
    CampaignTerms,
    'cpc' | 'clickCost' | 'impressionCost' | 'dailyBudgetMicros' | 'totalBudgetMicros' | 'throttle'
  >,
  spent: { today: bigint; total: bigint; hourCost: bigint },
  available: bigint,
): Refusal | null {
  const next = nextCost(c);
  if (spent.today + next > c.dailyBudgetMicros) return 'daily budget';
  if (c.totalBudgetMicros !== null && spent.total + next > c.totalBudgetMicros) return 'total budget';
  if (c.throttle && spent.hourCost * 24n >= c.dailyBudgetMicros) return 'throttle';
  if (available <= 0n || available < next) return 'balance';
  return null;
}

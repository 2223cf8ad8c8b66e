import { viewabilityRateOf } from '@cryptads/contract/viewability';

/**
 * The delivery engine's CTR for ranking a CPC bid (modules/delivery/rules.ts, decision 007): a
 * 0.3 % prior worth 1,000 impressions. Repeated here: modules reach each other only through
 * their services, and the engine's rules are not one.
 */
export const CTR_PRIOR = 0.003;
const CTR_PRIOR_WEIGHT = 1000;
const ctrOf = (impressions: number, clicks: number) =>
  (clicks + CTR_PRIOR * CTR_PRIOR_WEIGHT) / (impressions + CTR_PRIOR_WEIGHT);

/**
 * The forecast model (docs/decisions/045-forecasts.md), pure: traffic cells summed over the
 * history, the running campaigns that compete for them, and a draft's targeting and bid.
 *
 * Auction: a cell's requests go to the highest expected value per impression (the delivery
 * engine's ranking: CPM price / 1000, or CPC price × CTR). A competitor that bids more takes
 * the share of its eligible requests its daily budget can pay for (its "fill"); what it leaves
 * is ours. A competitor that bids the same shares: it takes half its fill. Capping then keeps
 * the impressions a visitor may see, and the daily budget the impressions we can pay for.
 */

/** Zone formats a campaign fills (docs/decisions/007-delivery.md, slots). */
export function formatsOf(kind: string, trafficType: number): readonly number[] {
  switch (kind) {
    case 'display':
      return trafficType === 1 ? [3, 5] : [1, 2];
    case 'native':
      return [4];
    case 'application':
      return [6];
    case 'popunder':
      return [0];
    default:
      return [];
  }
}

/** Requests a visitor makes a day, assumed (nothing about visitors is stored). */
export const REQUESTS_PER_VISITOR_DAY = 4;

export type TrafficCell = {
  format: number;
  country: string;
  device: number;
  os: string;
  browser: string;
  requests: number;
  clicks: number;
  /** Of the requests, impressions our tag measured and those that were viewable (absent: none). */
  measured?: number;
  viewable?: number;
};

export type Targeting = {
  kind: string;
  trafficType: number;
  device: number;
  /** Empty: all. */
  countries: readonly string[];
  os?: readonly string[];
  browsers?: readonly string[];
  /** false with an empty list: runs nowhere (an empty whitelist). */
  excludeFlag: boolean;
  excludeList: readonly string[];
  capping: number;
  cappingTime: number;
};

export type Bidder = Targeting & {
  /** CPC (true) or CPM. */
  cpc: boolean;
  priceMicros: number;
  dailyBudgetMicros: number;
  /** Lifetime figures, for the CTR of a CPC bid. */
  impressions: number;
  clicks: number;
};

export type Draft = Bidder & { budgetFlag: boolean; budgetMicros: number | null };

export type ForecastFigures = {
  dailyRequests: number;
  dailyImpressions: number;
  dailyClicks: number;
  dailySpendMicros: number;
  winRate: number;
  budgetDays: number | null;
  /** Which limit ended the forecast's impressions. */
  limitedBy: 'none' | 'auction' | 'capping' | 'budget';
};

export function matches(t: Targeting, cell: TrafficCell): boolean {
  if (!formatsOf(t.kind, t.trafficType).includes(cell.format)) return false;
  if (!t.excludeFlag && t.excludeList.length === 0) return false;
  if (t.countries.length > 0 && !t.countries.includes(cell.country)) return false;
  if (t.device !== 3 && t.device !== cell.device) return false;
  if (t.os && t.os.length > 0 && !t.os.includes(cell.os)) return false;
  if (t.browsers && t.browsers.length > 0 && !t.browsers.includes(cell.browser)) return false;
  return true;
}

/**
 * The viewability of the targeted traffic over the history (docs/decisions/061-viewable-impressions.md):
 * viewable / measured impressions × 100, 2 decimals; null when none of it was measured.
 */
export function viewabilityOf(t: Targeting, cells: readonly TrafficCell[]): number | null {
  let measured = 0;
  let viewable = 0;
  for (const c of cells)
    if (matches(t, c)) {
      measured += c.measured ?? 0;
      viewable += c.viewable ?? 0;
    }
  return viewabilityRateOf(measured, viewable);
}

/** The share of requests capping leaves: `capping` impressions per `cappingTime` seconds. */
export function cappingFactor(capping: number, cappingTime: number): number {
  if (capping <= 0 || cappingTime <= 0) return 1;
  const perDay = capping * Math.max(1, 86_400 / cappingTime);
  return Math.min(1, perDay / REQUESTS_PER_VISITOR_DAY);
}

/** What one impression is worth to the auction, and costs, in micro-euros. */
export const bidValue = (b: Bidder) => (b.cpc ? b.priceMicros * ctrOf(b.impressions, b.clicks) : b.priceMicros / 1000);

/** The share of a competitor's eligible requests its daily budget pays for, 0..1. */
export function fillOf(b: Bidder, cells: readonly TrafficCell[], days: number): number {
  let requests = 0;
  for (const c of cells) if (matches(b, c)) requests += c.requests;
  const eligible = (requests / days) * cappingFactor(b.capping, b.cappingTime);
  if (eligible <= 0) return 0;
  const value = bidValue(b);
  if (value <= 0) return 1;
  return Math.min(1, b.dailyBudgetMicros / value / eligible);
}

export type PricedBidder = { b: Bidder; value: number; fill: number };

/** Each competitor's value and fill, computed once per history (they do not depend on the draft). */
export const priced = (competitors: readonly Bidder[], cells: readonly TrafficCell[], days: number): PricedBidder[] =>
  days <= 0
    ? []
    : competitors.map((b) => ({ b, value: bidValue(b), fill: fillOf(b, cells, days) })).filter((r) => r.fill > 0);

export function forecast(
  draft: Draft,
  competitors: readonly Bidder[],
  cells: readonly TrafficCell[],
  days: number,
  market: readonly PricedBidder[] = priced(competitors, cells, days),
) {
  const figures: ForecastFigures = {
    dailyRequests: 0,
    dailyImpressions: 0,
    dailyClicks: 0,
    dailySpendMicros: 0,
    winRate: 0,
    budgetDays: null,
    limitedBy: 'none',
  };
  if (days <= 0) return figures;
  const ours = bidValue(draft);
  const rivals = market.filter((r) => r.value >= ours);
  let requests = 0;
  let won = 0;
  let clicks = 0;
  let cellClicks = 0;
  for (const cell of cells) {
    if (!matches(draft, cell)) continue;
    requests += cell.requests;
    cellClicks += cell.clicks;
    let left = 1;
    for (const r of rivals) {
      if (!matches(r.b, cell)) continue;
      left *= r.value > ours ? 1 - r.fill : 1 - r.fill / 2;
    }
    won += cell.requests * left;
  }
  if (requests === 0) return figures;
  // Clicks per impression of this traffic, the prior while it has none.
  const ctr = cellClicks > 0 ? cellClicks / requests : CTR_PRIOR;
  figures.dailyRequests = requests / days;
  figures.winRate = won / requests;
  let impressions = won / days;
  figures.limitedBy = won < requests ? 'auction' : 'none';
  const capped = impressions * cappingFactor(draft.capping, draft.cappingTime);
  if (capped < impressions) figures.limitedBy = 'capping';
  impressions = capped;
  const costPerImpression = draft.cpc ? draft.priceMicros * ctr : draft.priceMicros / 1000;
  if (costPerImpression > 0 && impressions * costPerImpression > draft.dailyBudgetMicros) {
    impressions = draft.dailyBudgetMicros / costPerImpression;
    figures.limitedBy = 'budget';
  }
  clicks = impressions * ctr;
  figures.dailyImpressions = impressions;
  figures.dailyClicks = clicks;
  figures.dailySpendMicros = impressions * costPerImpression;
  if (draft.budgetFlag && draft.budgetMicros !== null && figures.dailySpendMicros > 0)
    figures.budgetDays = Math.ceil(draft.budgetMicros / figures.dailySpendMicros);
  return figures;
}

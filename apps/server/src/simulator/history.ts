import { createHash } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { AdFormat } from '@cryptads/contract/campaigns';
import { FilterReason } from '@cryptads/contract/delivery';
import { DAY_MS, dayStart, HOUR_MS, isoDay } from '@cryptads/contract/dates';
import type { AppContext } from '../context';
import { conversionGoals } from '../db/schema/conversions';
import { users } from '../db/schema/users';
import { ConversionSource, conversionLimits, receiveConversion } from '../modules/conversions/conversions.service';
import { creditDeposit } from '../modules/ledger/ledger.service';
import { recordBatch } from '../modules/delivery/writer/record-batch';
import { expectedValue } from '../modules/delivery/rules';
import { EventKind, type DeliveryEvent } from '../modules/delivery/types';
import { createRng } from './random';

/** Share of extra invalid impressions in a history (recorded as filtered, never billed). */
const FILTERED_SHARE = 0.03;
const FILTERED_REASONS: readonly FilterReason[] = [
  FilterReason.DataCentre,
  FilterReason.Crawler,
  FilterReason.VisitorRate,
  FilterReason.IpRate,
  FilterReason.BadHeaders,
];
/**
 * Share of billed clicks that convert in a history (docs/product/conversions.md#demo-and-simulator):
 * reported through the postback's code a few minutes to a day after the click, for a goal of
 * the click's campaign (campaigns without goals get none).
 */
export const CONVERSION_SHARE = 0.15;
import { createVisitorGenerator, ctrFor, type Visitor } from './visitors';
import { loadSimWorld, type SimPair, type SimWorld, type SimZone, visitorFits, type WorldFilter } from './world';

/**
 * History mode: N days of traffic ending now, recorded in-process through the recorder
 * (`recordBatch`, the same code the delivery endpoints use), one day per batch. Per hour a
 * volume following a daily curve (UTC, a global audience peaking in the European afternoon
 * and American morning), a weekly pattern (quieter weekends) and gentle growth over the
 * period; each impression goes to the eligible pair with the highest expected value, as the
 * delivery engine ranks them. Deterministic for a given world, seed and `now`, so the plan
 * can be costed first (to fund it) and recorded after.
 *
 * Speed (the demo seed must stay within seconds on the embedded database): what costs is the
 * number of rows, not of events. By default each hour's requests come from a few "segments"
 * (a visitor profile on a zone), so an hour adds a handful of stats_hourly rows whatever its
 * volume, and raw events (one row each) are written for the last `rawDays` days only.
 */

/** Relative traffic per UTC hour (mean 1). */
const HOURLY = normalise([
  0.55, 0.45, 0.4, 0.38, 0.4, 0.48, 0.6, 0.75, 0.88, 0.95, 1.0, 1.02, 1.05, 1.08, 1.12, 1.15, 1.18, 1.2, 1.2, 1.15,
  1.05, 0.92, 0.78, 0.65,
]);
/** Relative traffic per UTC weekday, Sunday first. */
const WEEKLY = [0.82, 1.0, 1.04, 1.05, 1.03, 0.98, 0.85];

/** How often a zone of each kind is requested (a page has more medium rectangles than skyscrapers). */
function zoneWeight(zone: SimZone): number {
  switch (zone.format) {
    case AdFormat.Banner:
      return zone.size === '300x250' ? 3 : zone.size === '728x90' || zone.size === '320x50' ? 2 : 1;
    case AdFormat.Native:
    case AdFormat.Popunder:
      return 1.5;
    default:
      return 1;
  }
}

function normalise(values: number[]): number[] {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.map((v) => v / mean);
}

export type HistoryPlanOptions = {
  /** Days ending now: today (up to now) and the days before it. */
  days: number;
  now?: Date;
  seed?: number;
  /** Ad requests per day at the end of the period (the start has about 70 % of it). */
  perDay?: number;
  /** Spendable balance per advertiser; unlimited when absent (the history is funded). */
  balances?: Map<number, bigint>;
  /**
   * true (default): each hour's traffic comes from a few segments (visitor profile × zone),
   * a few rollup rows per hour. false: every request is a new visitor (a row per impression).
   */
  segmented?: boolean;
};

/**
 * A conversion of a billed click: `at` after the click; `pick` in [0, 1) chooses the goal among
 * the campaign's (cheaper goals more often), known only when recording.
 */
export type PlannedConversion = { clickId: string; campaignId: number; at: Date; pick: number };

export type PlannedDay = { day: string; events: DeliveryEvent[]; conversions: PlannedConversion[] };

/** A history click's id: as /click draws them (22 base64url characters), derived from its impression id. */
const historyClickId = (impressionId: string) =>
  createHash('sha256').update(`click:${impressionId}`).digest('base64url').slice(0, 22);

/** A pair with what the hot loop needs precomputed (money as numbers: far below 2^53). */
type Option = {
  pair: SimPair;
  value: number;
  impressionCost: number;
  clickCost: number;
  impressionCostBig: bigint;
  clickCostBig: bigint;
  ctr: number;
  since: number;
};

/**
 * Share of a zone's impressions that were viewable, of those measured (docs/decisions/061):
 * a sticky bar is always in view, a banner often below the fold; each zone a little apart.
 */
function viewableShare(zone: SimZone): number {
  const base: Partial<Record<number, number>> = {
    [AdFormat.StickyBanner]: 0.85,
    [AdFormat.FloatingBanner]: 0.75,
    [AdFormat.HeaderBanner]: 0.7,
    [AdFormat.NativeApp]: 0.7,
    [AdFormat.Native]: 0.6,
  };
  return (base[zone.format] ?? 0.55) + (((zone.id * 37) % 21) - 10) / 100;
}
/** Share of display impressions our tag measured (the rest had no IntersectionObserver or lost the beacon). */
const MEASURED_SHARE = 0.92;

/** The planned traffic, one UTC day at a time, oldest first. */
export function* planHistory(world: SimWorld, opts: HistoryPlanOptions): Generator<PlannedDay> {
  const now = (opts.now ?? new Date()).getTime();
  const seed = opts.seed ?? 1;
  const perDay = opts.perDay ?? 2000;
  const rng = createRng(seed);
  const visitors = createVisitorGenerator(seed ^ 0x5eed);
  const optionsByZone = new Map<number, Option[]>();
  for (const pair of world.pairs) {
    const c = pair.campaign;
    const option: Option = {
      pair,
      // The engine's ranking, with the campaign's simulated CTR.
      value: expectedValue(c, ctrFor(c.id)),
      impressionCost: Number(c.impressionCost),
      clickCost: Number(c.clickCost),
      impressionCostBig: c.impressionCost,
      clickCostBig: c.clickCost,
      ctr: ctrFor(c.id),
      since: Math.max(c.createdAt.getTime(), pair.zone.createdAt.getTime()),
    };
    const list = optionsByZone.get(pair.zone.id) ?? [];
    list.push(option);
    optionsByZone.set(pair.zone.id, list);
  }
  for (const list of optionsByZone.values()) list.sort((a, b) => b.value - a.value);
  const zoneChoices = world.zones.filter((z) => optionsByZone.has(z.id)).map((z) => [z, zoneWeight(z)] as const);
  if (opts.days <= 0 || zoneChoices.length === 0) return;

  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = today - (opts.days - 1) * DAY_MS;
  const segmented = opts.segmented ?? true;
  const budgets = new Map(world.campaigns.map((c) => [c.id, c]));
  /** Spend per campaign: today and in total; per advertiser: what is left (when limited). */
  const spentToday = new Map<number, number>();
  const spentTotal = new Map<number, number>();
  const left = opts.balances ? new Map([...opts.balances].map(([k, v]) => [k, Number(v)])) : null;
  const idPrefix = `h${(seed >>> 0).toString(36)}${now.toString(36)}.`;
  let sequence = 0;
  // Invalid traffic beside the honest events (reports show filtered figures), from
  // its own generator so the honest history stays the same for a seed.
  const bots = createRng(seed ^ 0x5eed1f);
  // Conversions from a third generator, for the same reason.
  const buyers = createRng(seed ^ 0xc0417);
  // Viewability from a fourth: what the tag would have reported (popunder is never measured).
  const viewers = createRng(seed ^ 0x71e3);
  const viewed = (zone: SimZone): Pick<DeliveryEvent, 'viewed'> =>
    zone.format === AdFormat.Popunder || !viewers.chance(MEASURED_SHARE)
      ? {}
      : { viewed: viewers.chance(viewableShare(zone)) ? 'viewable' : 'measured' };

  const affordable = (o: Option, cost: number) => {
    if (cost === 0) return true;
    const c = budgets.get(o.pair.campaign.id);
    if (!c) return false;
    if ((spentToday.get(c.id) ?? 0) + cost > Number(c.dailyBudgetMicros)) return false;
    if (c.totalBudgetMicros !== null && (spentTotal.get(c.id) ?? 0) + cost > Number(c.totalBudgetMicros)) return false;
    return !left || (left.get(c.advertiserId) ?? 0) >= cost;
  };
  const spend = (o: Option, cost: number) => {
    if (cost === 0) return;
    const c = o.pair.campaign;
    spentToday.set(c.id, (spentToday.get(c.id) ?? 0) + cost);
    spentTotal.set(c.id, (spentTotal.get(c.id) ?? 0) + cost);
    if (left) left.set(c.advertiserId, (left.get(c.advertiserId) ?? 0) - cost);
  };
  /** The options a visitor on a zone may see at a time (targeting, existence), best first. */
  const eligible = (zone: SimZone, visitor: Visitor, at: number) =>
    (optionsByZone.get(zone.id) ?? []).filter((o) => at >= o.since && visitorFits(o.pair, visitor));

  for (let dayStart = first; dayStart <= today; dayStart += DAY_MS) {
    const events: DeliveryEvent[] = [];
    const conversions: PlannedConversion[] = [];
    spentToday.clear();
    const progress = opts.days > 1 ? (dayStart - first) / (today - first) : 1;
    const dayFactor = (WEEKLY[new Date(dayStart).getUTCDay()] ?? 1) * (0.7 + 0.3 * progress) * (0.9 + 0.2 * rng.next());
    for (let h = 0; h < 24; h++) {
      const hourStart = dayStart + h * HOUR_MS;
      if (hourStart > now) break;
      const span = Math.min(HOUR_MS, now - hourStart);
      const requests = Math.round(
        (perDay / 24) * (HOURLY[h] ?? 1) * dayFactor * (0.85 + 0.3 * rng.next()) * (span / HOUR_MS),
      );
      if (requests <= 0) continue;
      const times: number[] = [];
      for (let i = 0; i < requests; i++) times.push(hourStart + Math.floor(rng.next() * span));
      times.sort((a, b) => a - b);
      type Segment = { zone: SimZone; visitor: Visitor; options: Option[] };
      const segments: (readonly [Segment, number])[] = [];
      if (segmented) {
        const count = Math.max(2, Math.min(6, Math.round(requests / 25)));
        for (let i = 0; i < count; i++) {
          const zone = rng.weighted(zoneChoices);
          const visitor = visitors.next();
          segments.push([{ zone, visitor, options: eligible(zone, visitor, hourStart) }, 0.5 + rng.next()]);
        }
      }
      for (const at of times) {
        let segment: Segment;
        if (segmented) segment = rng.weighted(segments);
        else {
          const zone = rng.weighted(zoneChoices);
          const visitor = visitors.next();
          segment = { zone, visitor, options: eligible(zone, visitor, at) };
        }
        // The highest expected value wins; equal values share (reservoir sampling).
        let chosen: Option | undefined;
        let ties = 0;
        for (const o of segment.options) {
          if (chosen && o.value < chosen.value) break;
          if (at < o.since || !affordable(o, o.impressionCost)) continue;
          ties++;
          if (!chosen || rng.next() * ties < 1) chosen = o;
        }
        if (!chosen) continue;
        const { zone, visitor } = segment;
        const c = chosen.pair.campaign;
        const impressionId = `${idPrefix}${(sequence++).toString(36)}`;
        events.push({
          kind: EventKind.Impression,
          at: new Date(at),
          impressionId,
          campaignId: c.id,
          creativeId: chosen.pair.creativeId,
          zoneId: zone.id,
          websiteId: zone.websiteId,
          advertiserId: c.advertiserId,
          publisherId: zone.publisherId,
          country: visitor.country,
          os: visitor.os,
          browser: visitor.browser,
          device: visitor.device,
          costMicros: chosen.impressionCostBig,
          ...viewed(zone),
        });
        spend(chosen, chosen.impressionCost);
        if (bots.chance(FILTERED_SHARE))
          events.push({
            ...(events.at(-1) as DeliveryEvent),
            impressionId: `${idPrefix}${(sequence++).toString(36)}`,
            filterReason: bots.pick(FILTERED_REASONS),
          });
        if (rng.next() < chosen.ctr && affordable(chosen, chosen.clickCost)) {
          const clickAt = Math.min(now, at + rng.int(2_000, 90_000));
          const clickId = historyClickId(impressionId);
          events.push({
            kind: EventKind.Click,
            at: new Date(clickAt),
            impressionId,
            clickId,
            campaignId: c.id,
            creativeId: chosen.pair.creativeId,
            zoneId: zone.id,
            websiteId: zone.websiteId,
            advertiserId: c.advertiserId,
            publisherId: zone.publisherId,
            country: visitor.country,
            os: visitor.os,
            browser: visitor.browser,
            device: visitor.device,
            costMicros: chosen.clickCostBig,
          });
          spend(chosen, chosen.clickCost);
          if (buyers.chance(CONVERSION_SHARE)) {
            // Mostly within the hour, sometimes the next day; never after now.
            const delay = buyers.chance(0.8) ? buyers.int(60_000, 3_600_000) : buyers.int(3_600_000, DAY_MS);
            if (clickAt + delay <= now)
              conversions.push({ clickId, campaignId: c.id, at: new Date(clickAt + delay), pick: buyers.next() });
          }
          // Now and then the same ad is clicked again, or clicked at once by a script.
          if (bots.chance(0.1))
            events.push({
              ...(events.at(-1) as DeliveryEvent),
              clickId: historyClickId(`${impressionId}:again`),
              filterReason: bots.chance(0.5) ? FilterReason.RepeatedClick : FilterReason.ClickTooFast,
            });
        }
      }
    }
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    yield { day: isoDay(dayStart), events, conversions };
  }
}

export type HistorySummary = {
  days: number;
  impressions: number;
  clicks: number;
  /** Conversions accepted (recorded histories only; costing plans none). */
  conversions?: number;
  /** Planned cost per advertiser (what the events carry; the recorder charges it). */
  costByAdvertiser: Map<number, bigint>;
  costMicros: bigint;
  ms: number;
};

/** Adds a day's events to running totals. */
function count(into: Omit<HistorySummary, 'ms' | 'costMicros'>, events: readonly DeliveryEvent[]) {
  into.days++;
  for (const e of events) {
    if (e.filterReason) continue; // never billed
    if (e.kind === EventKind.Impression) into.impressions++;
    else into.clicks++;
    if (e.costMicros > 0n)
      into.costByAdvertiser.set(e.advertiserId, (into.costByAdvertiser.get(e.advertiserId) ?? 0n) + e.costMicros);
  }
}

const totalOf = (m: Map<number, bigint>) => [...m.values()].reduce((a, b) => a + b, 0n);

/** Counts and cost of a plan, without recording anything. */
export function costHistory(world: SimWorld, opts: HistoryPlanOptions): Omit<HistorySummary, 'ms'> {
  const totals = { days: 0, impressions: 0, clicks: 0, costByAdvertiser: new Map<number, bigint>() };
  for (const { events } of planHistory(world, opts)) count(totals, events);
  return { ...totals, costMicros: totalOf(totals.costByAdvertiser) };
}

export type RunHistoryOptions = Omit<HistoryPlanOptions, 'balances'> & {
  /** Whose zones and campaigns take part (all when absent). */
  filter?: WorldFilter;
  /**
   * Deposit to each advertiser, before recording, exactly what the history will cost them,
   * so that their balance after it is the balance before (the demo world). Without it the
   * plan stays within each advertiser's current balance. A funded history is the past in the
   * ledger too: the deposit is dated at the start of the first day and each day's spend and
   * earnings at that day's last event, so a statement reads it day by day. (Unfunded, the
   * spend comes out of deposits made before now and is posted now.)
   */
  fund?: { description: string; idempotencyKey: (advertiserId: number) => string };
  /**
   * Raw events (the Performance tab) are written for this many most recent days only
   * (default and maximum: EVENT_RETENTION_DAYS); the rollups and the money cover every day.
   */
  rawDays?: number;
  /** Called after each recorded day. */
  onDay?: (day: string, events: number) => void;
};

/** Plans and records the history; answers what was recorded. */
export async function runHistory(
  ctx: Pick<AppContext, 'db' | 'config'>,
  opts: RunHistoryOptions,
): Promise<HistorySummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const world = await loadSimWorld(ctx.db, opts.filter);
  let days: Iterable<PlannedDay>;
  let historyStart: Date | undefined;
  if (opts.fund) {
    // Planned once, funded, then recorded: the deposit is exactly what the events cost.
    const planned = [...planHistory(world, { ...opts, now })];
    const { fund } = opts;
    const cost = { days: 0, impressions: 0, clicks: 0, costByAdvertiser: new Map<number, bigint>() };
    for (const day of planned) count(cost, day.events);
    historyStart = planned[0] ? dayStart(planned[0].day) : undefined;
    await ctx.db.transaction(async (tx) => {
      for (const [advertiserId, amount] of cost.costByAdvertiser) {
        if (amount <= 0n) continue;
        await creditDeposit(tx, {
          userId: advertiserId,
          provider: 'bank',
          amountMicros: amount,
          feeMicros: 0n,
          vatMicros: 0n,
          description: fund.description,
          reference: 'simulator',
          idempotencyKey: fund.idempotencyKey(advertiserId),
          at: historyStart,
        });
      }
    });
    days = planned;
  } else {
    days = planHistory(world, { ...opts, now, balances: await currentBalances(ctx, world) });
  }
  // With raw false the recorder writes raw events newer than (its now - retention): moving
  // its "now" forward by (retention - rawDays) days narrows that to the last rawDays days.
  const retention = ctx.config.delivery.eventRetentionDays;
  const rawDays = Math.min(retention, Math.max(0, opts.rawDays ?? retention));
  const retentionNow = new Date(now.getTime() + (retention - rawDays) * DAY_MS);
  const totals = { days: 0, impressions: 0, clicks: 0, costByAdvertiser: new Map<number, bigint>() };
  const planned: PlannedConversion[] = [];
  for (const { day, events, conversions } of days) {
    // A funded history's money is posted on the day it was spent (events are sorted by time).
    const postedAt = historyStart ? events.at(-1)?.at : undefined;
    if (events.length > 0) await recordBatch(ctx, events, { raw: false, now: retentionNow, postedAt });
    count(totals, events);
    planned.push(...conversions);
    opts.onDay?.(day, events.length);
  }
  const conversions = await recordConversions(ctx, planned);
  return {
    ...totals,
    conversions,
    costMicros: totalOf(totals.costByAdvertiser),
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Reports the planned conversions once their clicks are recorded, through the postback's own
 * code (`receiveConversion`, with the pixel's rule: the click's advertiser), each at its own
 * time. A click the recorder filtered after all is refused like any other. Answers how many
 * were accepted.
 */
async function recordConversions(ctx: Pick<AppContext, 'db'>, planned: readonly PlannedConversion[]) {
  if (planned.length === 0) return 0;
  const campaignIds = [...new Set(planned.map((p) => p.campaignId))];
  const goals = await ctx.db
    .select({ campaignId: conversionGoals.campaignId, name: conversionGoals.name })
    .from(conversionGoals)
    .where(inArray(conversionGoals.campaignId, campaignIds))
    .orderBy(asc(conversionGoals.defaultValueMicros), asc(conversionGoals.name));
  const byCampaign = new Map<number, string[]>();
  for (const g of goals) byCampaign.set(g.campaignId, [...(byCampaign.get(g.campaignId) ?? []), g.name]);
  // No limit applies to the simulator's own reports.
  const limits = conversionLimits(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  let accepted = 0;
  for (const p of [...planned].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const names = byCampaign.get(p.campaignId);
    if (!names?.length) continue;
    // The cheapest goal most often: a sign-up before a deposit.
    const goal = names[Math.min(names.length - 1, Math.floor(p.pick * p.pick * names.length))] ?? '';
    const received = await receiveConversion(
      ctx,
      { click_id: p.clickId, goal, currency: 'EUR' },
      { source: ConversionSource.Pixel, ip: '127.0.0.1', now: p.at.getTime(), limits },
    );
    if (received.answer.status === 'accepted') accepted++;
  }
  return accepted;
}

async function currentBalances(ctx: Pick<AppContext, 'db'>, world: SimWorld): Promise<Map<number, bigint>> {
  const ids = [...new Set(world.campaigns.map((c) => c.advertiserId))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, balance: users.balanceMicros })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.balance]));
}

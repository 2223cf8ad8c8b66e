import { servableCampaign } from '../delivery/servable.service';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { CampaignStatus, PaymentMode } from '@cryptads/contract/campaign-messages';
import { DAY_MS, HOUR_MS, isoDay } from '@cryptads/contract/dates';
import {
  type CampaignViewability,
  FORECAST_HISTORY_DAYS,
  FORECAST_MIN_DAYS,
  type Forecast,
  type ForecastRequest,
  type Pace,
} from '@cryptads/contract/forecasts';
import { estimateMicros, eurosToMicros, microsToEuros } from '@cryptads/contract/money';
import { viewabilityRateOf } from '@cryptads/contract/viewability';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { campaigns } from '../../db/schema/campaigns';
import { trafficHourly } from '../../db/schema/forecasts';
import { campaignSpendDaily, statsHourly } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { type Bidder, type Draft, forecast, type PricedBidder, priced, type TrafficCell, viewabilityOf } from './model';
import { balanceRunOut, campaignPace, sustainedPerHour } from './pace';

/**
 * Forecasts (docs/decisions/045-forecasts.md): reads `traffic_hourly` (what the batch writer
 * stores of valid requests), the running campaigns and their spend. No other module reads
 * those tables for forecasts.
 */

const dayFloor = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

/** The traffic history: every cell summed over the whole UTC days before `now`'s day, and how many days had traffic. */
export async function loadHistory(db: DbOrTx, now: Date, days = FORECAST_HISTORY_DAYS) {
  const to = dayFloor(now);
  const from = new Date(to.getTime() - days * DAY_MS);
  const range = and(gte(trafficHourly.hour, from), lt(trafficHourly.hour, to));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        format: trafficHourly.format,
        country: trafficHourly.country,
        device: trafficHourly.device,
        os: trafficHourly.os,
        browser: trafficHourly.browser,
        requests: sql<string>`sum(${trafficHourly.requests})`,
        clicks: sql<string>`sum(${trafficHourly.clicks})`,
        measured: sql<string>`sum(${trafficHourly.measured})`,
        viewable: sql<string>`sum(${trafficHourly.viewable})`,
      })
      .from(trafficHourly)
      .where(range)
      .groupBy(
        trafficHourly.format,
        trafficHourly.country,
        trafficHourly.device,
        trafficHourly.os,
        trafficHourly.browser,
      ),
    db
      .select({ days: sql<number>`count(distinct date_trunc('day', ${trafficHourly.hour} at time zone 'UTC'))::int` })
      .from(trafficHourly)
      .where(range),
  ]);
  const cells: TrafficCell[] = rows.map((r) => ({
    ...r,
    requests: Number(r.requests),
    clicks: Number(r.clicks),
    measured: Number(r.measured),
    viewable: Number(r.viewable),
  }));
  return { cells, days: Number(count?.days ?? 0) };
}

/**
 * How long a loaded history is reused: it holds whole past UTC days, which only late batches
 * change. The competitors (campaigns change within a minute) are priced again every minute.
 */
export const HISTORY_CACHE_MS = 60 * 60_000;
export const MARKET_CACHE_MS = 60_000;

type History = Awaited<ReturnType<typeof loadHistory>>;
type Market = History & { rivals: PricedBidder[] };
type Cached<T> = { day: string; at: number; value: Promise<T> };
const historyCache = new WeakMap<object, Cached<History>>();
const marketCache = new WeakMap<object, Cached<Market>>();

/** `load`, kept per database and UTC day for `ttl` ms (a failed load is not kept). */
function cached<T>(cache: WeakMap<object, Cached<T>>, db: DbOrTx, now: Date, ttl: number, load: () => Promise<T>) {
  const day = isoDay(now);
  const hit = cache.get(db);
  if (hit && hit.day === day && Date.now() - hit.at < ttl) return hit.value;
  const value = load();
  cache.set(db, { day, at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** The history and the competitors with their values and fills: everything a forecast reads but the draft. */
export async function loadMarket(db: DbOrTx, now: Date, history?: Promise<History>): Promise<Market> {
  const [{ cells, days }, competitors] = await Promise.all([history ?? loadHistory(db, now), loadCompetitors(db)]);
  return { cells, days, rivals: priced(competitors, cells, days) };
}

/** loadMarket with the history kept an hour and the priced competitors a minute. */
export const cachedMarket = (db: DbOrTx, now: Date) =>
  cached(marketCache, db, now, MARKET_CACHE_MS, () =>
    loadMarket(
      db,
      now,
      cached(historyCache, db, now, HISTORY_CACHE_MS, () => loadHistory(db, now)),
    ),
  );

/** The approved Delivering campaigns of enabled advertisers, with their lifetime figures (their CTR). */
export async function loadCompetitors(db: DbOrTx): Promise<Bidder[]> {
  const rows = await db
    .select({ c: campaigns })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(servableCampaign());
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.c.id);
  const totals = await db
    .select({
      id: campaignSpendDaily.campaignId,
      impressions: sql<string>`sum(${campaignSpendDaily.impressions})`,
      clicks: sql<string>`sum(${campaignSpendDaily.clicks})`,
    })
    .from(campaignSpendDaily)
    .where(inArray(campaignSpendDaily.campaignId, ids))
    .groupBy(campaignSpendDaily.campaignId);
  const byId = new Map(totals.map((t) => [t.id, t]));
  return rows.map(({ c }) => ({
    kind: c.kind,
    trafficType: c.trafficType,
    device: c.device,
    countries: c.countries,
    excludeFlag: c.excludeFlag,
    excludeList: c.excludeList,
    capping: c.capping,
    cappingTime: c.cappingTime,
    cpc: c.paymentMode === PaymentMode.CPC,
    priceMicros: Number(c.priceMicros),
    dailyBudgetMicros: Number(c.dailyBudgetMicros),
    impressions: Number(byId.get(c.id)?.impressions ?? 0),
    clicks: Number(byId.get(c.id)?.clicks ?? 0),
  }));
}

export function draftOf(body: ForecastRequest): Draft {
  return {
    kind: body.kind,
    trafficType: body.kind === 'display' ? body.trafficType : 0,
    device: body.device,
    countries: body.countries,
    os: body.os,
    browsers: body.browsers,
    excludeFlag: body.excludeFlag,
    excludeList: body.excludeList,
    capping: body.capping,
    cappingTime: body.cappingTime,
    cpc: body.kind === 'native' && body.paymentMode === PaymentMode.CPC,
    priceMicros: Number(eurosToMicros(body.price)),
    dailyBudgetMicros: Number(eurosToMicros(body.dailyBudget)),
    impressions: 0,
    clicks: 0,
    budgetFlag: body.budgetFlag,
    budgetMicros: body.budgetFlag && body.budget != null ? Number(eurosToMicros(body.budget)) : null,
  };
}

const LIMIT_NOTES = {
  none: 'Your bid is the highest for every eligible request.',
  auction: 'Campaigns bidding more take part of these requests while their daily budgets last.',
  capping: 'Frequency capping limits the impressions each visitor sees.',
  budget: 'The daily budget limits the impressions: a higher budget would buy more.',
} as const;

/** The forecast of a draft from the history before `now`'s day. */
export async function forecastFor(
  db: DbOrTx,
  body: ForecastRequest,
  now = new Date(),
  opts: { cache?: boolean } = {},
): Promise<Forecast> {
  const { cells, days, rivals } = await (opts.cache === false ? loadMarket(db, now) : cachedMarket(db, now));
  const enoughData = days >= FORECAST_MIN_DAYS;
  const draft = draftOf(body);
  const f = enoughData ? forecast(draft, [], cells, days, rivals) : null;
  const notes = [`Based on ${days} day${days === 1 ? '' : 's'} of traffic, invalid traffic excluded.`];
  if (f && f.dailyRequests > 0) notes.push(LIMIT_NOTES[f.limitedBy]);
  if (body.excludeFlag && body.excludeList.length > 0) notes.push('Excluded zones are not taken into account.');
  return {
    enoughData,
    historyDays: days,
    dailyRequests: Math.round(f?.dailyRequests ?? 0),
    dailyImpressions: Math.round(f?.dailyImpressions ?? 0),
    dailyClicks: Math.round(f?.dailyClicks ?? 0),
    dailySpend: microsToEuros(estimateMicros(f?.dailySpendMicros ?? 0)),
    winRate: Math.round((f?.winRate ?? 0) * 1000) / 1000,
    budgetDays: f?.budgetDays ?? null,
    viewabilityRate: enoughData ? viewabilityOf(draft, cells) : null,
    notes,
  };
}

/** A pace in euros: cents, or 4 decimals below one cent an hour. */
const paceEuros = (perHourMicros: number) => {
  const micros = estimateMicros(perHourMicros);
  return microsToEuros(micros, micros > 0n && micros < 10_000n ? 4 : 2);
};

/** The advertiser's running campaigns (Delivering) with their spend: the pace inputs. */
export async function paceInputs(db: DbOrTx, userId: number, now: Date) {
  const [user] = await db.select({ balance: users.balanceMicros }).from(users).where(eq(users.id, userId)).limit(1);
  const running = await db
    .select({
      id: campaigns.id,
      dailyBudgetMicros: campaigns.dailyBudgetMicros,
      budgetFlag: campaigns.budgetFlag,
      budgetMicros: campaigns.budgetMicros,
    })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, userId), eq(campaigns.status, CampaignStatus.Delivering)));
  const ids = running.map((c) => c.id);
  const since = new Date(Math.floor((now.getTime() - 24 * HOUR_MS) / HOUR_MS) * HOUR_MS + HOUR_MS);
  const today = isoDay(now);
  const [last24h, spend] = ids.length
    ? await Promise.all([
        db
          .select({ id: statsHourly.campaignId, cost: sql<string>`sum(${statsHourly.costMicros})` })
          .from(statsHourly)
          .where(
            and(
              eq(statsHourly.advertiserId, userId),
              gte(statsHourly.hour, since),
              lt(statsHourly.hour, new Date(now.getTime() + HOUR_MS)),
              inArray(statsHourly.campaignId, ids),
            ),
          )
          .groupBy(statsHourly.campaignId),
        db
          .select({
            id: campaignSpendDaily.campaignId,
            total: sql<string>`sum(${campaignSpendDaily.costMicros})`,
            today: sql<string>`sum(case when ${campaignSpendDaily.day} = ${today} then ${campaignSpendDaily.costMicros} else 0 end)`,
          })
          .from(campaignSpendDaily)
          .where(inArray(campaignSpendDaily.campaignId, ids))
          .groupBy(campaignSpendDaily.campaignId),
      ])
    : [[], []];
  const last = new Map(last24h.map((r) => [r.id, BigInt(r.cost)]));
  const sums = new Map(spend.map((r) => [r.id, { total: BigInt(r.total), today: BigInt(r.today) }]));
  return {
    balanceMicros: user?.balance ?? 0n,
    campaigns: running.map((c) => ({
      id: c.id,
      spentLast24hMicros: last.get(c.id) ?? 0n,
      spentTodayMicros: sums.get(c.id)?.today ?? 0n,
      spentTotalMicros: sums.get(c.id)?.total ?? 0n,
      dailyBudgetMicros: c.dailyBudgetMicros,
      budgetMicros: c.budgetFlag ? c.budgetMicros : null,
    })),
  };
}

/** Pace figures of an advertiser at `now`. */
export function paceOf(inputs: Awaited<ReturnType<typeof paceInputs>>, now: Date) {
  let perHour = 0;
  const rows = inputs.campaigns.map((c) => {
    const p = campaignPace(c, now);
    perHour += sustainedPerHour(p.perHourMicros, c.dailyBudgetMicros);
    return { c, p };
  });
  return { perHour, runOutAt: balanceRunOut(inputs.balanceMicros, perHour, now), rows };
}

export async function paceFor(db: DbOrTx, userId: number, now = new Date()): Promise<Pace> {
  const inputs = await paceInputs(db, userId, now);
  const { perHour, runOutAt, rows } = paceOf(inputs, now);
  return {
    balance: microsToEuros(inputs.balanceMicros),
    spendPerHour: paceEuros(perHour),
    balanceRunOutAt: runOutAt?.toISOString() ?? null,
    campaigns: rows.map(({ c, p }) => ({
      id: c.id,
      spendPerHour: paceEuros(p.perHourMicros),
      spentToday: microsToEuros(c.spentTodayMicros),
      dailyBudgetAt: p.dailyBudgetAt?.toISOString() ?? null,
      totalBudgetAt: p.totalBudgetAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A campaign's viewability over its whole history (docs/decisions/061-viewable-impressions.md),
 * from its daily totals: measured and viewable impressions and the rate.
 */
export async function campaignViewability(db: DbOrTx, campaignId: number): Promise<CampaignViewability> {
  const [row] = await db
    .select({
      measured: sql<string>`coalesce(sum(${campaignSpendDaily.measuredImpressions}), 0)`,
      viewable: sql<string>`coalesce(sum(${campaignSpendDaily.viewableImpressions}), 0)`,
    })
    .from(campaignSpendDaily)
    .where(eq(campaignSpendDaily.campaignId, campaignId));
  const measured = Number(row?.measured ?? 0);
  const viewable = Number(row?.viewable ?? 0);
  return {
    measuredImpressions: measured,
    viewableImpressions: viewable,
    viewabilityRate: viewabilityRateOf(measured, viewable),
  };
}

/**
 * One campaign's page figures: its pace (null while it is not Delivering), the balance's
 * run-out and its viewability. Another advertiser's campaign is 404.
 */
export async function campaignPaceFor(db: DbOrTx, userId: number, campaignId: number) {
  const id = await ownedCampaignId(db, userId, campaignId);
  const [pace, viewability] = await Promise.all([paceFor(db, userId), campaignViewability(db, id)]);
  return {
    pace: pace.campaigns.find((c) => c.id === id) ?? null,
    balanceRunOutAt: pace.balanceRunOutAt,
    viewability,
  };
}

/** A campaign id of this advertiser, or 404 (another advertiser's id answers the same). */
export async function ownedCampaignId(db: DbOrTx, ownerId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

/**
 * `traffic_hourly` is kept this long: the forecast reads the last FORECAST_HISTORY_DAYS whole
 * days, and the backtest forecasts each of those from the 14 days before it.
 */
export const TRAFFIC_RETENTION_DAYS = 2 * FORECAST_HISTORY_DAYS + 7;

/** Deletes the hours of `traffic_hourly` older than TRAFFIC_RETENTION_DAYS. Answers how many rows. */
export async function pruneTraffic(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRAFFIC_RETENTION_DAYS * 86_400_000);
  const rows = await db
    .delete(trafficHourly)
    .where(lt(trafficHourly.hour, cutoff))
    .returning({ hour: trafficHourly.hour });
  return rows.length;
}

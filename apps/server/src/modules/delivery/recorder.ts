import { and, eq, inArray, sql } from 'drizzle-orm';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { FilterReason } from '@cryptads/contract/delivery';
import { DAY_MS, HOUR_MS, isoDay } from '@cryptads/contract/dates';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { adEvents, campaignSpendDaily, statsHourly, websiteEarningsDaily } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { ThrottledErrorLog } from '../../lib/log-errors';
import { type DomainEvent, emitEvents } from '../events/events';
import { type AdSpendLine, available, balanceAfter, postAdSpend } from '../ledger/ledger.service';
import { type DeliveryEvent, EventKind } from './types';
import { writeFiltered } from './filtered';
import { type ConsumerOptions, StreamConsumer } from './consumer';
import { type DeliveryStream, GroupCommit } from './stream';

/**
 * Writing delivery events (docs/decisions/007-delivery.md). `recordBatch` is the only writer:
 * the /serve and /click endpoints (through the buffered `Recorder`), the simulator's history
 * mode and the demo seed all go through it, so money and statistics can never disagree.
 */

const CHUNK = 1000;
const SHARE_SCALE = 1_000_000n;

export type RecordOptions = {
  /** false: raw events older than the retention are not written (history backfill). Default true. */
  raw?: boolean;
  /** "Now" for the retention rule (tests). */
  now?: Date;
};

export type RecordResult = {
  /** Events written (a replayed click is dropped). */
  recorded: number;
  /** Clicks whose impression was already clicked (recorded as filtered RepeatedClick, not billed). */
  duplicateClicks: number;
  /** Events not billed: invalid traffic, or a budget, the campaign's state or the balance refused them. */
  filtered: number;
  /** The filtered events per reason. */
  filteredBy: Partial<Record<FilterReason, number>>;
  costMicros: bigint;
  earningsMicros: bigint;
  /** Each advertiser's balance after the batch. */
  balances: Map<number, bigint>;
  outOfFunds: number[];
  limitReached: number[];
  /** Some campaign changed status (Out of Funds, Limit Reached). */
  statusChanged: boolean;
};

/** Thrown inside the transaction when a click was recorded by someone else meanwhile: retry. */
class ClickRace extends Error {}

const chunks = <T>(list: T[], size = CHUNK) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The publisher's share in millionths (0.7 → 700,000), so earnings are integer arithmetic. */
export const shareMillionths = (share: number) => BigInt(Math.round(share * 1_000_000));
/** Earnings of one event: floor(cost × share), per event, so every sum agrees with the ledger. */
export const earningsOf = (costMicros: bigint, share: bigint) => (costMicros * share) / SHARE_SCALE;

/**
 * A PostgreSQL array literal passed as ONE text parameter ('{"a","b"}'), for unnest inserts.
 * Every element is quoted; quotes and backslashes are escaped.
 */
export function pgArray(values: readonly (string | number | bigint)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** What an event costs before any rule (a negative cost is none). */
const costOf = (e: DeliveryEvent) => (e.costMicros < 0n ? 0n : e.costMicros);

/**
 * Statuses whose traffic may still be billed: Delivering, and the two the recorder itself sets
 * (Out of Funds, Limit Reached), for events served before it set them; the balance and the
 * total budget then decide. Paused, archived, pending, rejected or delivered: never billed.
 */
const BILLABLE_STATUSES: ReadonlySet<number> = new Set([
  CampaignStatus.Delivering,
  CampaignStatus.OutOfFunds,
  CampaignStatus.LimitReached,
]);

/** A campaign's billing terms and what it has spent, as locked in the batch's transaction. */
export type CampaignRules = {
  status: number;
  dailyBudgetMicros: bigint;
  /** null: no total budget. */
  totalBudgetMicros: bigint | null;
  /** Spent per UTC day ('YYYY-MM-DD') of the batch's events. */
  spentOn: Map<string, bigint>;
  spentTotal: bigint;
  charge: (at: Date, cost: bigint) => void;
};

/**
 * Locks the batch's campaigns (FOR NO KEY UPDATE, id order, after the advertisers: every
 * writer takes advertisers first, so no two batches deadlock) and reads their budgets and
 * spend from campaign_spend_daily inside the transaction: a concurrent batch of the same
 * campaign waits for this one and then sees its spend.
 */
async function lockCampaignRules(tx: Tx, events: readonly DeliveryEvent[]): Promise<Map<number, CampaignRules>> {
  const ids = [...new Set(events.map((e) => e.campaignId))].sort((a, b) => a - b);
  const days = [...new Set(events.map((e) => isoDay(e.at)))];
  const out = new Map<number, CampaignRules>();
  for (const part of chunks(ids)) {
    const rows = await tx
      .select({
        id: campaigns.id,
        status: campaigns.status,
        daily: campaigns.dailyBudgetMicros,
        budgetFlag: campaigns.budgetFlag,
        budget: campaigns.budgetMicros,
      })
      .from(campaigns)
      .where(inArray(campaigns.id, part))
      .orderBy(campaigns.id)
      .for('no key update');
    for (const r of rows) {
      const rules: CampaignRules = {
        status: r.status,
        dailyBudgetMicros: r.daily,
        totalBudgetMicros: r.budgetFlag ? (r.budget ?? 0n) : null,
        spentOn: new Map(),
        spentTotal: 0n,
        charge(at, cost) {
          const day = isoDay(at);
          this.spentOn.set(day, (this.spentOn.get(day) ?? 0n) + cost);
          this.spentTotal += cost;
        },
      };
      out.set(r.id, rules);
    }
    if (!rows.length) continue;
    const found = rows.map((r) => r.id);
    const totals = await tx
      .select({ id: campaignSpendDaily.campaignId, total: sql<string>`sum(${campaignSpendDaily.costMicros})::text` })
      .from(campaignSpendDaily)
      .where(inArray(campaignSpendDaily.campaignId, found))
      .groupBy(campaignSpendDaily.campaignId);
    for (const t of totals) {
      const rules = out.get(t.id);
      if (rules) rules.spentTotal = BigInt(t.total ?? '0');
    }
    const perDay = await tx
      .select({ id: campaignSpendDaily.campaignId, day: campaignSpendDaily.day, cost: campaignSpendDaily.costMicros })
      .from(campaignSpendDaily)
      .where(and(inArray(campaignSpendDaily.campaignId, found), inArray(campaignSpendDaily.day, days)));
    for (const d of perDay) out.get(d.id)?.spentOn.set(String(d.day), d.cost);
  }
  return out;
}

/**
 * Why this event may not be billed (null: it may), checked in order against the locked
 * campaign and balance: the campaign's state, its daily budget (on the event's UTC day), its
 * total budget, then the advertiser's balance. An event that costs nothing (a CPC impression)
 * is refused only for the campaign's state. A campaign the database does not know (rows are
 * never deleted; only tests record such events) is held to the balance alone.
 */
export function billingRefusal(
  e: DeliveryEvent,
  rules: CampaignRules | undefined,
  balance: bigint,
): FilterReason | null {
  const cost = costOf(e);
  if (rules) {
    if (!BILLABLE_STATUSES.has(rules.status)) return FilterReason.CampaignInactive;
    if (cost > 0n) {
      if ((rules.spentOn.get(isoDay(e.at)) ?? 0n) + cost > rules.dailyBudgetMicros) return FilterReason.DailyBudget;
      if (rules.totalBudgetMicros !== null && rules.spentTotal + cost > rules.totalBudgetMicros)
        return FilterReason.TotalBudget;
    }
  }
  if (cost > balance) return FilterReason.InsufficientFunds;
  return null;
}

/** Hour start (UTC) of a date. */
const hourStart = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Writes one batch in ONE transaction: raw events, the stats_hourly rollup, the daily
 * campaign totals, campaign statuses (Out of Funds when an advertiser's balance reached zero
 * or no longer covered an event, Limit Reached when a total budget is used up) and, last, the
 * ledger posting. Events are billed in order against the locked advertisers and campaigns
 * (docs/decisions/020-budgets-at-click-time.md): one that the campaign's state, its daily or
 * total budget or the balance refuses is marked with its `filterReason` and is never money
 * nor billed statistics (never recorded at cost 0). Each publisher gets
 * floor(cost × REVENUE_SHARE) per billed event from the advertiser, network revenue the rest.
 * Throws (and writes nothing) on any failure.
 *
 * Money and statistics only: the low-balance notice and the referral reward follow after
 * commit from `spend.recorded`, the delivery index from `campaign.changed` (status changes).
 */
export async function recordBatch(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: DeliveryEvent[],
  opts: RecordOptions = {},
): Promise<RecordResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction((tx) => writeBatch(tx, ctx.config, input, opts));
    } catch (error) {
      if (!(error instanceof ClickRace) || attempt >= 2) throw error;
    }
  }
}

/**
 * recordBatch inside the caller's transaction (the stream's consumer: the batch is taken,
 * recorded and removed from the stream, or given its receipts, in one commit). Each attempt
 * runs in a savepoint, so a click recorded concurrently is retried without losing the
 * caller's work.
 */
export async function recordBatchIn(
  tx: Tx,
  config: AppContext['config'],
  input: DeliveryEvent[],
  opts: RecordOptions = {},
): Promise<RecordResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction((savepoint) => writeBatch(savepoint, config, input, opts));
    } catch (error) {
      if (!(error instanceof ClickRace) || attempt >= 2) throw error;
    }
  }
}

async function writeBatch(
  tx: Tx,
  config: AppContext['config'],
  input: DeliveryEvent[],
  opts: RecordOptions,
): Promise<RecordResult> {
  const share = shareMillionths(config.delivery.revenueShare);
  const writeRaw = opts.raw !== false;
  const rawCutoff = (opts.now ?? new Date()).getTime() - config.delivery.eventRetentionDays * DAY_MS;

  // 1. A click is billed once per impression: in this batch, and against what is stored. A
  // repeated one is kept as filtered (RepeatedClick); clicks already filtered take no part.
  const clickIds = new Set<string>();
  let duplicateClicks = 0;
  const repeated = (e: DeliveryEvent): DeliveryEvent => {
    duplicateClicks++;
    return { ...e, filterReason: FilterReason.RepeatedClick };
  };
  let events = input.map((e) => {
    if (e.kind !== EventKind.Click || e.filterReason) return e;
    if (clickIds.has(e.impressionId)) return repeated(e);
    clickIds.add(e.impressionId);
    return e;
  });
  if (clickIds.size) {
    const stored = new Set<string>();
    for (const part of chunks([...clickIds])) {
      const rows = await tx
        .select({ id: adEvents.impressionId })
        .from(adEvents)
        .where(and(eq(adEvents.kind, EventKind.Click), inArray(adEvents.impressionId, part)));
      for (const r of rows) stored.add(r.id);
    }
    if (stored.size)
      events = events.map((e) =>
        e.kind === EventKind.Click && !e.filterReason && stored.has(e.impressionId) ? repeated(e) : e,
      );
  }
  const result: RecordResult = {
    recorded: events.length,
    duplicateClicks,
    filtered: 0,
    filteredBy: {},
    costMicros: 0n,
    earningsMicros: 0n,
    balances: new Map(),
    outOfFunds: [],
    limitReached: [],
    statusChanged: false,
  };
  if (!events.length) return result;

  // 2. Money: lock the advertisers (in id order: no deadlock between two batches) and bill in order.
  // FOR NO KEY UPDATE: rows that merely reference a user (a new ledger account, a hold) need not wait.
  const advertiserIds = [...new Set(events.map((e) => e.advertiserId))].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: users.id, balance: users.balanceMicros })
    .from(users)
    .where(inArray(users.id, advertiserIds))
    .orderBy(users.id)
    .for('no key update');
  const remaining = new Map(locked.map((r) => [r.id, r.balance]));
  for (const id of advertiserIds)
    if (!remaining.has(id)) throw new Error(`recordBatch: advertiser ${id} does not exist`);
  // The campaigns of the batch, locked after the advertisers (id order: no deadlock), with what
  // they spent on each day of the batch and in total: the database decides what may be billed.
  const rules = await lockCampaignRules(tx, events);
  const broke = new Set<number>();
  const budgetUsed = new Set<number>();
  events = events.map((e) => {
    if (e.filterReason) return e;
    const reason = billingRefusal(e, rules.get(e.campaignId), remaining.get(e.advertiserId) ?? 0n);
    if (reason) {
      if (reason === FilterReason.InsufficientFunds) broke.add(e.advertiserId);
      if (reason === FilterReason.TotalBudget) budgetUsed.add(e.campaignId);
      return { ...e, filterReason: reason };
    }
    const cost = costOf(e);
    remaining.set(e.advertiserId, (remaining.get(e.advertiserId) ?? 0n) - cost);
    rules.get(e.campaignId)?.charge(e.at, cost);
    return e;
  });
  // Filtered events (invalid traffic, or not billable above) are never money nor billed statistics.
  const billed = events
    .filter((e) => !e.filterReason)
    .map((e) => {
      const cost = costOf(e);
      return { e, cost, earnings: earningsOf(cost, share) };
    });
  result.recorded = billed.length;
  result.filtered = events.length - billed.length;
  for (const e of events)
    if (e.filterReason) result.filteredBy[e.filterReason] = (result.filteredBy[e.filterReason] ?? 0) + 1;
  // Every event whose filterReason is set by now (invalid traffic, repeated clicks, the billing
  // rules above) goes to the filtered statistics, and nowhere else.
  await writeFiltered(tx, events);

  // 3. Raw events (the Performance tab), kept EVENT_RETENTION_DAYS.
  if (writeRaw || billed.some((b) => b.e.at.getTime() >= rawCutoff)) {
    const rows = billed
      .filter((b) => writeRaw || b.e.at.getTime() >= rawCutoff)
      .map(({ e, cost, earnings }) => ({
        at: e.at,
        kind: e.kind,
        impressionId: e.impressionId,
        campaignId: e.campaignId,
        creativeId: e.creativeId,
        zoneId: e.zoneId,
        websiteId: e.websiteId,
        advertiserId: e.advertiserId,
        publisherId: e.publisherId,
        country: e.country,
        os: e.os,
        browser: e.browser,
        device: e.device,
        costMicros: cost,
        earningsMicros: earnings,
      }));
    const expectedClicks = rows.filter((r) => r.kind === EventKind.Click).length;
    let insertedClicks = 0;
    for (const part of chunks(rows, 5000)) {
      // One array parameter per column (unnest): a few parameters instead of 15 per row.
      const inserted = (await tx.execute(sql`insert into ${adEvents} (at, kind, impression_id, campaign_id, creative_id,
          zone_id, website_id, advertiser_id, publisher_id, country, os, browser, device, cost_micros, earnings_micros)
        select * from unnest(${pgArray(part.map((r) => r.at.toISOString()))}::timestamptz[],
          ${pgArray(part.map((r) => r.kind))}::smallint[], ${pgArray(part.map((r) => r.impressionId))}::text[],
          ${pgArray(part.map((r) => r.campaignId))}::integer[], ${pgArray(part.map((r) => r.creativeId))}::integer[],
          ${pgArray(part.map((r) => r.zoneId))}::integer[], ${pgArray(part.map((r) => r.websiteId))}::integer[],
          ${pgArray(part.map((r) => r.advertiserId))}::integer[], ${pgArray(part.map((r) => r.publisherId))}::integer[],
          ${pgArray(part.map((r) => r.country))}::text[], ${pgArray(part.map((r) => r.os))}::text[],
          ${pgArray(part.map((r) => r.browser))}::text[], ${pgArray(part.map((r) => r.device))}::smallint[],
          ${pgArray(part.map((r) => r.costMicros))}::bigint[], ${pgArray(part.map((r) => r.earningsMicros))}::bigint[])
        on conflict do nothing
        returning kind`)) as unknown as { rows: { kind: number }[] };
      for (const r of inserted.rows) if (Number(r.kind) === EventKind.Click) insertedClicks++;
    }
    // Another process recorded one of these clicks after our check: start again.
    if (insertedClicks !== expectedClicks) throw new ClickRace('click recorded concurrently');
  }

  // 4. The hourly rollup, aggregated in memory first.
  type Agg = { impressions: number; clicks: number; cost: bigint; earnings: bigint };
  const hourly = new Map<string, Agg & { row: DeliveryEvent; hour: Date }>();
  const daily = new Map<string, Agg & { campaignId: number; day: string }>();
  const websiteDaily = new Map<string, Agg & { websiteId: number; day: string }>();
  const perAdvertiser = new Map<number, bigint>();
  const perPair = new Map<string, AdSpendLine>();
  for (const { e, cost, earnings } of billed) {
    const hour = hourStart(e.at);
    const hk = `${hour.getTime()}|${e.campaignId}|${e.creativeId}|${e.zoneId}|${e.country}|${e.os}|${e.browser}`;
    let h = hourly.get(hk);
    if (!h) {
      h = { impressions: 0, clicks: 0, cost: 0n, earnings: 0n, row: e, hour };
      hourly.set(hk, h);
    }
    const day = isoDay(e.at);
    const dk = `${e.campaignId}|${day}`;
    let d = daily.get(dk);
    if (!d) {
      d = { impressions: 0, clicks: 0, cost: 0n, earnings: 0n, campaignId: e.campaignId, day };
      daily.set(dk, d);
    }
    const wk = `${e.websiteId}|${day}`;
    let w = websiteDaily.get(wk);
    if (!w) {
      w = { impressions: 0, clicks: 0, cost: 0n, earnings: 0n, websiteId: e.websiteId, day };
      websiteDaily.set(wk, w);
    }
    for (const a of [h, d, w]) {
      if (e.kind === EventKind.Impression) a.impressions++;
      else a.clicks++;
      a.cost += cost;
      a.earnings += earnings;
    }
    perAdvertiser.set(e.advertiserId, (perAdvertiser.get(e.advertiserId) ?? 0n) + cost);
    const pairKey = `${e.advertiserId}|${e.publisherId}`;
    const pair = perPair.get(pairKey);
    if (pair) {
      pair.costMicros += cost;
      pair.earningsMicros += earnings;
    } else
      perPair.set(pairKey, {
        advertiserId: e.advertiserId,
        publisherId: e.publisherId,
        costMicros: cost,
        earningsMicros: earnings,
      });
    result.costMicros += cost;
    result.earningsMicros += earnings;
  }
  for (const part of chunks([...hourly.values()], 5000)) {
    await tx.execute(sql`insert into ${statsHourly} (hour, campaign_id, creative_id, zone_id, website_id, advertiser_id,
        publisher_id, country, os, browser, impressions, clicks, cost_micros, earnings_micros)
      select * from unnest(${pgArray(part.map((h) => h.hour.toISOString()))}::timestamptz[],
        ${pgArray(part.map((h) => h.row.campaignId))}::integer[], ${pgArray(part.map((h) => h.row.creativeId))}::integer[],
        ${pgArray(part.map((h) => h.row.zoneId))}::integer[], ${pgArray(part.map((h) => h.row.websiteId))}::integer[],
        ${pgArray(part.map((h) => h.row.advertiserId))}::integer[], ${pgArray(part.map((h) => h.row.publisherId))}::integer[],
        ${pgArray(part.map((h) => h.row.country))}::text[], ${pgArray(part.map((h) => h.row.os))}::text[],
        ${pgArray(part.map((h) => h.row.browser))}::text[], ${pgArray(part.map((h) => h.impressions))}::bigint[],
        ${pgArray(part.map((h) => h.clicks))}::bigint[], ${pgArray(part.map((h) => h.cost))}::bigint[],
        ${pgArray(part.map((h) => h.earnings))}::bigint[])
      on conflict (hour, campaign_id, creative_id, zone_id, country, os, browser) do update set
        impressions = ${statsHourly}.impressions + excluded.impressions,
        clicks = ${statsHourly}.clicks + excluded.clicks,
        cost_micros = ${statsHourly}.cost_micros + excluded.cost_micros,
        earnings_micros = ${statsHourly}.earnings_micros + excluded.earnings_micros`);
  }
  for (const part of chunks([...daily.values()], 500)) {
    await tx
      .insert(campaignSpendDaily)
      .values(
        part.map((d) => ({
          campaignId: d.campaignId,
          day: d.day,
          impressions: d.impressions,
          clicks: d.clicks,
          costMicros: d.cost,
        })),
      )
      .onConflictDoUpdate({
        target: [campaignSpendDaily.campaignId, campaignSpendDaily.day],
        set: {
          impressions: sql`${campaignSpendDaily.impressions} + excluded.impressions`,
          clicks: sql`${campaignSpendDaily.clicks} + excluded.clicks`,
          costMicros: sql`${campaignSpendDaily.costMicros} + excluded.cost_micros`,
        },
      });
  }

  for (const part of chunks([...websiteDaily.values()], 500)) {
    await tx
      .insert(websiteEarningsDaily)
      .values(
        part.map((w) => ({
          websiteId: w.websiteId,
          day: w.day,
          impressions: w.impressions,
          clicks: w.clicks,
          earningsMicros: w.earnings,
        })),
      )
      .onConflictDoUpdate({
        target: [websiteEarningsDaily.websiteId, websiteEarningsDaily.day],
        set: {
          impressions: sql`${websiteEarningsDaily.impressions} + excluded.impressions`,
          clicks: sql`${websiteEarningsDaily.clicks} + excluded.clicks`,
          earningsMicros: sql`${websiteEarningsDaily.earningsMicros} + excluded.earnings_micros`,
        },
      });
  }

  // 5. Statuses: no money left → Out of Funds; total budget used up → Limit Reached.
  const announced: DomainEvent[] = [];
  for (const [userId, cost] of perAdvertiser)
    if (cost > 0n) announced.push({ type: 'spend.recorded', userId, amountMicros: cost.toString() });
  for (const id of advertiserIds) if ((remaining.get(id) ?? 0n) <= 0n) broke.add(id);
  if (broke.size) {
    const rows = await tx
      .update(campaigns)
      .set({ status: CampaignStatus.OutOfFunds, updatedAt: new Date() })
      .where(and(inArray(campaigns.ownerId, [...broke]), eq(campaigns.status, CampaignStatus.Delivering)))
      .returning({ id: campaigns.id, ownerId: campaigns.ownerId });
    result.outOfFunds = rows.map((r) => r.id);
    for (const r of rows) announced.push({ type: 'campaign.changed', campaignId: r.id, ownerId: r.ownerId });
  }
  const touched = [...new Set([...billed.map((b) => b.e.campaignId), ...budgetUsed])];
  for (const part of chunks(touched)) {
    const rows = await tx
      .update(campaigns)
      .set({ status: CampaignStatus.LimitReached, updatedAt: new Date() })
      .where(
        and(
          inArray(campaigns.id, part),
          eq(campaigns.status, CampaignStatus.Delivering),
          eq(campaigns.budgetFlag, true),
          // Used up, or the next event no longer fits in what is left of it.
          sql`(${campaigns.id} = any(${pgArray([...budgetUsed])}::integer[]) or ${campaigns.budgetMicros} <= (select coalesce(sum(d.cost_micros), 0) from ${campaignSpendDaily} d where d.campaign_id = ${campaigns.id}))`,
        ),
      )
      .returning({ id: campaigns.id, ownerId: campaigns.ownerId });
    result.limitReached.push(...rows.map((r) => r.id));
    for (const r of rows) announced.push({ type: 'campaign.changed', campaignId: r.id, ownerId: r.ownerId });
  }
  result.statusChanged = result.outOfFunds.length > 0 || result.limitReached.length > 0;
  await emitEvents(tx, announced);

  // 6. The ledger, one posting, last: each advertiser pays each publisher their earnings and
  // the network revenue the rest (ledger.service postAdSpend). Network revenue is shared by
  // every batch: it stays locked only from here to the commit.
  const posted = await postAdSpend(tx, [...perPair.values()]);
  for (const userId of advertiserIds)
    result.balances.set(userId, balanceAfter(posted, available(userId)) ?? remaining.get(userId) ?? 0n);
  return result;
}

/** A write outage logs one line per this interval, with the count of repeats left out. */
const LOG_INTERVAL_MS = 10_000;

/** What the hooks hear of a batch found written after its connection was lost: its events, no figures. */
const unknownResult = () =>
  ({
    recorded: 0,
    duplicateClicks: 0,
    filtered: 0,
    filteredBy: {},
    costMicros: 0n,
    earningsMicros: 0n,
    balances: new Map(),
    outOfFunds: [],
    limitReached: [],
    statusChanged: false,
  }) as RecordResult;

/** SQLSTATE classes and socket codes of a connection that broke (its last COMMIT may have landed). */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Did this failure lose the connection (rather than the database refusing the batch)? */
export function connectionLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|not queryable|connection lost/i.test(message))
      return true;
    e = cause;
  }
  return false;
}

type RecorderHooks = {
  onCommitted?: (events: DeliveryEvent[], result: RecordResult) => void;
  onPushed?: (event: DeliveryEvent) => void;
};

/** Appends arriving within this window (or during the previous write) share one write (ms). */
const APPEND_WINDOW_MS = 1;

export type RecorderOptions = {
  logIntervalMs?: number;
  now?: () => number;
  /**
   * The durable stream (docs/decisions/028-durable-delivery-events.md): `append` resolves once
   * the event is stored there, and (`consume`, default true) this process records from it.
   * Without one, events wait in this process's buffer (DELIVERY_STREAM=memory).
   */
  stream?: DeliveryStream;
  consume?: boolean;
  consumer?: ConsumerOptions;
};

/**
 * What /serve and /click hand their events to. With a durable stream, `append` stores the
 * event there (group-committed) before the answer is sent and the stream's consumer records
 * it (./consumer.ts). Without one (DELIVERY_STREAM=memory), the buffer in front of
 * recordBatch: events are written every flushMs or as soon as batchMax are waiting; a failed
 * batch stays in the buffer and is tried again on the next flush (it was written entirely or
 * not at all). `close()` flushes; a crash loses at most one interval.
 */
export class Recorder {
  private buffer: DeliveryEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Failed batch writes of the buffer since the recorder started. */
  private bufferFailures = 0;
  /** Failed writes since the last successful one (the readiness answer reports it). */
  consecutiveFailures = 0;
  lastSuccessAt: Date | null = null;
  lastFailureAt: Date | null = null;
  /** One line per interval during an outage, never the batch's parameters (decision 024). */
  private readonly errors: ThrottledErrorLog;
  /** Events at the buffer's head whose last write lost its connection (0: none): committed or not? */
  private uncertain = 0;
  private readonly stream: DeliveryStream | null;
  private readonly appender: GroupCommit<DeliveryEvent> | null;
  /** Records from the stream (null: no stream, or this process only appends). */
  readonly consumer: StreamConsumer | null;
  /** Appends that failed in a row (the event was answered with no ad, or not billed). */
  appendFailures = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config'>,
    private readonly hooks: RecorderHooks = {},
    log?: { error: (o: object, m: string) => void },
    opts: RecorderOptions = {},
  ) {
    this.errors = new ThrottledErrorLog(log, { intervalMs: opts.logIntervalMs ?? LOG_INTERVAL_MS, now: opts.now });
    this.stream = opts.stream ?? null;
    const stream = this.stream;
    this.appender = stream
      ? new GroupCommit((events) => stream.append(events), {
          windowMs: APPEND_WINDOW_MS,
          max: ctx.config.delivery.batchMax,
        })
      : null;
    this.consumer =
      stream && opts.consume !== false ? new StreamConsumer(ctx, stream, hooks, log, opts.consumer) : null;
  }

  /**
   * Hands one event over before its answer is sent. With a stream: resolves true once it is
   * stored durably, false when the append failed (logged; the engine forgets its pending spend:
   * /serve then answers with no ad, /click still redirects but the click is not billed).
   */
  async append(event: DeliveryEvent): Promise<boolean> {
    if (!this.appender) {
      this.push(event);
      return true;
    }
    this.hooks.onPushed?.(event);
    try {
      await this.appender.add(event);
      this.consumer?.appended();
      this.appendFailures = 0;
      this.errors.recovered('append');
      return true;
    } catch (error) {
      this.appendFailures++;
      this.errors.error('append', error, { appendFailures: this.appendFailures }, 'appending a delivery event failed');
      this.hooks.onCommitted?.([event], unknownResult());
      return false;
    }
  }

  /** Failed batch writes since the recorder started (the buffer's, or the stream consumer's). */
  get failures() {
    return this.consumer ? this.consumer.failures : this.bufferFailures;
  }

  start() {
    if (this.stream) {
      this.consumer?.start();
      return;
    }
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.ctx.config.delivery.flushMs);
    this.timer.unref();
  }

  /**
   * Events waiting to be recorded: the buffer, or the stream's backlog as last counted (at
   * least the batches the consumer is retrying).
   */
  get size() {
    if (!this.stream) return this.buffer.length;
    const c = this.consumer?.status();
    return c ? Math.max(c.backlog, c.held) : 0;
  }

  /**
   * Ten batches are waiting: the database keeps refusing them. Delivery then serves nothing
   * rather than count traffic it cannot bill, and the waiting events are kept, not dropped.
   */
  get saturated() {
    // With a stream, an append that fails answers no ad by itself (the stream holds no buffer here).
    return !this.stream && this.buffer.length >= this.ctx.config.delivery.batchMax * 10;
  }

  push(event: DeliveryEvent) {
    if (this.appender) {
      void this.append(event);
      return;
    }
    this.buffer.push(event);
    this.hooks.onPushed?.(event);
    if (this.buffer.length >= this.ctx.config.delivery.batchMax) void this.flush().catch(() => undefined);
  }

  /**
   * Writes what is buffered now (one transaction per batchMax events). Rejects when a batch
   * fails. With a stream: waits for the appends in flight, then (when this process consumes)
   * records until the stream is empty.
   */
  async flush(): Promise<void> {
    if (this.appender) {
      await this.appender.idle().catch(() => undefined);
      await this.consumer?.drain();
      return;
    }
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** What the readiness answer reports (GET /api/ready). */
  status() {
    const c = this.consumer?.status();
    return {
      buffered: this.size,
      saturated: this.saturated,
      consecutiveFailures: Math.max(c?.consecutiveFailures ?? this.consecutiveFailures, this.appendFailures),
      lastSuccessAt: c ? c.lastSuccessAt : this.lastSuccessAt,
      lastFailureAt: c ? c.lastFailureAt : this.lastFailureAt,
      stream: this.stream ? { kind: this.stream.kind, consuming: this.consumer !== null, ...c } : null,
    };
  }

  /**
   * The head of the buffer is a batch whose last attempt failed: when the failure was a lost
   * connection its COMMIT may have gone through unanswered. Its billed impressions in ad_events
   * say so (impression ids are random; the (campaign_id, at) index finds them): then it is
   * dropped, never written twice. Clicks need no check (one per impression, by a unique index).
   */
  private async alreadyWritten(batch: readonly DeliveryEvent[]): Promise<boolean> {
    const billed = batch.filter((e) => e.kind === EventKind.Impression && !e.filterReason);
    if (!billed.length) return false;
    let min = billed[0]?.at ?? new Date();
    let max = min;
    for (const e of billed) {
      if (e.at < min) min = e.at;
      if (e.at > max) max = e.at;
    }
    const campaignIds = [...new Set(billed.map((e) => e.campaignId))];
    const found = (await this.ctx.db.execute(sql`select 1 from ${adEvents}
      where campaign_id = any(${pgArray(campaignIds)}::integer[]) and kind = ${EventKind.Impression}
        and at between ${min.toISOString()}::timestamptz and ${max.toISOString()}::timestamptz
        and impression_id = any(${pgArray(billed.map((e) => e.impressionId))}::text[])
      limit 1`)) as unknown as { rows: unknown[] };
    return found.rows.length > 0;
  }

  private async drain() {
    while (this.buffer.length) {
      // A batch that failed is retried as it was (events pushed since then come after it).
      const size = this.uncertain || this.ctx.config.delivery.batchMax;
      const batch = this.buffer.splice(0, size);
      let result: RecordResult;
      try {
        if (this.uncertain && (await this.alreadyWritten(batch))) {
          this.uncertain = 0;
          this.consecutiveFailures = 0;
          this.lastSuccessAt = new Date();
          this.errors.recovered('batch');
          // Its pending spend ends; balances come with the next index refresh.
          this.hooks.onCommitted?.(batch, unknownResult());
          continue;
        }
        result = await recordBatch(this.ctx, batch);
      } catch (error) {
        // Nothing of the batch was written, or (a lost connection) perhaps all of it: keep it,
        // in order, for the next flush, which checks first when the connection was lost.
        this.buffer.unshift(...batch);
        this.uncertain = connectionLost(error) ? batch.length : 0;
        this.bufferFailures++;
        this.consecutiveFailures++;
        this.lastFailureAt = new Date();
        this.errors.error(
          'batch',
          error,
          { events: batch.length, buffered: this.buffer.length, consecutiveFailures: this.consecutiveFailures },
          'recording a delivery batch failed; will retry',
        );
        throw error;
      }
      this.uncertain = 0;
      this.consecutiveFailures = 0;
      this.lastSuccessAt = new Date();
      this.errors.recovered('batch');
      // Outside the try: the batch is committed, whatever a hook does it must not be written twice.
      this.hooks.onCommitted?.(batch, result);
    }
  }

  /** Stops the timer and writes the buffer. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    if (this.appender) {
      await this.appender.idle().catch(() => undefined);
      await this.consumer?.close();
      await this.stream?.close();
      return;
    }
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } catch {
      // logged in drain; nothing more to do while shutting down
    }
  }
}

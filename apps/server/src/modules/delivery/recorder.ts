import { and, eq, inArray, sql } from 'drizzle-orm';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { DAY_MS, HOUR_MS, isoDay } from '@cryptads/contract/dates';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { adEvents, campaignSpendDaily, statsHourly, websiteEarningsDaily } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { type DomainEvent, emitEvents } from '../events/events';
import { type AdSpendLine, available, balanceAfter, postAdSpend } from '../ledger/ledger.service';
import { type DeliveryEvent, EventKind } from './types';

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
  /** Clicks dropped because their impression was already clicked. */
  duplicateClicks: number;
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

/** Hour start (UTC) of a date. */
const hourStart = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Writes one batch in ONE transaction: raw events, the stats_hourly rollup, the daily
 * campaign totals, campaign statuses (Out of Funds when an advertiser's balance reached zero
 * or the cap bit, Limit Reached when a total budget is used up) and, last, the ledger posting
 * (capped so no balance goes below zero: events are billed in order, what no longer fits is
 * recorded at cost 0; each publisher gets floor(cost × REVENUE_SHARE) per event from the
 * advertiser, network revenue the rest). Throws (and writes nothing) on any failure.
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

async function writeBatch(
  tx: Tx,
  config: AppContext['config'],
  input: DeliveryEvent[],
  opts: RecordOptions,
): Promise<RecordResult> {
  const share = shareMillionths(config.delivery.revenueShare);
  const writeRaw = opts.raw !== false;
  const rawCutoff = (opts.now ?? new Date()).getTime() - config.delivery.eventRetentionDays * DAY_MS;

  // 1. A click counts once per impression: in this batch, and against what is stored.
  const clickIds = new Set<string>();
  let events = input.filter((e) => {
    if (e.kind !== EventKind.Click) return true;
    if (clickIds.has(e.impressionId)) return false;
    clickIds.add(e.impressionId);
    return true;
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
    if (stored.size) events = events.filter((e) => e.kind !== EventKind.Click || !stored.has(e.impressionId));
  }
  const duplicateClicks = input.length - events.length;
  const result: RecordResult = {
    recorded: events.length,
    duplicateClicks,
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
  const capBit = new Set<number>();
  const billed = events.map((e) => {
    const left = remaining.get(e.advertiserId) ?? 0n;
    let cost = e.costMicros < 0n ? 0n : e.costMicros;
    if (cost > left) {
      cost = left;
      capBit.add(e.advertiserId);
    }
    remaining.set(e.advertiserId, left - cost);
    return { e, cost, earnings: earningsOf(cost, share) };
  });

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
  const broke = advertiserIds.filter((id) => capBit.has(id) || (remaining.get(id) ?? 0n) <= 0n);
  if (broke.length) {
    const rows = await tx
      .update(campaigns)
      .set({ status: CampaignStatus.OutOfFunds, updatedAt: new Date() })
      .where(and(inArray(campaigns.ownerId, broke), eq(campaigns.status, CampaignStatus.Delivering)))
      .returning({ id: campaigns.id, ownerId: campaigns.ownerId });
    result.outOfFunds = rows.map((r) => r.id);
    for (const r of rows) announced.push({ type: 'campaign.changed', campaignId: r.id, ownerId: r.ownerId });
  }
  const touched = [...new Set(events.map((e) => e.campaignId))];
  for (const part of chunks(touched)) {
    const rows = await tx
      .update(campaigns)
      .set({ status: CampaignStatus.LimitReached, updatedAt: new Date() })
      .where(
        and(
          inArray(campaigns.id, part),
          eq(campaigns.status, CampaignStatus.Delivering),
          eq(campaigns.budgetFlag, true),
          sql`${campaigns.budgetMicros} <= (select coalesce(sum(d.cost_micros), 0) from ${campaignSpendDaily} d where d.campaign_id = ${campaigns.id})`,
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
  for (const userId of perAdvertiser.keys())
    result.balances.set(userId, balanceAfter(posted, available(userId)) ?? remaining.get(userId) ?? 0n);
  return result;
}

type RecorderHooks = {
  onCommitted?: (events: DeliveryEvent[], result: RecordResult) => void;
  onPushed?: (event: DeliveryEvent) => void;
};

/**
 * The buffer in front of recordBatch: events are written every flushMs or as soon as batchMax
 * are waiting. A failed batch stays in the buffer and is tried again on the next flush (it
 * was written entirely or not at all). `close()` flushes; a crash loses at most one interval.
 */
export class Recorder {
  private buffer: DeliveryEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private clicked = new Map<string, number>();
  private closed = false;
  failures = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config'>,
    private readonly hooks: RecorderHooks = {},
    private readonly log?: { error: (o: object, m: string) => void },
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.ctx.config.delivery.flushMs);
    this.timer.unref();
  }

  get size() {
    return this.buffer.length;
  }

  /**
   * Ten batches are waiting: the database keeps refusing them. Delivery then serves nothing
   * rather than count traffic it cannot bill, and the waiting events are kept, not dropped.
   */
  get saturated() {
    return this.buffer.length >= this.ctx.config.delivery.batchMax * 10;
  }

  push(event: DeliveryEvent) {
    this.buffer.push(event);
    this.hooks.onPushed?.(event);
    if (this.buffer.length >= this.ctx.config.delivery.batchMax) void this.flush().catch(() => undefined);
  }

  /**
   * A click on this impression for the first time (in this process)? Later ones are redirected
   * but not recorded; the database's one-click-per-impression index covers other processes.
   */
  firstClick(impressionId: string, now = Date.now()): boolean {
    if (this.clicked.has(impressionId)) return false;
    if (this.clicked.size >= 200_000) {
      const ttl = this.ctx.config.delivery.clickTtlHours * HOUR_MS;
      for (const [k, at] of this.clicked) if (at + ttl < now) this.clicked.delete(k);
    }
    this.clicked.set(impressionId, now);
    return true;
  }

  /** Writes what is buffered now (one transaction per batchMax events). Rejects when a batch fails. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async drain() {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.ctx.config.delivery.batchMax);
      try {
        const result = await recordBatch(this.ctx, batch);
        this.hooks.onCommitted?.(batch, result);
      } catch (error) {
        // Nothing of the batch was written: keep it, in order, for the next flush.
        this.buffer.unshift(...batch);
        this.failures++;
        this.log?.error({ err: error, events: batch.length }, 'recording a delivery batch failed; will retry');
        throw error;
      }
    }
  }

  /** Stops the timer and writes the buffer. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } catch {
      // logged in drain; nothing more to do while shutting down
    }
  }
}

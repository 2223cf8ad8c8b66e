import type { FilterReason } from '@cryptads/contract/delivery';
import { DAY_MS } from '@cryptads/contract/dates';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { type DomainEvent, emitEvents } from '../../events/events';
import { available, balanceAfter, postAdSpend } from '../../ledger/ledger.service';
import type { DeliveryEvent } from '../types';
import { claimBidNotices } from './bid-notices';
import { billedOf, billInOrder, lockAdvertisers, lockCampaignRules, shareMillionths } from './billing';
import { insertClickIds } from './click-ids';
import { markRepeatedClicks } from './clicks';
import { ClickRace } from './errors';
import { writeFiltered } from './filtered';
import { insertRawEvents } from './raw-events';
import { aggregate, writeRollups } from './rollups';
import { writeTraffic } from './traffic';
import { updateStatuses } from './statuses';
import { claimViewReports, splitViewReports } from './views';

/**
 * The batch writer (docs/decisions/007-delivery.md): `recordBatch` is the only way delivery
 * events enter the database. The stream runtime (../recorder.ts, ../consumer.ts) for /serve and
 * /click, the simulator's history mode and the demo seed all go through it, so money and
 * statistics can never disagree. It imports nothing of the runtime.
 */

/**
 * What writing a batch needs: the database and the configuration (AppContext's, named apart so
 * that the writer depends on nothing that holds the delivery runtime).
 */
export type WriterContext = { db: Db; config: Config };

export type RecordOptions = {
  /** false: raw events older than the retention are not written (history backfill). Default true. */
  raw?: boolean;
  /** "Now" for the retention rule (tests). */
  now?: Date;
  /**
   * The ledger posting's date, when the batch is the past (a recorded history: the day its
   * events happened), so the statement shows the spend on that day. Default: now.
   */
  postedAt?: Date;
};

export type RecordResult = {
  /** Events written (a replayed click is dropped). */
  recorded: number;
  /** Clicks whose impression was already clicked (recorded as filtered RepeatedClick, not billed). */
  duplicateClicks: number;
  /** Billing notices of won bids recorded before (dropped: neither money nor statistics). */
  repeatedNotices: number;
  /** Events not billed: invalid traffic, or a budget, the campaign's state or the balance refused them. */
  filtered: number;
  /** View reports that counted: impressions newly measured, and newly viewable (docs/decisions/061). */
  measured: number;
  viewable: number;
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

/** A result with nothing in it (also what the runtime reports for a batch found already written). */
export const emptyResult = (): RecordResult => ({
  recorded: 0,
  duplicateClicks: 0,
  repeatedNotices: 0,
  filtered: 0,
  measured: 0,
  viewable: 0,
  filteredBy: {},
  costMicros: 0n,
  earningsMicros: 0n,
  balances: new Map(),
  outOfFunds: [],
  limitReached: [],
  statusChanged: false,
});

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
  ctx: WriterContext,
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
  config: Config,
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

/** The steps of one batch, in the order their locks must be taken. */
async function writeBatch(tx: Tx, config: Config, batch: DeliveryEvent[], opts: RecordOptions): Promise<RecordResult> {
  const rawCutoff =
    opts.raw !== false ? null : (opts.now ?? new Date()).getTime() - config.delivery.eventRetentionDays * DAY_MS;
  // 0. View reports: each impression's measured and viewable report counted once, with the
  // batch's rollups below; never money (docs/decisions/061-viewable-impressions.md).
  const { reports, traffic: input } = splitViewReports(batch);
  const views = await claimViewReports(tx, reports);
  // 1. A won bid's impression is recorded once per billing notice, a click billed once per impression.
  const notices = await claimBidNotices(tx, input);
  const clicks = await markRepeatedClicks(tx, notices.events);
  const result: RecordResult = {
    ...emptyResult(),
    recorded: clicks.events.length,
    duplicateClicks: clicks.duplicateClicks,
    repeatedNotices: notices.repeatedNotices,
  };
  for (const v of views) {
    result.measured += v.measured;
    result.viewable += v.viewable;
  }
  if (!clicks.events.length) {
    if (views.length) {
      await writeRollups(tx, aggregate([], views));
      await writeTraffic(tx, [], views);
    }
    return result;
  }

  // 2. Money: lock the advertisers, then the campaigns (id order each: no deadlock between two
  // batches), and bill in order: the database decides what may be billed.
  const { advertiserIds, remaining } = await lockAdvertisers(tx, clicks.events);
  const rules = await lockCampaignRules(tx, clicks.events);
  const { events, broke, budgetUsed } = billInOrder(clicks.events, rules, remaining);
  // Filtered events (invalid traffic, or not billable above) are never money nor billed statistics.
  const billed = billedOf(events, shareMillionths(config.delivery.revenueShare));
  result.recorded = billed.length;
  result.filtered = events.length - billed.length;
  for (const e of events)
    if (e.filterReason) result.filteredBy[e.filterReason] = (result.filteredBy[e.filterReason] ?? 0) + 1;
  // Every event whose filterReason is set by now (invalid traffic, repeated clicks, the billing
  // rules above) goes to the filtered statistics, and nowhere else.
  await writeFiltered(tx, events);
  // Valid requests by format, country, device, os and browser: what forecasts read.
  await writeTraffic(tx, events, views);
  // Clicks by their own id, billed or filtered, for conversion tracking.
  await insertClickIds(tx, events);

  // 3. Raw events (the Performance tab), kept EVENT_RETENTION_DAYS.
  await insertRawEvents(tx, billed, rawCutoff);

  // 4. The rollups, aggregated in memory first.
  const rollups = aggregate(billed, views);
  result.costMicros = rollups.costMicros;
  result.earningsMicros = rollups.earningsMicros;
  await writeRollups(tx, rollups);

  // 5. Statuses: no money left → Out of Funds; total budget used up → Limit Reached.
  const announced: DomainEvent[] = [];
  for (const [userId, cost] of rollups.perAdvertiser)
    if (cost > 0n) announced.push({ type: 'spend.recorded', userId, amountMicros: cost.toString() });
  for (const id of advertiserIds) if ((remaining.get(id) ?? 0n) <= 0n) broke.add(id);
  const touched = [...new Set([...billed.map((b) => b.e.campaignId), ...budgetUsed])];
  const statuses = await updateStatuses(tx, { broke, budgetUsed, touched });
  result.outOfFunds = statuses.outOfFunds;
  result.limitReached = statuses.limitReached;
  result.statusChanged = result.outOfFunds.length > 0 || result.limitReached.length > 0;
  await emitEvents(tx, [...announced, ...statuses.announced]);

  // 6. The ledger, one posting, last: each advertiser pays each publisher their earnings and
  // the network revenue the rest (ledger.service postAdSpend). Network revenue is shared by
  // every batch: it stays locked only from here to the commit.
  const posted = await postAdSpend(tx, [...rollups.perPair.values()], { at: opts.postedAt });
  for (const userId of advertiserIds)
    result.balances.set(userId, balanceAfter(posted, available(userId)) ?? remaining.get(userId) ?? 0n);
  return result;
}

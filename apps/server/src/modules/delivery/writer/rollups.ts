import { type SQL, sql } from 'drizzle-orm';
import { HOUR_MS, isoDay } from '@cryptads/contract/dates';
import type { Tx } from '../../../db/client';
import { campaignSpendDaily, statsDaily, statsHourly, websiteEarningsDaily } from '../../../db/schema/stats';
import type { AdSpendLine } from '../../ledger/ledger.service';
import { type DeliveryEvent, EventKind } from '../types';
import type { BilledEvent } from './billing';
import { chunks, pgArray } from './sql';
import type { ViewCount } from './views';

type Agg = { impressions: number; clicks: number; cost: bigint; earnings: bigint; measured: number; viewable: number };

/** A batch's billed events summed the ways they are stored and paid. */
export type Rollups = {
  /** stats_hourly: per hour, campaign, creative, zone, country, os, browser and device. */
  hourly: Map<string, Agg & { row: DeliveryEvent; hour: Date }>;
  /** stats_daily: the same per UTC day. */
  statsDaily: Map<string, Agg & { row: DeliveryEvent; day: string }>;
  /** campaign_spend_daily: per campaign and UTC day. */
  daily: Map<string, Agg & { campaignId: number; day: string }>;
  /** website_earnings_daily: per website and UTC day. */
  websiteDaily: Map<string, Agg & { websiteId: number; day: string }>;
  /** What each advertiser spent (the spend.recorded events). */
  perAdvertiser: Map<number, bigint>;
  /** The ledger's lines: each advertiser's cost and each publisher's earnings from it, per campaign and website. */
  perPair: Map<string, AdSpendLine>;
  costMicros: bigint;
  earningsMicros: bigint;
};

/** Hour start (UTC) of a date. */
const hourStart = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

const entry = <V>(map: Map<string, V>, key: string, make: () => V): V => {
  let v = map.get(key);
  if (!v) {
    v = make();
    map.set(key, v);
  }
  return v;
};

/**
 * Aggregates in memory first: one upsert row per key, however many events share it. `views`
 * are the batch's view reports that counted (./views.ts): measured and viewable impressions in
 * the hour and day of their impression, beside the billed figures.
 */
export function aggregate(billed: readonly BilledEvent[], views: readonly ViewCount[] = []): Rollups {
  const r: Rollups = {
    hourly: new Map(),
    statsDaily: new Map(),
    daily: new Map(),
    websiteDaily: new Map(),
    perAdvertiser: new Map(),
    perPair: new Map(),
    costMicros: 0n,
    earningsMicros: 0n,
  };
  const zero = () => ({ impressions: 0, clicks: 0, cost: 0n, earnings: 0n, measured: 0, viewable: 0 });
  /** The hourly and daily rollup rows and the campaign's day of an event. */
  const rowsOf = (e: DeliveryEvent) => {
    const hour = hourStart(e.at);
    const combination = `${e.campaignId}|${e.creativeId}|${e.zoneId}|${e.country}|${e.os}|${e.browser}|${e.device}`;
    const h = entry(r.hourly, `${hour.getTime()}|${combination}`, () => ({ ...zero(), row: e, hour }));
    const day = isoDay(e.at);
    const sd = entry(r.statsDaily, `${day}|${combination}`, () => ({ ...zero(), row: e, day }));
    const d = entry(r.daily, `${e.campaignId}|${day}`, () => ({ ...zero(), campaignId: e.campaignId, day }));
    return { h, sd, d, day };
  };
  for (const { e, measured, viewable } of views) {
    const { h, sd, d } = rowsOf(e);
    for (const a of [h, sd, d]) {
      a.measured += measured;
      a.viewable += viewable;
    }
  }
  for (const { e, cost, earnings } of billed) {
    const { h, sd, d, day } = rowsOf(e);
    const w = entry(r.websiteDaily, `${e.websiteId}|${day}`, () => ({ ...zero(), websiteId: e.websiteId, day }));
    for (const a of [h, sd, d, w]) {
      if (e.kind === EventKind.Impression) a.impressions++;
      else a.clicks++;
      a.cost += cost;
      a.earnings += earnings;
    }
    // A recorded history's impression knows its viewability already (the website totals hold none).
    if (e.kind === EventKind.Impression && e.viewed)
      for (const a of [h, sd, d]) {
        a.measured++;
        if (e.viewed === 'viewable') a.viewable++;
      }
    r.perAdvertiser.set(e.advertiserId, (r.perAdvertiser.get(e.advertiserId) ?? 0n) + cost);
    // Per campaign and website, so the customers' statements say what the money was for.
    const pair = entry(r.perPair, `${e.advertiserId}|${e.publisherId}|${e.campaignId}|${e.websiteId}`, () => ({
      advertiserId: e.advertiserId,
      publisherId: e.publisherId,
      campaignId: e.campaignId,
      websiteId: e.websiteId,
      costMicros: 0n,
      earningsMicros: 0n,
    }));
    pair.costMicros += cost;
    pair.earningsMicros += earnings;
    r.costMicros += cost;
    r.earningsMicros += earnings;
  }
  return r;
}

/**
 * Adds the batch to stats_hourly and stats_daily (the same rows, by hour and by UTC day: a
 * report reads either and finds the same figures), campaign_spend_daily and
 * website_earnings_daily (which holds no viewability figures).
 */
export async function writeRollups(tx: Tx, r: Rollups) {
  for (const part of chunks([...r.hourly.values()], 5000))
    await upsertCombinations(
      tx,
      statsHourly,
      'hour',
      sql`${pgArray(part.map((h) => h.hour.toISOString()))}::timestamptz[]`,
      part,
    );
  for (const part of chunks([...r.statsDaily.values()], 5000))
    await upsertCombinations(tx, statsDaily, 'day', sql`${pgArray(part.map((d) => d.day))}::date[]`, part);
  // unnest of one array per column, as the rollups above: a VALUES list made drizzle type every
  // parameter of every row (about a fifth of a batch's CPU on the embedded database).
  for (const part of chunks([...r.daily.values()], 5000))
    await tx.execute(sql`insert into ${campaignSpendDaily} (campaign_id, day, impressions, clicks, cost_micros,
        measured_impressions, viewable_impressions)
      select * from unnest(${pgArray(part.map((d) => d.campaignId))}::integer[], ${pgArray(part.map((d) => d.day))}::text[],
        ${pgArray(part.map((d) => d.impressions))}::bigint[], ${pgArray(part.map((d) => d.clicks))}::bigint[],
        ${pgArray(part.map((d) => d.cost))}::bigint[], ${pgArray(part.map((d) => d.measured))}::bigint[],
        ${pgArray(part.map((d) => d.viewable))}::bigint[])
      on conflict (campaign_id, day) do update set
        impressions = ${campaignSpendDaily}.impressions + excluded.impressions,
        clicks = ${campaignSpendDaily}.clicks + excluded.clicks,
        cost_micros = ${campaignSpendDaily}.cost_micros + excluded.cost_micros,
        measured_impressions = ${campaignSpendDaily}.measured_impressions + excluded.measured_impressions,
        viewable_impressions = ${campaignSpendDaily}.viewable_impressions + excluded.viewable_impressions`);
  for (const part of chunks([...r.websiteDaily.values()], 5000))
    await tx.execute(sql`insert into ${websiteEarningsDaily} (website_id, day, impressions, clicks, earnings_micros)
      select * from unnest(${pgArray(part.map((w) => w.websiteId))}::integer[], ${pgArray(part.map((w) => w.day))}::text[],
        ${pgArray(part.map((w) => w.impressions))}::bigint[], ${pgArray(part.map((w) => w.clicks))}::bigint[],
        ${pgArray(part.map((w) => w.earnings))}::bigint[])
      on conflict (website_id, day) do update set
        impressions = ${websiteEarningsDaily}.impressions + excluded.impressions,
        clicks = ${websiteEarningsDaily}.clicks + excluded.clicks,
        earnings_micros = ${websiteEarningsDaily}.earnings_micros + excluded.earnings_micros`);
}

/** One upsert of rollup rows keyed by a period (`hour` or `day`) and the combination. */
async function upsertCombinations(
  tx: Tx,
  table: typeof statsHourly | typeof statsDaily,
  period: 'hour' | 'day',
  periods: SQL,
  part: (Agg & { row: DeliveryEvent })[],
) {
  await tx.execute(sql`insert into ${table} (${sql.raw(period)}, campaign_id, creative_id, zone_id, website_id, advertiser_id,
      publisher_id, country, os, browser, device, impressions, clicks, cost_micros, earnings_micros,
      measured_impressions, viewable_impressions)
    select * from unnest(${periods},
      ${pgArray(part.map((h) => h.row.campaignId))}::integer[], ${pgArray(part.map((h) => h.row.creativeId))}::integer[],
      ${pgArray(part.map((h) => h.row.zoneId))}::integer[], ${pgArray(part.map((h) => h.row.websiteId))}::integer[],
      ${pgArray(part.map((h) => h.row.advertiserId))}::integer[], ${pgArray(part.map((h) => h.row.publisherId))}::integer[],
      ${pgArray(part.map((h) => h.row.country))}::text[], ${pgArray(part.map((h) => h.row.os))}::text[],
      ${pgArray(part.map((h) => h.row.browser))}::text[], ${pgArray(part.map((h) => h.row.device))}::smallint[],
      ${pgArray(part.map((h) => h.impressions))}::bigint[],
      ${pgArray(part.map((h) => h.clicks))}::bigint[], ${pgArray(part.map((h) => h.cost))}::bigint[],
      ${pgArray(part.map((h) => h.earnings))}::bigint[],
      ${pgArray(part.map((h) => h.measured))}::bigint[], ${pgArray(part.map((h) => h.viewable))}::bigint[])
    on conflict (${sql.raw(period)}, campaign_id, creative_id, zone_id, country, os, browser, device) do update set
      impressions = ${table}.impressions + excluded.impressions,
      clicks = ${table}.clicks + excluded.clicks,
      cost_micros = ${table}.cost_micros + excluded.cost_micros,
      earnings_micros = ${table}.earnings_micros + excluded.earnings_micros,
      measured_impressions = ${table}.measured_impressions + excluded.measured_impressions,
      viewable_impressions = ${table}.viewable_impressions + excluded.viewable_impressions`);
}

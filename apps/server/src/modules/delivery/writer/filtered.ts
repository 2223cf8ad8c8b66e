import { sql } from 'drizzle-orm';
import { HOUR_MS } from '@cryptads/contract/dates';
import type { Tx } from '../../../db/client';
import { filteredHourly } from '../../../db/schema/stats';
import { pgArray } from './sql';
import { type DeliveryEvent, EventKind } from '../types';

/**
 * Writes the batch's filtered events (those with a `filterReason`) into `filtered_hourly`,
 * one upsert per hour, campaign, creative, zone, country, os, browser, device and reason (docs/decisions/019-invalid-traffic.md).
 * Called by the batch writer (./record-batch.ts) after billing, in the batch's transaction; never money.
 */
export async function writeFiltered(tx: Tx, events: readonly DeliveryEvent[]) {
  type Row = { e: DeliveryEvent; reason: string; hour: Date; impressions: number; clicks: number };
  const rows = new Map<string, Row>();
  for (const e of events) {
    if (!e.filterReason) continue;
    const hour = new Date(Math.floor(e.at.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${hour.getTime()}|${e.campaignId}|${e.creativeId}|${e.zoneId}|${e.country}|${e.os}|${e.browser}|${e.device}|${e.filterReason}`;
    let r = rows.get(key);
    if (!r) {
      r = { e, reason: e.filterReason, hour, impressions: 0, clicks: 0 };
      rows.set(key, r);
    }
    if (e.kind === EventKind.Click) r.clicks++;
    else r.impressions++;
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += 5000) {
    const part = all.slice(i, i + 5000);
    await tx.execute(sql`insert into ${filteredHourly} (hour, campaign_id, creative_id, zone_id, website_id,
        advertiser_id, publisher_id, country, os, browser, device, reason, impressions, clicks)
      select * from unnest(${pgArray(part.map((r) => r.hour.toISOString()))}::timestamptz[],
        ${pgArray(part.map((r) => r.e.campaignId))}::integer[], ${pgArray(part.map((r) => r.e.creativeId))}::integer[],
        ${pgArray(part.map((r) => r.e.zoneId))}::integer[], ${pgArray(part.map((r) => r.e.websiteId))}::integer[],
        ${pgArray(part.map((r) => r.e.advertiserId))}::integer[], ${pgArray(part.map((r) => r.e.publisherId))}::integer[],
        ${pgArray(part.map((r) => r.e.country))}::text[], ${pgArray(part.map((r) => r.e.os))}::text[],
        ${pgArray(part.map((r) => r.e.browser))}::text[], ${pgArray(part.map((r) => r.e.device))}::smallint[],
        ${pgArray(part.map((r) => r.reason))}::text[], ${pgArray(part.map((r) => r.impressions))}::bigint[],
        ${pgArray(part.map((r) => r.clicks))}::bigint[])
      on conflict (hour, campaign_id, creative_id, zone_id, country, os, browser, device, reason) do update set
        impressions = ${filteredHourly}.impressions + excluded.impressions,
        clicks = ${filteredHourly}.clicks + excluded.clicks`);
  }
}

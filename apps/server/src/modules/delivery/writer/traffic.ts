import { sql } from 'drizzle-orm';
import { FilterReason } from '@cryptads/contract/delivery';
import { HOUR_MS } from '@cryptads/contract/dates';
import type { Tx } from '../../../db/client';
import { trafficHourly } from '../../../db/schema/forecasts';
import { zones } from '../../../db/schema/websites';
import { type DeliveryEvent, EventKind } from '../types';
import { chunks, pgArray } from './sql';
import type { ViewCount } from './views';

/** Reasons that refuse the money, not the request: such a request was real traffic. */
const BILLING_REASONS: ReadonlySet<string> = new Set([
  FilterReason.CampaignInactive,
  FilterReason.DailyBudget,
  FilterReason.TotalBudget,
  FilterReason.InsufficientFunds,
]);

/** Not invalid traffic: billed, or refused only by a budget, the campaign's state or the balance. */
export const isValidRequest = (e: DeliveryEvent) => !e.filterReason || BILLING_REASONS.has(e.filterReason);

/**
 * Adds the batch's valid requests (impressions) and their clicks to `traffic_hourly`, the
 * forecasts' rollup (docs/decisions/045-forecasts.md), and the measured and viewable
 * impressions of the batch's view reports that counted (in their impression's hour).
 * Aggregated per zone in memory, then one statement per 5,000 rows joins the zones for their
 * format and sums per format.
 */
export async function writeTraffic(tx: Tx, events: readonly DeliveryEvent[], views: readonly ViewCount[] = []) {
  type Row = {
    hour: number;
    zoneId: number;
    e: DeliveryEvent;
    requests: number;
    clicks: number;
    measured: number;
    viewable: number;
  };
  const rows = new Map<string, Row>();
  const rowOf = (e: DeliveryEvent) => {
    const hour = Math.floor(e.at.getTime() / HOUR_MS) * HOUR_MS;
    const key = `${hour}|${e.zoneId}|${e.country}|${e.device}|${e.os}|${e.browser}`;
    let r = rows.get(key);
    if (!r) {
      r = { hour, zoneId: e.zoneId, e, requests: 0, clicks: 0, measured: 0, viewable: 0 };
      rows.set(key, r);
    }
    return r;
  };
  for (const e of events) {
    if (!isValidRequest(e)) continue;
    const r = rowOf(e);
    if (e.kind === EventKind.Impression) r.requests++;
    else r.clicks++;
    // A recorded history's impression knows its viewability already.
    if (e.kind === EventKind.Impression && e.viewed) {
      r.measured++;
      if (e.viewed === 'viewable') r.viewable++;
    }
  }
  for (const v of views) {
    const r = rowOf(v.e);
    r.measured += v.measured;
    r.viewable += v.viewable;
  }
  for (const part of chunks([...rows.values()], 5000)) {
    await tx.execute(sql`insert into ${trafficHourly} (hour, format, country, device, os, browser, requests, clicks,
        measured, viewable)
      select u.hour, z.format, u.country, u.device, u.os, u.browser, sum(u.requests), sum(u.clicks), sum(u.measured),
        sum(u.viewable)
      from unnest(${pgArray(part.map((r) => new Date(r.hour).toISOString()))}::timestamptz[],
        ${pgArray(part.map((r) => r.zoneId))}::integer[], ${pgArray(part.map((r) => r.e.country))}::text[],
        ${pgArray(part.map((r) => r.e.device))}::smallint[], ${pgArray(part.map((r) => r.e.os))}::text[],
        ${pgArray(part.map((r) => r.e.browser))}::text[], ${pgArray(part.map((r) => r.requests))}::bigint[],
        ${pgArray(part.map((r) => r.clicks))}::bigint[], ${pgArray(part.map((r) => r.measured))}::bigint[],
        ${pgArray(part.map((r) => r.viewable))}::bigint[])
        as u(hour, zone_id, country, device, os, browser, requests, clicks, measured, viewable)
      join ${zones} z on z.id = u.zone_id
      group by u.hour, z.format, u.country, u.device, u.os, u.browser
      on conflict (hour, format, country, device, os, browser) do update set
        requests = ${trafficHourly}.requests + excluded.requests,
        clicks = ${trafficHourly}.clicks + excluded.clicks,
        measured = ${trafficHourly}.measured + excluded.measured,
        viewable = ${trafficHourly}.viewable + excluded.viewable`);
  }
}

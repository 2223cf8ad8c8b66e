import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { adEvents } from '../../../db/schema/stats';
import { EventKind } from '../types';
import type { BilledEvent } from './billing';
import { ClickRace } from './errors';
import { chunks, pgArray } from './sql';

/**
 * Writes the billed events into ad_events (the Performance tab), those at or after `cutoff`
 * only (ms; null: all). A click another process recorded after the repeated-click check makes
 * the batch start again (ClickRace): the unique index allows one click per impression.
 */
export async function insertRawEvents(tx: Tx, billed: readonly BilledEvent[], cutoff: number | null) {
  const rows = billed
    .filter((b) => cutoff === null || b.e.at.getTime() >= cutoff)
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

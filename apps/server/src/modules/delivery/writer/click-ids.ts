import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { adClicks } from '../../../db/schema/conversions';
import { type DeliveryEvent, EventKind } from '../types';
import { chunks, pgArray } from './sql';

/**
 * Keeps every click that carries a click id in ad_clicks (docs/decisions/044-conversions.md),
 * in the batch's transaction: billed ones, and filtered ones with their reason (those never
 * convert). A batch delivered twice writes nothing twice (`on conflict do nothing`).
 */
export async function insertClickIds(tx: Tx, events: readonly DeliveryEvent[]) {
  const rows = events.filter((e) => e.kind === EventKind.Click && e.clickId);
  for (const part of chunks(rows, 5000)) {
    await tx.execute(sql`insert into ${adClicks} (click_id, at, campaign_id, creative_id, zone_id, website_id,
        advertiser_id, publisher_id, country, os, browser, device, filter_reason)
      select c, at, ca, cr, zo, we, ad, pu, co, os, br, de, nullif(fr, '') from unnest(${pgArray(part.map((e) => e.clickId ?? ''))}::text[],
        ${pgArray(part.map((e) => e.at.toISOString()))}::timestamptz[],
        ${pgArray(part.map((e) => e.campaignId))}::integer[], ${pgArray(part.map((e) => e.creativeId))}::integer[],
        ${pgArray(part.map((e) => e.zoneId))}::integer[], ${pgArray(part.map((e) => e.websiteId))}::integer[],
        ${pgArray(part.map((e) => e.advertiserId))}::integer[], ${pgArray(part.map((e) => e.publisherId))}::integer[],
        ${pgArray(part.map((e) => e.country))}::text[], ${pgArray(part.map((e) => e.os))}::text[],
        ${pgArray(part.map((e) => e.browser))}::text[], ${pgArray(part.map((e) => e.device))}::smallint[],
        ${pgArray(part.map((e) => e.filterReason ?? ''))}::text[])
        as u(c, at, ca, cr, zo, we, ad, pu, co, os, br, de, fr)
      on conflict do nothing`);
  }
}

import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns, creatives } from '../../db/schema/campaigns';
import { adEvents } from '../../db/schema/stats';
import { websites, zones } from '../../db/schema/websites';
import type { ClickPayload } from './click-token';
import type { DeliveryEngine } from './engine';
import { EventKind } from './types';

/**
 * What /click needs beyond its signed token: the landing URL to redirect to and, for the
 * invalid-traffic rules, when its impression was served. Memory first (the engine's index),
 * the database for what this process does not hold.
 */

/** Replaces the landing URL's tracking tokens (docs/decisions/004-ad-codes.md), URL-encoded. */
export function fillLanding(
  url: string,
  v: { zoneId: string; domain: string; campaignId: number; bannerSize: string; clickId?: string },
): string {
  return url
    .replaceAll('{click_id}', encodeURIComponent(v.clickId ?? ''))
    .replaceAll('{zone_id}', encodeURIComponent(v.zoneId))
    .replaceAll('{domain}', encodeURIComponent(v.domain))
    .replaceAll('{campaign_id}', encodeURIComponent(String(v.campaignId)))
    .replaceAll('{banner_size}', encodeURIComponent(v.bannerSize));
}

/**
 * The stored impression of a click this process did not serve (another process, or before a
 * restart): a billed impression of the token's campaign, written within a second of the
 * token's issue time (the campaign and time index finds it).
 */
export async function storedImpression(db: Db, p: ClickPayload): Promise<{ at: number } | undefined> {
  const from = new Date(p.t * 1000);
  const to = new Date(p.t * 1000 + 1000);
  const [row] = await db
    .select({ at: adEvents.at })
    .from(adEvents)
    .where(
      and(
        eq(adEvents.campaignId, p.c),
        gte(adEvents.at, from),
        lt(adEvents.at, to),
        eq(adEvents.kind, EventKind.Impression),
        eq(adEvents.impressionId, p.i),
      ),
    )
    .limit(1);
  return row ? { at: row.at.getTime() } : undefined;
}

/**
 * The landing URL with its tokens filled (null: no such campaign); from memory, or the
 * database for a campaign no longer running.
 */
export async function landingOf(
  db: Db,
  engine: DeliveryEngine,
  campaignId: number,
  zoneId: number,
  creativeId: number,
  clickId?: string,
): Promise<string | null> {
  let landing = engine.campaign(campaignId)?.landingUrl;
  let size = engine.campaign(campaignId)?.creatives.find((c) => c.id === creativeId)?.size;
  if (landing === undefined) {
    const [row] = await db
      .select({ landing: campaigns.landingUrl })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .limit(1);
    if (!row) return null;
    landing = row.landing;
  }
  if (size === undefined && creativeId > 0) {
    const [row] = await db
      .select({ size: creatives.size })
      .from(creatives)
      .where(eq(creatives.id, creativeId))
      .limit(1);
    size = row?.size;
  }
  const zone = engine.zoneById(zoneId);
  let zoneRef = zone ? { unique: zone.unique, domain: zone.domain } : null;
  if (!zoneRef) {
    const [row] = await db
      .select({ unique: zones.unique, domain: websites.domain })
      .from(zones)
      .innerJoin(websites, eq(websites.id, zones.websiteId))
      .where(eq(zones.id, zoneId))
      .limit(1);
    zoneRef = row ?? { unique: '', domain: '' };
  }
  return fillLanding(landing, {
    zoneId: zoneRef.unique,
    domain: zoneRef.domain,
    campaignId,
    bannerSize: size ?? '',
    clickId,
  });
}

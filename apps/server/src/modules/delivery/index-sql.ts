import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { WebsiteStatus, ZoneStatus } from '@cryptads/contract/websites-messages';
import type { DbOrTx } from '../../db/client';
import { campaignBlacklists, campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { campaignSpendDaily, statsHourly } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { websites, zones } from '../../db/schema/websites';
import { isoDay } from '@cryptads/contract/dates';
import { servableCampaign } from './servable.service';

/**
 * The SQL behind the delivery index: what is servable (Active zones of Active websites whose
 * owner is enabled; approved Delivering campaigns of enabled advertisers), the fingerprints the
 * engine polls to notice changes made elsewhere, and the counters (balances, spend) it seeds
 * from. A scope narrows a load to the objects one domain event names.
 */

export type ZoneRow = {
  id: number;
  unique: string;
  format: number;
  size: string | null;
  websiteId: number;
  publisherId: number;
  domain: string;
  excluded: number[];
  createdAt: Date;
};

export type ZoneScope = { zoneIds?: number[]; websiteIds?: number[]; ownerIds?: number[] };
export type CampaignScope = { campaignIds?: number[]; ownerIds?: number[] };

export type CampaignRow = typeof campaigns.$inferSelect;
export type CreativeRow = {
  cr: typeof creatives.$inferSelect;
  main: string;
  w: number;
  h: number;
  thumb: string | null;
};
export type CampaignRows = {
  campaignRows: CampaignRow[];
  creativeRows: CreativeRow[];
  blacklists: (typeof campaignBlacklists.$inferSelect)[];
};

/** Rows of one id list, or nothing narrowed when the scope does not name it. */
const anyOf = (conditions: (SQL | undefined)[]) => {
  const named = conditions.filter((c): c is SQL => c !== undefined);
  return named.length === 0 ? undefined : named.length === 1 ? named[0] : or(...named);
};

/** Servable zones (of a scope), in id order. */
export async function loadZoneRows(db: DbOrTx, scope: ZoneScope = {}): Promise<ZoneRow[]> {
  return db
    .select({
      id: zones.id,
      unique: zones.unique,
      format: zones.format,
      size: zones.size,
      websiteId: websites.id,
      publisherId: websites.ownerId,
      domain: websites.domain,
      excluded: websites.excludedCategoryIds,
      createdAt: zones.createdAt,
    })
    .from(zones)
    .innerJoin(websites, eq(websites.id, zones.websiteId))
    .innerJoin(users, eq(users.id, websites.ownerId))
    .where(
      and(
        eq(zones.status, ZoneStatus.Active),
        eq(websites.status, WebsiteStatus.Active),
        isNull(users.disabledAt),
        anyOf([
          scope.zoneIds ? inArray(zones.id, scope.zoneIds) : undefined,
          scope.websiteIds ? inArray(zones.websiteId, scope.websiteIds) : undefined,
          scope.ownerIds ? inArray(websites.ownerId, scope.ownerIds) : undefined,
        ]),
      ),
    )
    .orderBy(asc(zones.id));
}

/** Servable campaigns (of a scope) with their live creatives and their owners' blacklists, in id order. */
export async function loadCampaignRows(db: DbOrTx, scope: CampaignScope = {}): Promise<CampaignRows> {
  const rows = await db
    .select({ c: campaigns })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(
      and(
        servableCampaign(),
        anyOf([
          scope.campaignIds ? inArray(campaigns.id, scope.campaignIds) : undefined,
          scope.ownerIds ? inArray(campaigns.ownerId, scope.ownerIds) : undefined,
        ]),
      ),
    )
    .orderBy(asc(campaigns.id));
  const campaignRows = rows.map((r) => r.c);
  const ids = campaignRows.map((c) => c.id);
  const owners = [...new Set(campaignRows.map((c) => c.ownerId))];
  const thumbs = alias(uploads, 'thumbs');
  const creativeRows = ids.length
    ? await db
        .select({
          cr: creatives,
          main: uploads.storageKey,
          w: uploads.width,
          h: uploads.height,
          thumb: thumbs.storageKey,
        })
        .from(creatives)
        .innerJoin(uploads, eq(uploads.id, creatives.uploadId))
        .leftJoin(thumbs, eq(thumbs.id, creatives.thumbnailUploadId))
        .where(and(inArray(creatives.campaignId, ids), isNull(creatives.deletedAt)))
        .orderBy(asc(creatives.id))
    : [];
  const blacklists = owners.length ? await loadBlacklists(db, owners) : [];
  return { campaignRows, creativeRows, blacklists };
}

export async function loadBlacklists(db: DbOrTx, ownerIds: number[]) {
  return db.select().from(campaignBlacklists).where(inArray(campaignBlacklists.ownerId, ownerIds));
}

export type SpendRow = { campaignId: number; total: string; today: string; impressions: string; clicks: string };
export type Counters = { balances: Map<number, bigint>; spendRows: SpendRow[]; hourRows: Map<number, bigint> };

/** Balances of advertisers; lifetime, today's and this hour's spend of campaigns. */
export async function loadCounters(db: DbOrTx, ids: number[], owners: number[], now: number): Promise<Counters> {
  const today = isoDay(now);
  const hourStart = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  const balanceRows = owners.length
    ? await db.select({ id: users.id, balance: users.balanceMicros }).from(users).where(inArray(users.id, owners))
    : [];
  const spendRows = ids.length
    ? await db
        .select({
          campaignId: campaignSpendDaily.campaignId,
          total: sql<string>`coalesce(sum(${campaignSpendDaily.costMicros}), 0)::text`,
          today: sql<string>`coalesce(sum(${campaignSpendDaily.costMicros}) filter (where ${campaignSpendDaily.day} = ${today}), 0)::text`,
          impressions: sql<string>`coalesce(sum(${campaignSpendDaily.impressions}), 0)::text`,
          clicks: sql<string>`coalesce(sum(${campaignSpendDaily.clicks}), 0)::text`,
        })
        .from(campaignSpendDaily)
        .where(inArray(campaignSpendDaily.campaignId, ids))
        .groupBy(campaignSpendDaily.campaignId)
    : [];
  const hourRows = ids.length
    ? await db
        .select({
          campaignId: statsHourly.campaignId,
          cost: sql<string>`coalesce(sum(${statsHourly.costMicros}), 0)::text`,
        })
        .from(statsHourly)
        .where(and(eq(statsHourly.hour, hourStart), inArray(statsHourly.campaignId, ids)))
        .groupBy(statsHourly.campaignId)
    : [];
  return {
    balances: new Map(balanceRows.map((r) => [r.id, r.balance])),
    spendRows,
    hourRows: new Map(hourRows.map((r) => [r.campaignId, BigInt(r.cost)])),
  };
}

export type Fingerprint = { zones: string | null; campaigns: string };

/**
 * A cheap summary of everything the index is built from: when it differs from the last one,
 * something changed that no event told this process about (another process, a direct edit),
 * and that part is read again. Zones (the expensive part) are summarised only when asked.
 */
export async function loadFingerprint(db: DbOrTx, withZones: boolean): Promise<Fingerprint> {
  const result = (await db.execute(sql`select
      (select case when ${withZones} then count(*) || ':' || coalesce(sum(hashtext(z.id || ':' || z.status || ':' || z.format || ':' || coalesce(z.size, '')
          || ':' || w.status || ':' || w.domain || ':' || w.excluded_category_ids::text || ':' || coalesce(u.disabled_at::text, ''))), 0) end
        from ${zones} z join ${websites} w on w.id = z.website_id join ${users} u on u.id = w.owner_id) as zones,
      (select count(*) || ':' || coalesce(sum(hashtext(c.id || ':' || c.status || ':' || c.updated_at::text || ':' || coalesce(c.approved_at::text, '')
          || ':' || coalesce(u.disabled_at::text, ''))), 0)
        from ${campaigns} c join ${users} u on u.id = c.owner_id where c.status = ${CampaignStatus.Delivering}) as campaigns,
      (select count(*) || ':' || coalesce(sum(hashtext(cr.id || ':' || coalesce(cr.deleted_at::text, '') || ':' || cr.upload_id || ':' || cr.size)), 0)
        from ${creatives} cr) as creatives,
      (select count(*) || ':' || coalesce(sum(hashtext(b.owner_id || ':' || b.items::text)), 0) from ${campaignBlacklists} b) as blacklists`)) as unknown as {
    rows: { zones: string | null; campaigns: string; creatives: string; blacklists: string }[];
  };
  const f = result.rows[0];
  return { zones: f?.zones ?? null, campaigns: `${f?.campaigns}|${f?.creatives}|${f?.blacklists}` };
}

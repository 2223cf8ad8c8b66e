import type { Db } from '../../db/client';
import {
  type CampaignRows,
  type CampaignScope,
  type Counters,
  type Fingerprint,
  loadCampaignRows,
  loadCounters,
  loadFingerprint,
  loadZoneRows,
  type ZoneRow,
  type ZoneScope,
} from './index-sql';
import type { CampaignEntry, ZoneEntry } from './rules';

/**
 * What the engine (./engine.ts) reads from the database on a refresh: the zones and campaigns
 * that changed since it last loaded them, and always the balances and spend.
 */

/** Zones and campaigns are read again at least this often, whatever their fingerprint says. */
const FULL_RELOAD_MS = 60_000;
/** Zones change rarely and cost most to summarise: their fingerprint is checked this often. */
const ZONE_CHECK_MS = 15_000;

export type Snapshot = {
  now: number;
  checkedZones: boolean;
  fingerprint: Fingerprint;
  /** null: unchanged, not read. */
  zoneRows: ZoneRow[] | null;
  campaignRows: CampaignRows | null;
  counters: Counters;
};

/** What the engine last loaded, and when. */
export type Loaded = {
  /** The fingerprints the index was last loaded at (null: never). */
  keys: { zones: string | null; campaigns: string | null };
  zonesLoadedAt: number;
  campaignsLoadedAt: number;
  zoneCheckedAt: number;
  /** The campaigns and advertisers of the index now (for the counters when campaigns are unchanged). */
  campaignIds: () => number[];
  advertiserIds: () => number[];
};

/** The advertisers of loaded campaigns. */
export const owned = (rows: CampaignRows) => [...new Set(rows.campaignRows.map((c) => c.ownerId))];

export const inZoneScope = (s: ZoneScope) => (z: ZoneEntry) =>
  !!(s.zoneIds?.includes(z.id) || s.websiteIds?.includes(z.websiteId) || s.ownerIds?.includes(z.publisherId));
export const inCampaignScope = (s: CampaignScope) => (c: CampaignEntry) =>
  !!(s.campaignIds?.includes(c.id) || s.ownerIds?.includes(c.advertiserId));

/**
 * Reads what changed. Zones and campaigns (with creatives and blacklists) are read again
 * only when forced, when their fingerprint moved, or after FULL_RELOAD_MS (10,000 zones take
 * ~1 s to read on the embedded database); balances and spend are read every time.
 */
export async function readSnapshot(db: Db, loaded: Loaded, forced: boolean): Promise<Snapshot> {
  const now = Date.now();
  const zonesStale = forced || loaded.keys.zones === null || now - loaded.zonesLoadedAt > FULL_RELOAD_MS;
  const checkedZones = zonesStale || now - loaded.zoneCheckedAt > ZONE_CHECK_MS;
  const fingerprint = await loadFingerprint(db, checkedZones);
  const zonesChanged = zonesStale || (checkedZones && fingerprint.zones !== loaded.keys.zones);
  const campaignsChanged =
    forced ||
    loaded.keys.campaigns === null ||
    now - loaded.campaignsLoadedAt > FULL_RELOAD_MS ||
    fingerprint.campaigns !== loaded.keys.campaigns;
  const zoneRows = zonesChanged ? await loadZoneRows(db) : null;
  const campaignRows = campaignsChanged ? await loadCampaignRows(db) : null;
  const counters = await loadCounters(
    db,
    campaignRows ? campaignRows.campaignRows.map((c) => c.id) : loaded.campaignIds(),
    campaignRows ? owned(campaignRows) : loaded.advertiserIds(),
    now,
  );
  return { now, checkedZones, fingerprint, zoneRows, campaignRows, counters };
}

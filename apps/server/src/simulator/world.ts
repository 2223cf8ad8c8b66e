import type { CampaignKind } from '@cryptads/contract/campaigns';
import type { DbOrTx } from '../db/client';
import { campaignTerms, zoneEntry } from '../modules/delivery/index-build';
import { loadCampaignRows, loadZoneRows } from '../modules/delivery/index-sql';
import {
  blacklistSet,
  type CampaignTerms,
  creativeSlots,
  placementRefusal,
  stickyFits,
  visitorRefusal,
  type ZoneEntry,
  zoneSlot,
} from '../modules/delivery/rules';
import type { Visitor } from './visitors';

/**
 * The part of the world the simulator sends traffic to: what the delivery engine would serve
 * (its loading SQL, modules/delivery/index-sql.ts) and the (zone, campaign, creative) pairs
 * that fit each other under the engine's own rules (modules/delivery/rules.ts): slot and
 * size, premium inventory, the website's excluded categories, the campaign's zone list and
 * the advertiser's blacklist. The visitor's country and device are checked per impression
 * (visitorFits), the budgets by the history planner. Live mode needs none of this: the real
 * endpoint decides.
 */

export type SimZone = ZoneEntry & {
  /** No traffic before the zone existed. */
  createdAt: Date;
};

export type SimCampaign = CampaignTerms & {
  kind: CampaignKind;
  /** No traffic before the campaign existed. */
  createdAt: Date;
};

export type SimPair = {
  zone: SimZone;
  campaign: SimCampaign;
  /** The engine's slot the pair competes in ('r:300x250', 'sticky', 'native', 'popunder'...). */
  slot: string;
  creativeId: number;
  creativeSize: string;
};

export type SimWorld = { zones: SimZone[]; campaigns: SimCampaign[]; pairs: SimPair[] };

export type WorldFilter = { publisherIds?: number[]; advertiserIds?: number[] };

/** Servable zones (of the given publishers), in id order. */
export async function loadActiveZones(db: DbOrTx, filter: WorldFilter = {}): Promise<SimZone[]> {
  const rows = await loadZoneRows(db, filter.publisherIds ? { ownerIds: filter.publisherIds } : {});
  return rows.map((r) => ({ ...zoneEntry(r), createdAt: r.createdAt }));
}

/** The visitor's country and device fit the pair (targeting; a sticky bar's size per device). */
export function visitorFits(pair: SimPair, visitor: Pick<Visitor, 'country' | 'device'>): boolean {
  if (visitorRefusal(pair.campaign, visitor) !== null) return false;
  return pair.slot !== 'sticky' || stickyFits(visitor.device, pair.creativeSize);
}

export async function loadSimWorld(db: DbOrTx, filter: WorldFilter = {}): Promise<SimWorld> {
  const zoneRows = await loadActiveZones(db, filter);
  const loaded = await loadCampaignRows(db, filter.advertiserIds ? { ownerIds: filter.advertiserIds } : {});
  const simCampaigns: SimCampaign[] = loaded.campaignRows.map((c) => ({
    ...campaignTerms(c),
    kind: c.kind as CampaignKind,
    createdAt: c.createdAt,
  }));
  const blacklists = new Map(loaded.blacklists.map((b) => [b.ownerId, blacklistSet(b.items)]));
  const noBlacklist: ReadonlySet<string> = new Set();

  const pairs: SimPair[] = [];
  for (const zone of zoneRows) {
    const slot = zoneSlot(zone);
    if (!slot) continue;
    for (const campaign of simCampaigns) {
      if (placementRefusal(campaign, zone, blacklists.get(campaign.advertiserId) ?? noBlacklist) !== null) continue;
      if (campaign.kind === 'popunder') {
        if (slot === 'popunder') pairs.push({ zone, campaign, slot, creativeId: 0, creativeSize: '' });
        continue;
      }
      for (const { cr } of loaded.creativeRows) {
        if (cr.campaignId !== campaign.id) continue;
        if (creativeSlots(campaign, cr).includes(slot))
          pairs.push({ zone, campaign, slot, creativeId: cr.id, creativeSize: cr.size });
      }
    }
  }
  return { zones: zoneRows, campaigns: simCampaigns, pairs };
}

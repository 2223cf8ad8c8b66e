import { PaymentMode, TrafficType } from '@cryptads/contract/campaign-messages';
import { impressionCostOf } from '@cryptads/contract/money';
import { uploadUrl } from '../campaigns/uploads.service';
import type { CampaignRow, CreativeRow, ZoneRow } from './index-sql';
import {
  type CampaignEntry,
  type CampaignTerms,
  type CreativeEntry,
  campaignSlots,
  expectedValue,
  isPremiumCampaign,
  isPremiumZone,
  normaliseDomain,
  type ZoneEntry,
} from './rules';

/**
 * The in-memory index the auction reads: zones by public id, campaigns by id, and per slot the
 * campaigns that compete in it (with the creatives that fit), best expected value first. Built
 * whole from a full load, or patched for the objects one domain event names.
 */

export function zoneEntry(z: ZoneRow): ZoneEntry {
  return {
    id: z.id,
    unique: z.unique,
    websiteId: z.websiteId,
    publisherId: z.publisherId,
    domain: normaliseDomain(z.domain),
    format: z.format,
    size: z.size,
    excludedCategories: new Set(z.excluded),
    premium: isPremiumZone(z.format),
  };
}

/** The rule-relevant part of a campaign row (the simulator builds its campaigns from it too). */
export function campaignTerms(c: CampaignRow): CampaignTerms {
  const cpc = c.paymentMode === PaymentMode.CPC;
  return {
    id: c.id,
    advertiserId: c.ownerId,
    kind: c.kind,
    priceMicros: c.priceMicros,
    cpc,
    premium: isPremiumCampaign(c.kind, c.trafficType === TrafficType.Premium),
    dailyBudgetMicros: c.dailyBudgetMicros,
    throttle: c.throttleBudget,
    totalBudgetMicros: c.budgetFlag ? c.budgetMicros : null,
    capping: c.capping,
    cappingMs: c.cappingTime * 1000,
    device: c.device,
    countries: c.countries.length ? new Set(c.countries.map((x) => x.toUpperCase())) : null,
    category: c.category,
    excludeFlag: c.excludeFlag,
    excludeSet: new Set(c.excludeList),
    impressionCost: cpc ? 0n : impressionCostOf(c.priceMicros),
    clickCost: cpc ? c.priceMicros : 0n,
  };
}

/** Creatives by campaign id, with absolute image URLs. */
export function creativeEntries(rows: readonly CreativeRow[], publicUrl: string): Map<number, CreativeEntry[]> {
  const url = (key: string) => `${publicUrl}${uploadUrl(key)}`;
  const out = new Map<number, CreativeEntry[]>();
  for (const r of rows) {
    const [w, h] = r.cr.size ? r.cr.size.split('x').map(Number) : [r.w, r.h];
    const list = out.get(r.cr.campaignId) ?? [];
    list.push({
      id: r.cr.id,
      format: r.cr.format,
      size: r.cr.size,
      image: url(r.main),
      width: w ?? r.w,
      height: h ?? r.h,
      title: r.cr.title,
      description: r.cr.longDescription,
      descriptionShort: r.cr.smallDescription,
      thumbnail: r.thumb ? url(r.thumb) : null,
      cta: r.cr.callToAction,
      brand: r.cr.serviceName,
      displayUrl: r.cr.destinationWebsite,
    });
    out.set(r.cr.campaignId, list);
  }
  return out;
}

export function campaignEntry(c: CampaignRow, creatives: CreativeEntry[], ctr: number): CampaignEntry {
  const terms = campaignTerms(c);
  return { ...terms, landingUrl: c.landingUrl, creatives, value: expectedValue(terms, ctr) };
}

export type SlotEntry = { campaign: CampaignEntry; creatives: CreativeEntry[] };

const byValue = (a: SlotEntry, b: SlotEntry) => b.campaign.value - a.campaign.value;

export class DeliveryIndex {
  readonly zonesByUnique = new Map<string, ZoneEntry>();
  readonly zonesById = new Map<number, ZoneEntry>();
  readonly campaignsById = new Map<number, CampaignEntry>();
  readonly slots = new Map<string, SlotEntry[]>();
  /** Each advertiser with a campaign in the index has one (empty when they listed nothing). */
  readonly blacklists = new Map<number, ReadonlySet<string>>();

  /** Replaces the zones `inScope` selects (all when absent) with `entries`. */
  replaceZones(entries: readonly ZoneEntry[], inScope?: (z: ZoneEntry) => boolean) {
    if (!inScope) {
      this.zonesByUnique.clear();
      this.zonesById.clear();
    } else
      for (const z of [...this.zonesById.values()])
        if (inScope(z)) {
          this.zonesById.delete(z.id);
          this.zonesByUnique.delete(z.unique);
        }
    for (const z of entries) {
      this.zonesById.set(z.id, z);
      this.zonesByUnique.set(z.unique, z);
    }
  }

  /** Replaces the campaigns `inScope` selects (all when absent) with `entries`, and re-ranks their slots. */
  replaceCampaigns(entries: readonly CampaignEntry[], inScope?: (c: CampaignEntry) => boolean) {
    const touched = new Set<string>();
    if (!inScope) {
      this.campaignsById.clear();
      this.slots.clear();
    } else {
      const gone = new Set<number>();
      for (const c of this.campaignsById.values()) if (inScope(c)) gone.add(c.id);
      for (const id of gone) this.campaignsById.delete(id);
      if (gone.size)
        for (const [slot, list] of this.slots) {
          const kept = list.filter((e) => !gone.has(e.campaign.id));
          if (kept.length === list.length) continue;
          if (kept.length) this.slots.set(slot, kept);
          else this.slots.delete(slot);
        }
    }
    for (const entry of entries) {
      this.campaignsById.set(entry.id, entry);
      for (const [slot, fitting] of campaignSlots(entry)) {
        if (slot !== 'popunder' && fitting.length === 0) continue;
        const list = this.slots.get(slot) ?? [];
        list.push({ campaign: entry, creatives: fitting });
        this.slots.set(slot, list);
        touched.add(slot);
      }
    }
    for (const slot of touched) this.slots.get(slot)?.sort(byValue);
  }

  /** CPC values moved with their CTR: every slot is ranked again. */
  rerank() {
    for (const list of this.slots.values()) list.sort(byValue);
  }

  setBlacklist(ownerId: number, items: ReadonlySet<string>) {
    this.blacklists.set(ownerId, items);
  }

  campaignIds() {
    return [...this.campaignsById.keys()];
  }

  advertiserIds() {
    return [...this.blacklists.keys()];
  }
}

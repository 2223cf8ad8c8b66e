import { randomBytes } from 'node:crypto';
import { FilterReason } from '@cryptads/contract/delivery';
import type { Db } from '../../db/client';
import { randomId } from '../../lib/crypto';
import { FrequencyCaps } from './capping';
import { campaignEntry, creativeEntries, DeliveryIndex, type SlotEntry, zoneEntry } from './index-build';
import { inCampaignScope, inZoneScope, type Loaded, owned, readSnapshot, type Snapshot } from './engine-snapshot';
import {
  type CampaignRows,
  type CampaignScope,
  type Counters,
  loadBlacklists,
  loadCampaignRows,
  loadCounters,
  loadZoneRows,
  type ZoneScope,
} from './index-sql';
import {
  blacklistSet,
  budgetRefusal,
  type CampaignEntry,
  type CreativeEntry,
  ctrOf,
  expectedValue,
  placementRefusal,
  type Refusal,
  stickyFits,
  type Visitor,
  visitorRefusal,
  type ZoneEntry,
  zoneSlot,
} from './rules';
import type { RedisDeliveryState, ReserveRefusal } from './shared-state';
import { SpendCounters } from './spend';
import type { DeliveryEvent } from './types';

// What the delivery endpoints and the benchmark name from the engine.
export { POPUNDER_INTERVAL_MINUTES } from './rules';
export type { Visitor } from './rules';

/**
 * The delivery engine (docs/decisions/007-delivery.md): the auction over an in-memory index
 * of servable zones and campaigns (./index-build.ts, loaded by ./index-sql.ts), spend counters
 * (./spend.ts) and frequency caps (./capping.ts), under the rules of ./rules.ts. A decision
 * reads memory only. The index is patched for what a domain event names (reloadCampaigns,
 * reloadZones…, docs/decisions/010-domain-events.md) and checked against the database's
 * fingerprints on a short timer for changes no event told this process about.
 */

export type Decision = {
  zone: ZoneEntry;
  campaign: CampaignEntry;
  creative: CreativeEntry | null;
  impressionId: string;
  /** The impression's cost before any cap (CPM price / 1000, 0 for CPC). */
  costMicros: bigint;
};

export type EngineOptions = {
  publicUrl: string;
  refreshMs?: number;
  log?: { error: (o: object, m: string) => void };
  /**
   * Spend, balances and capping shared by several processes (Redis, docs/decisions/029): each
   * decision then ends with an atomic reservation there, and the engine's counters are the
   * local view it ranks candidates by. Absent: this process's counters decide alone.
   */
  shared?: RedisDeliveryState | null;
};

/** Candidates tried when the shared state refuses the best one (budget spent elsewhere, capping). */
const TAKE_ATTEMPTS = 4;

/** The campaign keeps a frequency cap per visitor. */
const isCapped = (c: { capping: number; cappingMs: number }) => c.capping > 0 && c.cappingMs > 0;

const CLICK_REFUSAL: Record<Exclude<ReserveRefusal, 'capping'>, FilterReason> = {
  'daily budget': FilterReason.DailyBudget,
  'total budget': FilterReason.TotalBudget,
  balance: FilterReason.InsufficientFunds,
};

export class DeliveryEngine {
  private readonly index = new DeliveryIndex();
  private readonly counters = new SpendCounters();
  private readonly caps = new FrequencyCaps();
  /** What the index was last loaded at, and when (./engine-snapshot.ts). */
  private readonly loadedAt: Loaded = {
    keys: { zones: null, campaigns: null },
    zonesLoadedAt: 0,
    campaignsLoadedAt: 0,
    zoneCheckedAt: 0,
    campaignIds: () => this.index.campaignIds(),
    advertiserIds: () => this.index.advertiserIds(),
  };
  /** The next load reads everything, whatever the fingerprints say (an explicit refresh). */
  private forceAll = false;
  private timer: NodeJS.Timeout | null = null;
  /** Loads and patches run one at a time, in call order: an older read never overwrites a newer one. */
  private tail: Promise<void> = Promise.resolve();
  private queuedRefresh: Promise<void> | null = null;
  private loaded = false;
  /** When a refresh last succeeded (ms; 0: never): a failing database makes it age. */
  private refreshedAt = 0;
  readonly publicUrl: string;
  /** Tells this engine's own announcements on the bus from other processes' (./index-events.ts). */
  readonly origin = randomBytes(8).toString('hex');

  constructor(
    private readonly db: Db,
    private readonly opts: EngineOptions,
  ) {
    this.publicUrl = opts.publicUrl;
  }

  /** Loads the index now and then checks it every refreshMs (default 3 s). */
  async start() {
    await this.refresh();
    const every = this.opts.refreshMs ?? 3000;
    if (every > 0 && !this.timer) {
      this.timer = setInterval(
        () => void this.refresh(false).catch((err) => this.opts.log?.error({ err }, 'delivery index refresh failed')),
        every,
      );
      this.timer.unref();
    }
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Reads the index from the database (`full`: everything; otherwise what the fingerprints say
   * changed, and the counters). A call while one is queued shares it.
   */
  refresh(full = true): Promise<void> {
    if (full) this.forceAll = true;
    if (this.queuedRefresh) return this.queuedRefresh;
    const run = this.serial(async () => {
      this.queuedRefresh = null;
      await this.rebuild();
    });
    this.queuedRefresh = run;
    return run;
  }

  /** The campaigns of a scope (ids, owners) are read again: added, replaced or dropped. */
  reloadCampaigns(scope: CampaignScope): Promise<void> {
    return this.serial(async () => {
      for (let attempt = 0; ; attempt++) {
        const seq = this.counters.commitSeq;
        const now = Date.now();
        const rows = await loadCampaignRows(this.db, scope);
        const counters = await loadCounters(
          this.db,
          rows.campaignRows.map((c) => c.id),
          owned(rows),
          now,
        );
        // A batch committed while we read: its money may be in both the rows and pending.
        if (seq !== this.counters.commitSeq && attempt < 2) continue;
        this.applyCampaigns(rows, counters, now, inCampaignScope(scope));
        return;
      }
    });
  }

  /** The zones of a scope (ids, websites, owners) are read again. */
  reloadZones(scope: ZoneScope): Promise<void> {
    return this.serial(async () => {
      const rows = await loadZoneRows(this.db, scope);
      this.index.replaceZones(rows.map(zoneEntry), inZoneScope(scope));
    });
  }

  /** An advertiser's blacklist changed (nothing to do when none of their campaigns runs). */
  reloadBlacklist(ownerId: number): Promise<void> {
    return this.serial(async () => {
      if (!this.index.blacklists.has(ownerId)) return;
      const [row] = await loadBlacklists(this.db, [ownerId]);
      this.index.setBlacklist(ownerId, blacklistSet(row?.items ?? []));
    });
  }

  /** An advertiser's balance changed outside the recorder (a deposit, a credit). */
  reloadBalance(userId: number): Promise<void> {
    return this.serial(async () => {
      if (!this.index.blacklists.has(userId)) return;
      const { balances } = await loadCounters(this.db, [], [userId], Date.now());
      const balance = balances.get(userId);
      if (balance !== undefined) this.counters.setBalance(userId, balance);
    });
  }

  /** Decisions end with a reservation in state shared by several processes (Redis). */
  get shared(): boolean {
    return !!this.opts.shared;
  }

  get ready() {
    return this.loaded;
  }

  /** For the readiness answer: loaded at all, when a refresh last succeeded, how often it runs. */
  health() {
    return { loaded: this.loaded, refreshedAt: this.refreshedAt, refreshMs: this.opts.refreshMs ?? 3000 };
  }

  zoneByUnique(unique: string) {
    return this.index.zonesByUnique.get(unique);
  }
  zoneById(id: number) {
    return this.index.zonesById.get(id);
  }
  campaign(id: number) {
    return this.index.campaignsById.get(id);
  }
  stats() {
    return {
      zones: this.index.zonesById.size,
      campaigns: this.index.campaignsById.size,
      slots: this.index.slots.size,
    };
  }

  /** Why a campaign may not serve this request (null: it may). Exposed for tests and logs. */
  refusal(c: CampaignEntry, zone: ZoneEntry, v: Visitor, now = Date.now()): Refusal | null {
    const visitor = visitorRefusal(c, v);
    if (visitor) return visitor;
    const blacklist = this.index.blacklists.get(c.advertiserId);
    if (!blacklist) return 'advertiser';
    const placement = placementRefusal(c, zone, blacklist);
    if (placement) return placement;
    const budget = budgetRefusal(c, this.counters.of(c.id, now), this.counters.available(c.advertiserId));
    if (budget) return budget;
    // No visitor key (the request did not allow personal data, docs/product/programmatic.md):
    // no cap can be kept for this visitor, so a capped campaign is not offered at all.
    if (v.key ? this.caps.reached(c, v.key, now) : isCapped(c)) return 'capping';
    return null;
  }

  /**
   * Why a click of this campaign, costing `costMicros` (the price in its token), cannot be
   * billed, as far as this process knows (null: bill it); the same for a won bid's impression. A campaign absent from the index
   * (paused, archived, out of funds…) is left to the recorder, which reads its state in the
   * batch's transaction and names the reason; the recorder re-checks every unmarked click.
   */
  clickRefusal(campaignId: number, advertiserId: number, costMicros: bigint, now = Date.now()): FilterReason | null {
    const c = this.index.campaignsById.get(campaignId);
    if (!c || c.advertiserId !== advertiserId || costMicros <= 0n) return null;
    const spent = this.counters.of(c.id, now);
    if (spent.today + costMicros > c.dailyBudgetMicros) return FilterReason.DailyBudget;
    if (c.totalBudgetMicros !== null && spent.total + costMicros > c.totalBudgetMicros) return FilterReason.TotalBudget;
    if (this.counters.available(advertiserId) < costMicros) return FilterReason.InsufficientFunds;
    return null;
  }

  /**
   * The auction: the campaign (and creative) with the highest expected value per impression
   * among those allowed for this zone and visitor; equal values share at random; null when
   * none. Counts the impression towards frequency capping; the caller records it (the
   * recorder then counts its spend through onPushed).
   */
  decide(zoneUnique: string, visitor: Visitor, q: { size?: string } = {}, now = Date.now()): Decision | null {
    const decision = this.pick(zoneUnique, visitor, q, now);
    if (decision) this.caps.count(decision.campaign, visitor.key, now);
    return decision;
  }

  /**
   * A decision that holds across processes: `decide`, then the shared state's atomic
   * reservation of the campaign's capping and (when `priced`: the impression is billable)
   * its cost against daily budget, total budget and balance. A refusal there (another process
   * spent the budget, the visitor saw the campaign elsewhere) is learnt by the local view and
   * the next candidate is tried. Without shared state it is `decide`.
   */
  async take(
    zoneUnique: string,
    visitor: Visitor,
    q: { size?: string },
    priced: boolean,
    now = Date.now(),
  ): Promise<Decision | null> {
    const shared = this.opts.shared;
    if (!shared) return this.decide(zoneUnique, visitor, q, now);
    const excluded = new Set<number>();
    for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
      const decision = this.pick(zoneUnique, visitor, q, now, excluded);
      if (!decision) return null;
      const c = decision.campaign;
      const cost = priced ? decision.costMicros : 0n;
      const capped = c.capping > 0 && c.cappingMs > 0;
      // Nothing to take (an unpriced impression of an uncapped campaign): no round trip.
      if (cost === 0n && !capped) return decision;
      const answer = await shared.reserve({
        campaignId: c.id,
        advertiserId: c.advertiserId,
        costMicros: cost,
        dailyBudgetMicros: c.dailyBudgetMicros,
        totalBudgetMicros: c.totalBudgetMicros,
        seed: this.counters.committed(c.id, c.advertiserId, now),
        ...(capped ? { capping: { visitorKey: visitor.key, max: c.capping, windowMs: c.cappingMs } } : {}),
        now,
      });
      if (answer.refusal === 'capping') this.caps.saturate(c, visitor.key, now);
      else if (cost > 0n) this.counters.observe(c.id, c.advertiserId, answer, answer.refusal ? 0n : cost, now);
      if (!answer.refusal) {
        this.caps.count(c, visitor.key, now);
        return decision;
      }
      excluded.add(c.id);
    }
    return null;
  }

  /**
   * A click's billing as every process sees it: `clickRefusal` on the local view, then (with
   * shared state) the atomic reservation of its cost. Null: bill it (`reserved` tells whether
   * a reservation was taken, which the event must carry so its commit releases it).
   */
  takeClick(
    campaignId: number,
    advertiserId: number,
    costMicros: bigint,
    now = Date.now(),
  ): Promise<{ refusal: FilterReason | null; reserved: boolean }> {
    return this.takeShown(campaignId, advertiserId, costMicros, null, now);
  }

  /**
   * The auction of /serve without taking anything: what this zone would show this visitor now
   * (a bid of POST /openrtb2/auction, docs/product/programmatic.md). Nothing is counted: a bid
   * that is not won costs no budget and no frequency cap; its billing notice calls `takeShown`.
   */
  offer(zoneUnique: string, visitor: Visitor, q: { size?: string } = {}, now = Date.now()): Decision | null {
    return this.pick(zoneUnique, visitor, q, now);
  }

  /**
   * An event shown now whose campaign was chosen earlier (a click, a won bid's billing notice):
   * its cost against budgets and balance, as `clickRefusal` sees them locally and then (with
   * shared state) by the atomic reservation; with a `visitorKey`, one impression towards the
   * visitor's frequency cap (counted even when the reservation is refused: it was shown).
   * A campaign absent from the index (paused, out of funds…) is left to the recorder.
   */
  async takeShown(
    campaignId: number,
    advertiserId: number,
    costMicros: bigint,
    visitorKey: string | null,
    now = Date.now(),
  ): Promise<{ refusal: FilterReason | null; reserved: boolean }> {
    const refusal = this.clickRefusal(campaignId, advertiserId, costMicros, now);
    const c = this.index.campaignsById.get(campaignId);
    if (!c || c.advertiserId !== advertiserId) return { refusal, reserved: false };
    const capped = visitorKey !== null && isCapped(c);
    const shared = this.opts.shared;
    if (!shared) {
      if (capped) this.caps.count(c, visitorKey, now);
      return { refusal, reserved: false };
    }
    const cost = refusal ? 0n : costMicros;
    const reservation = (withCap: boolean) =>
      shared.reserve({
        campaignId,
        advertiserId,
        costMicros: cost,
        dailyBudgetMicros: c.dailyBudgetMicros,
        totalBudgetMicros: c.totalBudgetMicros,
        seed: this.counters.committed(campaignId, advertiserId, now),
        ...(withCap && visitorKey ? { capping: { visitorKey, max: c.capping, windowMs: c.cappingMs } } : {}),
        now,
      });
    if (cost <= 0n && !capped) return { refusal, reserved: false };
    let answer = await reservation(capped);
    if (capped) {
      if (answer.refusal === 'capping') this.caps.saturate(c, visitorKey, now);
      else if (!answer.refusal) this.caps.count(c, visitorKey, now);
    }
    // Shown already: the cap is past, the cost is still taken.
    if (answer.refusal === 'capping') {
      if (cost <= 0n) return { refusal, reserved: false };
      answer = await reservation(false);
    }
    if (cost <= 0n) return { refusal, reserved: false };
    this.counters.observe(campaignId, advertiserId, answer, answer.refusal ? 0n : cost, now);
    if (!answer.refusal) return { refusal: null, reserved: true };
    return { refusal: answer.refusal === 'capping' ? null : CLICK_REFUSAL[answer.refusal], reserved: false };
  }

  /** The best allowed candidate, none of `excluded`; counts nothing. */
  private pick(
    zoneUnique: string,
    visitor: Visitor,
    q: { size?: string },
    now: number,
    excluded?: ReadonlySet<number>,
  ): Decision | null {
    const zone = this.index.zonesByUnique.get(zoneUnique);
    if (!zone) return null;
    if (q.size && zone.size && q.size !== zone.size) return null;
    const slot = zoneSlot(zone);
    const list = slot ? this.index.slots.get(slot) : undefined;
    if (!list) return null;
    const best: SlotEntry[] = [];
    let bestValue = -1;
    for (const entry of list) {
      if (best.length && entry.campaign.value < bestValue) break;
      if (best.length >= 16) break;
      if (excluded?.has(entry.campaign.id)) continue;
      if (this.refusal(entry.campaign, zone, visitor, now) !== null) continue;
      let fitting = entry.creatives;
      if (slot === 'sticky') {
        fitting = fitting.filter((cr) => stickyFits(visitor.device, cr.size));
        if (!fitting.length) continue;
      }
      bestValue = entry.campaign.value;
      best.push(fitting === entry.creatives ? entry : { campaign: entry.campaign, creatives: fitting });
    }
    const chosen = best[Math.floor(Math.random() * best.length)];
    if (!chosen) return null;
    const c = chosen.campaign;
    const creative = chosen.creatives.length
      ? (chosen.creatives[Math.floor(Math.random() * chosen.creatives.length)] ?? null)
      : null;
    return {
      zone,
      campaign: c,
      creative,
      impressionId: randomId(12),
      costMicros: c.impressionCost,
    };
  }

  /** An event entered the recorder's buffer: count it now so budgets hold before it is written. */
  onPushed(e: DeliveryEvent, now = Date.now()) {
    // With shared state its reservation already counted it, in every process's view.
    if (!this.opts.shared) this.counters.onPushed(e, now);
  }

  /**
   * A batch is in the database: its events stop being pending, balances are the committed
   * ones. Status changes of the batch (Out of Funds, Limit Reached) arrive as campaign.changed.
   */
  onCommitted(events: readonly DeliveryEvent[], balances: ReadonlyMap<number, bigint>) {
    if (this.opts.shared) this.counters.commitSeq++;
    else this.counters.onCommitted(events, balances);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async rebuild() {
    const forced = this.forceAll;
    this.forceAll = false;
    for (let attempt = 0; ; attempt++) {
      const seq = this.counters.commitSeq;
      // Redis unreachable: the index still refreshes; the shared figures wait for the next one.
      const sharedSeq = await this.opts.shared?.seq().catch(() => undefined);
      const snapshot = await readSnapshot(this.db, this.loadedAt, forced);
      // A batch committed while we read: its money may be in both the rows and pending.
      if (seq !== this.counters.commitSeq && attempt < 2) continue;
      this.apply(snapshot);
      // The database's committed figures into the shared state, unless a batch committed meanwhile.
      if (this.opts.shared && sharedSeq !== undefined) {
        const spendOf = new Map(snapshot.counters.spendRows.map((r) => [r.campaignId, r]));
        const spend = [...this.index.campaignsById.keys()].map((id) => ({
          campaignId: id,
          today: BigInt(spendOf.get(id)?.today ?? '0'),
          total: BigInt(spendOf.get(id)?.total ?? '0'),
        }));
        await this.opts.shared
          .sync(sharedSeq, spend, snapshot.counters.balances, snapshot.now)
          .catch((err) => this.opts.log?.error({ err }, 'writing committed spend to the shared state failed'));
      }
      this.loaded = true;
      this.refreshedAt = Date.now();
      return;
    }
  }

  private apply(s: Snapshot) {
    const loaded = this.loadedAt;
    if (s.checkedZones) loaded.zoneCheckedAt = s.now;
    if (s.zoneRows) {
      this.index.replaceZones(s.zoneRows.map(zoneEntry));
      loaded.keys.zones = s.fingerprint.zones;
      loaded.zonesLoadedAt = s.now;
    }
    if (s.campaignRows) {
      this.applyCampaigns(s.campaignRows, s.counters, s.now);
      loaded.keys.campaigns = s.fingerprint.campaigns;
      loaded.campaignsLoadedAt = s.now;
    } else this.applyCounters(s.counters, s.now);
    this.caps.prune(s.now);
  }

  /** Builds the entries of loaded campaigns and puts them in place of the scope's (all without one). */
  private applyCampaigns(rows: CampaignRows, counters: Counters, now: number, inScope?: (c: CampaignEntry) => boolean) {
    const creatives = creativeEntries(rows.creativeRows, this.publicUrl);
    const spendOf = new Map(counters.spendRows.map((r) => [r.campaignId, r]));
    const entries = rows.campaignRows.map((c) => {
      const spend = this.counters.seed(c.id, spendOf.get(c.id), counters.hourRows.get(c.id) ?? 0n, now);
      return campaignEntry(c, creatives.get(c.id) ?? [], ctrOf(spend.impressions, spend.clicks));
    });
    if (!inScope) {
      this.index.blacklists.clear();
      this.counters.retain(new Set(entries.map((e) => e.id)));
    }
    const lists = new Map(rows.blacklists.map((b) => [b.ownerId, b.items]));
    for (const owner of owned(rows)) this.index.setBlacklist(owner, blacklistSet(lists.get(owner) ?? []));
    for (const [id, balance] of counters.balances) this.counters.setBalance(id, balance);
    this.index.replaceCampaigns(entries, inScope);
  }

  /** Campaigns unchanged: only balances, spend and CPC values move (no allocation of the index). */
  private applyCounters(counters: Counters, now: number) {
    for (const [id, balance] of counters.balances) this.counters.setBalance(id, balance);
    const spendOf = new Map(counters.spendRows.map((r) => [r.campaignId, r]));
    let rerank = false;
    for (const entry of this.index.campaignsById.values()) {
      const spend = this.counters.seed(entry.id, spendOf.get(entry.id), counters.hourRows.get(entry.id) ?? 0n, now);
      if (entry.cpc) {
        entry.value = expectedValue(entry, ctrOf(spend.impressions, spend.clicks));
        rerank = true;
      }
    }
    if (rerank) this.index.rerank();
  }
}

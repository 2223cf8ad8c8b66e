import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AdFormat, CampaignStatus, PaymentMode, showsOnZone, TrafficType } from '@cryptads/contract/campaign-messages';
import { WebsiteStatus } from '@cryptads/contract/websites-messages';
import type { Db } from '../../db/client';
import { campaignBlacklists, campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { campaignSpendDaily, statsHourly } from '../../db/schema/stats';
import { users } from '../../db/schema/users';
import { websites, zones } from '../../db/schema/websites';
import { uploadUrl } from '../campaigns/uploads.service';
import type { DeliveryEvent } from './types';

/**
 * The delivery engine (docs/decisions/007-delivery.md): an in-memory index of running
 * campaigns, active zones, advertisers' balances and blacklists, and spend counters, rebuilt
 * from the database on a short timer and on `invalidate()`. A decision reads memory only.
 */

const ZONE_ACTIVE = 1;
/** Sticky bars show a leaderboard on desktop, a mobile banner on phones. */
export const STICKY_SIZES: Record<1 | 2, readonly string[]> = { 1: ['728x90'], 2: ['320x50', '320x100'] };
/** CTR assumed for a CPC campaign before it has impressions of its own (0.3 %, weight 1,000 impressions). */
export const CTR_PRIOR = 0.003;
const CTR_PRIOR_WEIGHT = 1000;
/** A popunder opens at most once per this many minutes per visitor (the ad code's data-interval). */
export const POPUNDER_INTERVAL_MINUTES = 5;

export type ZoneEntry = {
  id: number;
  unique: string;
  websiteId: number;
  publisherId: number;
  domain: string;
  format: number;
  size: string | null;
  excludedCategories: Set<number>;
  /** Premium inventory: the Sticky and Header banner formats (spec 002: premium-exclusive). */
  premium: boolean;
};

export type CreativeEntry = {
  id: number;
  format: number;
  size: string;
  image: string;
  width: number;
  height: number;
  title: string | null;
  description: string | null;
  descriptionShort: string | null;
  thumbnail: string | null;
  cta: string | null;
  brand: string | null;
  displayUrl: string | null;
};

export type CampaignEntry = {
  id: number;
  advertiserId: number;
  kind: string;
  priceMicros: bigint;
  cpc: boolean;
  premium: boolean;
  landingUrl: string;
  dailyBudgetMicros: bigint;
  throttle: boolean;
  totalBudgetMicros: bigint | null;
  capping: number;
  cappingMs: number;
  device: number;
  countries: Set<string> | null;
  category: number;
  excludeFlag: boolean;
  excludeSet: Set<string>;
  creatives: CreativeEntry[];
  /** What one impression costs (CPM price / 1000), 0 for CPC. */
  impressionCost: bigint;
  /** What one click costs (the CPC price), 0 for CPM. */
  clickCost: bigint;
  /** Expected value of one impression in micro-euros, for ranking. */
  value: number;
};

type Advertiser = { balance: bigint; pending: bigint; blacklist: Set<string> };
type Spend = {
  day: string;
  hour: number;
  today: bigint;
  hourCost: bigint;
  total: bigint;
  impressions: number;
  clicks: number;
};
type Pending = { cost: bigint; impressions: number; clicks: number };

export type Visitor = { country: string; device: 1 | 2; os: string; browser: string; key: string };
export type Decision = {
  zone: ZoneEntry;
  campaign: CampaignEntry;
  creative: CreativeEntry | null;
  impressionId: string;
  /** The impression's cost before any cap (CPM price / 1000, 0 for CPC). */
  costMicros: bigint;
};

const ctrOf = (impressions: number, clicks: number) =>
  (clicks + CTR_PRIOR * CTR_PRIOR_WEIGHT) / (impressions + CTR_PRIOR_WEIGHT);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hourOf = (ms: number) => Math.floor(ms / 3_600_000);
/** Blacklists name zones by public id or websites by domain; www. is the same site. */
export const normaliseDomain = (d: string) =>
  d
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/^www\./, '');

/** Which slot a zone's requests fill; null for formats nothing is sold for. */
export function zoneSlot(zone: Pick<ZoneEntry, 'format' | 'size'>): string | null {
  switch (zone.format) {
    case AdFormat.Banner:
    case AdFormat.FloatingBanner:
      return zone.size ? `r:${zone.size}` : null;
    case AdFormat.HeaderBanner:
      return zone.size ? `p:${zone.size}` : null;
    case AdFormat.StickyBanner:
      return 'sticky';
    case AdFormat.Native:
      return 'native';
    case AdFormat.NativeApp:
      return 'app';
    case AdFormat.Popunder:
      return 'popunder';
    default:
      return null;
  }
}

/** The slots a campaign competes in, each with the creatives that fit it. */
function campaignSlots(c: CampaignEntry): Map<string, CreativeEntry[]> {
  const out = new Map<string, CreativeEntry[]>();
  const add = (slot: string, cr: CreativeEntry) => {
    const list = out.get(slot) ?? [];
    list.push(cr);
    out.set(slot, list);
  };
  if (c.kind === 'display') {
    for (const cr of c.creatives) {
      if (cr.format !== AdFormat.Banner || !cr.size) continue;
      add(`${c.premium ? 'p' : 'r'}:${cr.size}`, cr);
      if (c.premium && [...STICKY_SIZES[1], ...STICKY_SIZES[2]].includes(cr.size)) add('sticky', cr);
    }
  } else if (c.kind === 'native') {
    for (const cr of c.creatives) if (cr.format === AdFormat.Native) add('native', cr);
  } else if (c.kind === 'application') {
    for (const cr of c.creatives) if (cr.format === AdFormat.NativeApp) add('app', cr);
  } else if (c.kind === 'popunder') {
    out.set('popunder', []);
  }
  return out;
}

/** Zones and campaigns are read again at least this often, whatever their fingerprint says. */
const FULL_RELOAD_MS = 60_000;
/** Zones change rarely (approvals, pauses): their fingerprint is checked this often, or on invalidate(). */
const ZONE_CHECK_MS = 15_000;

type ZoneRow = {
  id: number;
  unique: string;
  format: number;
  size: string | null;
  websiteId: number;
  publisherId: number;
  domain: string;
  excluded: number[];
};
type CampaignParts = {
  campaignRows: { c: typeof campaigns.$inferSelect }[];
  creativeRows: {
    cr: typeof creatives.$inferSelect;
    main: string;
    w: number;
    h: number;
    thumb: string | null;
  }[];
  blacklists: (typeof campaignBlacklists.$inferSelect)[];
  ids: number[];
  owners: number[];
};

type SlotEntry = { campaign: CampaignEntry; creatives: CreativeEntry[] };

export type EngineOptions = { publicUrl: string; refreshMs?: number; log?: { error: (o: object, m: string) => void } };

export class DeliveryEngine {
  private zonesByUnique = new Map<string, ZoneEntry>();
  private zonesById = new Map<number, ZoneEntry>();
  private campaignsById = new Map<number, CampaignEntry>();
  private slots = new Map<string, SlotEntry[]>();
  private advertisers = new Map<number, Advertiser>();
  private spend = new Map<number, Spend>();
  private pending = new Map<number, Pending>();
  private capping = new Map<string, { until: number; count: number }>();
  private commitSeq = 0;
  /** The next load reads everything, whatever the fingerprints say (explicit refresh, invalidate). */
  private forceAll = false;
  private zoneCheckedAt = 0;
  private cache: {
    at: number;
    zoneKey: string;
    campaignKey: string;
    zoneRows: ZoneRow[];
    parts: CampaignParts;
  } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private loaded = false;
  readonly publicUrl: string;

  constructor(
    private readonly db: Db,
    private readonly opts: EngineOptions,
  ) {
    this.publicUrl = opts.publicUrl;
  }

  /** Loads the index now and then every refreshMs (default 3 s). */
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

  /** Something changed (a campaign, zone, balance): rebuild soon, without waiting for the timer. */
  invalidate() {
    this.forceAll = true;
    void this.refresh().catch((err) => this.opts.log?.error({ err }, 'delivery index refresh failed'));
  }

  /** Rebuilds the index; concurrent calls share one rebuild (plus one more if asked meanwhile). */
  refresh(full = true): Promise<void> {
    if (full) this.forceAll = true;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.rebuild();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  get ready() {
    return this.loaded;
  }

  zoneByUnique(unique: string) {
    return this.zonesByUnique.get(unique);
  }
  zoneById(id: number) {
    return this.zonesById.get(id);
  }
  campaign(id: number) {
    return this.campaignsById.get(id);
  }
  stats() {
    return { zones: this.zonesById.size, campaigns: this.campaignsById.size, slots: this.slots.size };
  }

  private async rebuild() {
    for (let attempt = 0; attempt < 3; attempt++) {
      const seq = this.commitSeq;
      const snapshot = await this.load();
      // A batch committed while we read: its money may be in neither the rows nor pending.
      if (seq !== this.commitSeq && attempt < 2) continue;
      this.apply(snapshot);
      this.loaded = true;
      return;
    }
  }

  /**
   * Reads what the index needs. Zones and campaigns (with creatives and blacklists) are read
   * again only when their fingerprint changed, or after FULL_RELOAD_MS (10,000 zones take
   * ~1 s to read on the embedded database); balances and spend are read every time.
   */
  private async load() {
    const db = this.db;
    const now = Date.now();
    const today = dayOf(now);
    const hourStart = new Date(hourOf(now) * 3_600_000);
    const forced = this.forceAll;
    this.forceAll = false;
    const checkZones = forced || !this.cache || now - this.zoneCheckedAt > ZONE_CHECK_MS;
    const fp = (await db.execute(sql`select
      (select case when ${checkZones} then count(*) || ':' || coalesce(sum(hashtext(z.id || ':' || z.status || ':' || z.format || ':' || coalesce(z.size, '')
          || ':' || w.status || ':' || w.domain || ':' || w.excluded_category_ids::text || ':' || coalesce(u.disabled_at::text, ''))), 0) end
        from ${zones} z join ${websites} w on w.id = z.website_id join ${users} u on u.id = w.owner_id) as zones,
      (select count(*) || ':' || coalesce(sum(hashtext(c.id || ':' || c.status || ':' || c.updated_at::text || ':' || coalesce(c.approved_at::text, '')
          || ':' || coalesce(u.disabled_at::text, ''))), 0)
        from ${campaigns} c join ${users} u on u.id = c.owner_id where c.status = ${CampaignStatus.Delivering}) as campaigns,
      (select count(*) || ':' || coalesce(sum(hashtext(cr.id || ':' || coalesce(cr.deleted_at::text, '') || ':' || cr.upload_id || ':' || cr.size)), 0)
        from ${creatives} cr) as creatives,
      (select count(*) || ':' || coalesce(sum(hashtext(b.owner_id || ':' || b.items::text)), 0) from ${campaignBlacklists} b) as blacklists`)) as unknown as {
      rows: { zones: string; campaigns: string; creatives: string; blacklists: string }[];
    };
    const f = fp.rows[0] ?? { zones: '', campaigns: '', creatives: '', blacklists: '' };
    const stale = forced || !this.cache || now - this.cache.at > FULL_RELOAD_MS;
    if (checkZones) this.zoneCheckedAt = now;
    const zoneKey = checkZones ? f.zones : (this.cache?.zoneKey ?? '');
    const campaignKey = `${f.campaigns}|${f.creatives}|${f.blacklists}`;
    let zoneRows = this.cache?.zoneRows;
    const zonesChanged = stale || !zoneRows || this.cache?.zoneKey !== zoneKey;
    if (zonesChanged)
      zoneRows = await db
        .select({
          id: zones.id,
          unique: zones.unique,
          format: zones.format,
          size: zones.size,
          websiteId: websites.id,
          publisherId: websites.ownerId,
          domain: websites.domain,
          excluded: websites.excludedCategoryIds,
        })
        .from(zones)
        .innerJoin(websites, eq(websites.id, zones.websiteId))
        .innerJoin(users, eq(users.id, websites.ownerId))
        .where(and(eq(zones.status, ZONE_ACTIVE), eq(websites.status, WebsiteStatus.Active), isNull(users.disabledAt)));
    let parts = this.cache?.parts;
    const campaignsChanged = stale || !parts || this.cache?.campaignKey !== campaignKey;
    if (campaignsChanged) {
      const campaignRows = await db
        .select({ c: campaigns })
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.ownerId))
        .where(
          and(
            eq(campaigns.status, CampaignStatus.Delivering),
            isNotNull(campaigns.approvedAt),
            isNull(users.disabledAt),
            eq(users.type, 1),
          ),
        );
      const ids = campaignRows.map((r) => r.c.id);
      const owners = [...new Set(campaignRows.map((r) => r.c.ownerId))];
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
        : [];
      const blacklists = owners.length
        ? await db.select().from(campaignBlacklists).where(inArray(campaignBlacklists.ownerId, owners))
        : [];
      parts = { campaignRows, creativeRows, blacklists, ids, owners };
    }
    if (!zoneRows || !parts) throw new Error('delivery: index not loaded');
    this.cache = { at: stale ? now : (this.cache?.at ?? now), zoneKey, campaignKey, zoneRows, parts };
    const { ids, owners } = parts;
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
    const balances = new Map(balanceRows.map((r) => [r.id, r.balance]));
    return {
      now,
      today,
      zonesChanged,
      campaignsChanged,
      zoneRows,
      campaignRows: parts.campaignRows.map((r) => ({ c: r.c, balance: balances.get(r.c.ownerId) ?? 0n })),
      creativeRows: parts.creativeRows,
      blacklists: parts.blacklists,
      spendRows,
      hourRows,
    };
  }

  private apply(s: Awaited<ReturnType<DeliveryEngine['load']>>) {
    const url = (key: string) => `${this.publicUrl}${uploadUrl(key)}`;
    const zonesByUnique = s.zonesChanged ? new Map<string, ZoneEntry>() : this.zonesByUnique;
    const zonesById = s.zonesChanged ? new Map<number, ZoneEntry>() : this.zonesById;
    for (const z of s.zonesChanged ? s.zoneRows : []) {
      const entry: ZoneEntry = {
        id: z.id,
        unique: z.unique,
        websiteId: z.websiteId,
        publisherId: z.publisherId,
        domain: normaliseDomain(z.domain),
        format: z.format,
        size: z.size,
        excludedCategories: new Set(z.excluded),
        premium: z.format === AdFormat.StickyBanner || z.format === AdFormat.HeaderBanner,
      };
      zonesByUnique.set(z.unique, entry);
      zonesById.set(z.id, entry);
    }
    if (!s.campaignsChanged) {
      this.refreshCounters(s);
      this.zonesByUnique = zonesByUnique;
      this.zonesById = zonesById;
      return;
    }
    const creativesOf = new Map<number, CreativeEntry[]>();
    for (const r of s.creativeRows) {
      const [w, h] = r.cr.size ? r.cr.size.split('x').map(Number) : [r.w, r.h];
      const list = creativesOf.get(r.cr.campaignId) ?? [];
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
      creativesOf.set(r.cr.campaignId, list);
    }
    const spendOf = new Map(s.spendRows.map((r) => [r.campaignId, r]));
    const hourOfCampaign = new Map(s.hourRows.map((r) => [r.campaignId, BigInt(r.cost)]));
    const blacklistOf = new Map(s.blacklists.map((b) => [b.ownerId, b.items]));
    const advertisers = new Map<number, Advertiser>();
    const spend = new Map<number, Spend>();
    const campaignsById = new Map<number, CampaignEntry>();
    const slots = new Map<string, SlotEntry[]>();
    const hour = hourOf(s.now);
    for (const { c, balance } of s.campaignRows) {
      if (!advertisers.has(c.ownerId)) {
        const items = blacklistOf.get(c.ownerId) ?? [];
        advertisers.set(c.ownerId, {
          balance,
          pending: this.advertisers.get(c.ownerId)?.pending ?? 0n,
          blacklist: new Set(items.map((i) => (/^[0-9a-f]{16}$/i.test(i.trim()) ? i.trim() : normaliseDomain(i)))),
        });
      }
      const sp = this.seededSpend(c.id, { today: s.today, hour }, spendOf.get(c.id), hourOfCampaign.get(c.id) ?? 0n);
      spend.set(c.id, sp);
      const { impressions, clicks } = sp;
      const cpc = c.paymentMode === PaymentMode.CPC;
      const ctr = ctrOf(impressions, clicks);
      const price = Number(c.priceMicros);
      const entry: CampaignEntry = {
        id: c.id,
        advertiserId: c.ownerId,
        kind: c.kind,
        priceMicros: c.priceMicros,
        cpc,
        premium: c.trafficType === TrafficType.Premium && c.kind === 'display',
        landingUrl: c.landingUrl,
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
        creatives: creativesOf.get(c.id) ?? [],
        impressionCost: cpc ? 0n : c.priceMicros / 1000n,
        clickCost: cpc ? c.priceMicros : 0n,
        value: cpc ? price * ctr : price / 1000,
      };
      campaignsById.set(c.id, entry);
      for (const [slot, fitting] of campaignSlots(entry)) {
        if (slot !== 'popunder' && fitting.length === 0) continue;
        const list = slots.get(slot) ?? [];
        list.push({ campaign: entry, creatives: fitting });
        slots.set(slot, list);
      }
    }
    for (const list of slots.values()) list.sort((a, b) => b.campaign.value - a.campaign.value);
    // Forget capping windows that are over.
    for (const [k, v] of this.capping) if (v.until <= s.now) this.capping.delete(k);
    this.zonesByUnique = zonesByUnique;
    this.zonesById = zonesById;
    this.campaignsById = campaignsById;
    this.slots = slots;
    this.advertisers = advertisers;
    this.spend = spend;
  }

  /** The fresh spend of a campaign: the database's totals plus what is still buffered. */
  private seededSpend(
    id: number,
    s: { today: string; hour: number },
    sp: { total: string; today: string; impressions: string; clicks: string } | undefined,
    hourCost: bigint,
  ): Spend {
    const pend = this.pending.get(id);
    return {
      day: s.today,
      hour: s.hour,
      today: BigInt(sp?.today ?? '0') + (pend?.cost ?? 0n),
      hourCost: hourCost + (pend?.cost ?? 0n),
      total: BigInt(sp?.total ?? '0') + (pend?.cost ?? 0n),
      impressions: Number(sp?.impressions ?? 0) + (pend?.impressions ?? 0),
      clicks: Number(sp?.clicks ?? 0) + (pend?.clicks ?? 0),
    };
  }

  /** Campaigns unchanged: only balances, spend and CPC values move (no allocation of the index). */
  private refreshCounters(s: Awaited<ReturnType<DeliveryEngine['load']>>) {
    const spendOf = new Map(s.spendRows.map((r) => [r.campaignId, r]));
    const hourOfCampaign = new Map(s.hourRows.map((r) => [r.campaignId, BigInt(r.cost)]));
    const hour = hourOf(s.now);
    let resort = false;
    for (const { c, balance } of s.campaignRows) {
      const adv = this.advertisers.get(c.ownerId);
      if (adv) adv.balance = balance;
      const spend = this.seededSpend(c.id, { today: s.today, hour }, spendOf.get(c.id), hourOfCampaign.get(c.id) ?? 0n);
      this.spend.set(c.id, spend);
      const entry = this.campaignsById.get(c.id);
      if (entry?.cpc) {
        entry.value = Number(entry.priceMicros) * ctrOf(spend.impressions, spend.clicks);
        resort = true;
      }
    }
    if (resort) for (const list of this.slots.values()) list.sort((a, b) => b.campaign.value - a.campaign.value);
    for (const [k, v] of this.capping) if (v.until <= s.now) this.capping.delete(k);
  }

  private spendOf(id: number, now: number): Spend {
    let s = this.spend.get(id);
    if (!s) {
      s = { day: dayOf(now), hour: hourOf(now), today: 0n, hourCost: 0n, total: 0n, impressions: 0, clicks: 0 };
      this.spend.set(id, s);
    }
    const h = hourOf(now);
    if (s.hour !== h) {
      s.hour = h;
      s.hourCost = 0n;
      const d = dayOf(now);
      if (s.day !== d) {
        s.day = d;
        s.today = 0n;
      }
    }
    return s;
  }

  /** Why a campaign may not serve this request (null: it may). Exposed for tests and logs. */
  refusal(c: CampaignEntry, zone: ZoneEntry, v: Visitor, now = Date.now()): string | null {
    if (c.countries && !c.countries.has(v.country)) return 'country';
    if (c.device !== 3 && c.device !== v.device) return 'device';
    if (c.premium !== zone.premium && c.kind === 'display') return 'traffic type';
    const adv = this.advertisers.get(c.advertiserId);
    if (!adv) return 'advertiser';
    if (adv.blacklist.has(zone.unique) || adv.blacklist.has(zone.domain)) return 'blacklist';
    if (!showsOnZone(c.excludeFlag, c.excludeSet.has(zone.unique))) return 'exclude list';
    if (zone.excludedCategories.has(c.category)) return 'category';
    const next = c.cpc ? c.clickCost : c.impressionCost;
    const s = this.spendOf(c.id, now);
    if (s.today + next > c.dailyBudgetMicros) return 'daily budget';
    if (c.totalBudgetMicros !== null && s.total + next > c.totalBudgetMicros) return 'total budget';
    if (c.throttle && s.hourCost * 24n >= c.dailyBudgetMicros) return 'throttle';
    const balance = adv.balance - adv.pending;
    if (balance <= 0n || balance < next) return 'balance';
    if (c.capping > 0 && c.cappingMs > 0) {
      const cap = this.capping.get(`${c.id}|${v.key}`);
      if (cap && cap.until > now && cap.count >= c.capping) return 'capping';
    }
    return null;
  }

  /**
   * Chooses the campaign (and creative) with the highest expected value per impression among
   * those allowed for this zone and visitor; null when none. Counts the impression towards
   * frequency capping; the caller records it (the recorder then updates spend via onPushed).
   */
  decide(zoneUnique: string, visitor: Visitor, q: { size?: string } = {}, now = Date.now()): Decision | null {
    const zone = this.zonesByUnique.get(zoneUnique);
    if (!zone) return null;
    if (q.size && zone.size && q.size !== zone.size) return null;
    const slot = zoneSlot(zone);
    const list = slot ? this.slots.get(slot) : undefined;
    if (!list) return null;
    let best: SlotEntry[] = [];
    let bestValue = -1;
    for (const entry of list) {
      if (best.length && entry.campaign.value < bestValue) break;
      if (best.length >= 16) break;
      if (this.refusal(entry.campaign, zone, visitor, now) !== null) continue;
      let fitting = entry.creatives;
      if (slot === 'sticky') {
        fitting = fitting.filter((cr) => STICKY_SIZES[visitor.device].includes(cr.size));
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
    if (c.capping > 0 && c.cappingMs > 0) {
      const key = `${c.id}|${visitor.key}`;
      const cap = this.capping.get(key);
      if (cap && cap.until > now) cap.count++;
      else this.capping.set(key, { until: now + c.cappingMs, count: 1 });
    }
    best = [];
    return {
      zone,
      campaign: c,
      creative,
      impressionId: randomBytes(12).toString('base64url'),
      costMicros: c.impressionCost,
    };
  }

  /** An event entered the recorder's buffer: count it now so budgets hold before it is written. */
  onPushed(e: DeliveryEvent, now = Date.now()) {
    const s = this.spendOf(e.campaignId, now);
    s.today += e.costMicros;
    s.hourCost += e.costMicros;
    s.total += e.costMicros;
    if (e.kind === 1) s.impressions++;
    else s.clicks++;
    const p = this.pending.get(e.campaignId) ?? { cost: 0n, impressions: 0, clicks: 0 };
    p.cost += e.costMicros;
    if (e.kind === 1) p.impressions++;
    else p.clicks++;
    this.pending.set(e.campaignId, p);
    const adv = this.advertisers.get(e.advertiserId);
    if (adv) adv.pending += e.costMicros;
  }

  /**
   * A batch is in the database: its events stop being pending, balances are the committed
   * ones. `statusChanged` (Out of Funds, Limit Reached) triggers a rebuild.
   */
  onCommitted(events: DeliveryEvent[], balances: Map<number, bigint>, statusChanged: boolean) {
    this.commitSeq++;
    for (const e of events) {
      const p = this.pending.get(e.campaignId);
      if (p) {
        p.cost -= e.costMicros;
        if (e.kind === 1) p.impressions--;
        else p.clicks--;
        if (p.cost <= 0n && p.impressions <= 0 && p.clicks <= 0) this.pending.delete(e.campaignId);
      }
      const adv = this.advertisers.get(e.advertiserId);
      if (adv) adv.pending -= e.costMicros;
    }
    for (const [id, balance] of balances) {
      const adv = this.advertisers.get(id);
      if (adv) adv.balance = balance;
    }
    if (statusChanged) this.invalidate();
  }
}

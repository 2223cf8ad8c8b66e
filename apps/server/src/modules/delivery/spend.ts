import type { SpendRow } from './index-sql';
import { EventKind, type DeliveryEvent, isViewReport } from './types';
import { isoDay } from '@cryptads/contract/dates';

/**
 * Spend counters: what each campaign spent today, this hour and in total, and what each
 * advertiser has left. Seeded from the database (committed spend) plus what is still in the
 * recorder's buffer (pending), counted the moment an event is pushed so that budgets hold
 * before the batch is written. With Redis (docs/decisions/029) the shared reservation decides;
 * these are then the process's local view, following the figures each reservation returns.
 */

export type Spend = {
  day: string;
  hour: number;
  today: bigint;
  hourCost: bigint;
  total: bigint;
  impressions: number;
  clicks: number;
};
type Pending = { cost: bigint; impressions: number; clicks: number };

export const hourOf = (ms: number) => Math.floor(ms / 3_600_000);

export class SpendCounters {
  private spend = new Map<number, Spend>();
  private pending = new Map<number, Pending>();
  private balances = new Map<number, bigint>();
  private pendingByAdvertiser = new Map<number, bigint>();
  /** Moves on every committed batch: a load that overlapped one may count its events twice. */
  commitSeq = 0;

  /** The fresh spend of a campaign: the database's totals plus what is still buffered. */
  seed(id: number, row: SpendRow | undefined, hourCost: bigint, now: number): Spend {
    const pend = this.pending.get(id);
    const spend: Spend = {
      day: isoDay(now),
      hour: hourOf(now),
      today: BigInt(row?.today ?? '0') + (pend?.cost ?? 0n),
      hourCost: hourCost + (pend?.cost ?? 0n),
      total: BigInt(row?.total ?? '0') + (pend?.cost ?? 0n),
      impressions: Number(row?.impressions ?? 0) + (pend?.impressions ?? 0),
      clicks: Number(row?.clicks ?? 0) + (pend?.clicks ?? 0),
    };
    this.spend.set(id, spend);
    return spend;
  }

  /** Forgets every campaign but `keep` (after a full reload). */
  retain(keep: ReadonlySet<number>) {
    for (const id of this.spend.keys()) if (!keep.has(id)) this.spend.delete(id);
  }

  /** A campaign's spend, rolled over to a new hour and day as time passes. */
  of(id: number, now: number): Spend {
    let s = this.spend.get(id);
    if (!s) {
      s = { day: isoDay(now), hour: hourOf(now), today: 0n, hourCost: 0n, total: 0n, impressions: 0, clicks: 0 };
      this.spend.set(id, s);
    }
    const h = hourOf(now);
    if (s.hour !== h) {
      s.hour = h;
      s.hourCost = 0n;
      const d = isoDay(now);
      if (s.day !== d) {
        s.day = d;
        s.today = 0n;
      }
    }
    return s;
  }

  setBalance(advertiserId: number, balance: bigint) {
    this.balances.set(advertiserId, balance);
  }

  /** The committed balance minus what buffered events will debit. */
  available(advertiserId: number): bigint {
    return (this.balances.get(advertiserId) ?? 0n) - (this.pendingByAdvertiser.get(advertiserId) ?? 0n);
  }

  /**
   * The shared state's figures after a reservation (with Redis, docs/decisions/029): the local
   * view follows them, this process's pending is not counted apart (other processes' is not
   * either), and `cost` (what was just taken, 0 when refused) counts towards this hour's pacing.
   */
  observe(
    campaignId: number,
    advertiserId: number,
    shared: { today: bigint; total: bigint; available: bigint },
    cost: bigint,
    now: number,
  ) {
    const s = this.of(campaignId, now);
    s.today = shared.today;
    s.total = shared.total;
    s.hourCost += cost;
    this.balances.set(advertiserId, shared.available);
  }

  /** What a shared state without figures for this campaign starts from: the local view's. */
  committed(campaignId: number, advertiserId: number, now: number) {
    const s = this.of(campaignId, now);
    return { today: s.today, total: s.total, balance: this.balances.get(advertiserId) ?? 0n };
  }

  /** An event entered the recorder's buffer (a filtered one costs nothing and is not spend, nor is a view report). */
  onPushed(e: DeliveryEvent, now: number) {
    if (e.filterReason || isViewReport(e)) return;
    const s = this.of(e.campaignId, now);
    s.today += e.costMicros;
    s.hourCost += e.costMicros;
    s.total += e.costMicros;
    if (e.kind === EventKind.Impression) s.impressions++;
    else s.clicks++;
    const p = this.pending.get(e.campaignId) ?? { cost: 0n, impressions: 0, clicks: 0 };
    p.cost += e.costMicros;
    if (e.kind === EventKind.Impression) p.impressions++;
    else p.clicks++;
    this.pending.set(e.campaignId, p);
    this.pendingByAdvertiser.set(e.advertiserId, (this.pendingByAdvertiser.get(e.advertiserId) ?? 0n) + e.costMicros);
  }

  /** A batch is in the database: its events stop being pending, balances are the committed ones. */
  onCommitted(events: readonly DeliveryEvent[], balances: ReadonlyMap<number, bigint>) {
    this.commitSeq++;
    for (const e of events) {
      if (e.filterReason || isViewReport(e)) continue; // never counted by onPushed
      const p = this.pending.get(e.campaignId);
      if (p) {
        p.cost -= e.costMicros;
        if (e.kind === EventKind.Impression) p.impressions--;
        else p.clicks--;
        if (p.cost <= 0n && p.impressions <= 0 && p.clicks <= 0) this.pending.delete(e.campaignId);
      }
      const left = (this.pendingByAdvertiser.get(e.advertiserId) ?? 0n) - e.costMicros;
      if (left > 0n) this.pendingByAdvertiser.set(e.advertiserId, left);
      else this.pendingByAdvertiser.delete(e.advertiserId);
    }
    for (const [id, balance] of balances) if (this.balances.has(id)) this.balances.set(id, balance);
  }
}

import { and, sql } from 'drizzle-orm';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { FilterReason } from '@cryptads/contract/delivery';
import { isoDay } from '@cryptads/contract/dates';
import type { Tx } from '../../../db/client';
import { campaigns } from '../../../db/schema/campaigns';
import { campaignSpendDaily } from '../../../db/schema/stats';
import { users } from '../../../db/schema/users';
import type { DeliveryEvent } from '../types';
import { anyOf, chunks } from './sql';

/**
 * The billing rules of a batch (docs/decisions/020-budgets-at-click-time.md): the advertisers
 * and campaigns are locked in the batch's transaction and each event is billed in order
 * against them, or marked with the reason it may not be.
 */

const SHARE_SCALE = 1_000_000n;

/** The publisher's share in millionths (0.7 → 700,000), so earnings are integer arithmetic. */
export const shareMillionths = (share: number) => BigInt(Math.round(share * 1_000_000));
/** Earnings of one event: floor(cost × share), per event, so every sum agrees with the ledger. */
export const earningsOf = (costMicros: bigint, share: bigint) => (costMicros * share) / SHARE_SCALE;

/** What an event costs before any rule (a negative cost is none). */
export const costOf = (e: DeliveryEvent) => (e.costMicros < 0n ? 0n : e.costMicros);

/** A billed event with what it costs and what its publisher earns. */
export type BilledEvent = { e: DeliveryEvent; cost: bigint; earnings: bigint };

/**
 * Statuses whose traffic may still be billed: Delivering, and the two the writer itself sets
 * (Out of Funds, Limit Reached), for events served before it set them; the balance and the
 * total budget then decide. Paused, archived, pending, rejected or delivered: never billed.
 */
const BILLABLE_STATUSES: ReadonlySet<number> = new Set([
  CampaignStatus.Delivering,
  CampaignStatus.OutOfFunds,
  CampaignStatus.LimitReached,
]);

/** A campaign's billing terms and what it has spent, as locked in the batch's transaction. */
export type CampaignRules = {
  status: number;
  dailyBudgetMicros: bigint;
  /** null: no total budget. */
  totalBudgetMicros: bigint | null;
  /** Spent per UTC day ('YYYY-MM-DD') of the batch's events. */
  spentOn: Map<string, bigint>;
  spentTotal: bigint;
  charge: (at: Date, cost: bigint) => void;
};

/**
 * Locks the batch's advertisers in id order (no deadlock between two batches) and reads their
 * balances. FOR NO KEY UPDATE: rows that merely reference a user (a new ledger account, a
 * hold) need not wait. Throws when one does not exist.
 */
export async function lockAdvertisers(tx: Tx, events: readonly DeliveryEvent[]) {
  const advertiserIds = [...new Set(events.map((e) => e.advertiserId))].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: users.id, balance: users.balanceMicros })
    .from(users)
    .where(anyOf(users.id, advertiserIds, 'integer'))
    .orderBy(users.id)
    .for('no key update');
  const remaining = new Map(locked.map((r) => [r.id, r.balance]));
  for (const id of advertiserIds)
    if (!remaining.has(id)) throw new Error(`recordBatch: advertiser ${id} does not exist`);
  return { advertiserIds, remaining };
}

/**
 * Locks the batch's campaigns (FOR NO KEY UPDATE, id order, after the advertisers: every
 * writer takes advertisers first, so no two batches deadlock) and reads their budgets and
 * spend from campaign_spend_daily inside the transaction: a concurrent batch of the same
 * campaign waits for this one and then sees its spend.
 */
export async function lockCampaignRules(tx: Tx, events: readonly DeliveryEvent[]): Promise<Map<number, CampaignRules>> {
  const ids = [...new Set(events.map((e) => e.campaignId))].sort((a, b) => a - b);
  const days = [...new Set(events.map((e) => isoDay(e.at)))];
  const out = new Map<number, CampaignRules>();
  for (const part of chunks(ids)) {
    const rows = await tx
      .select({
        id: campaigns.id,
        status: campaigns.status,
        daily: campaigns.dailyBudgetMicros,
        budgetFlag: campaigns.budgetFlag,
        budget: campaigns.budgetMicros,
      })
      .from(campaigns)
      .where(anyOf(campaigns.id, part, 'integer'))
      .orderBy(campaigns.id)
      .for('no key update');
    for (const r of rows) {
      const rules: CampaignRules = {
        status: r.status,
        dailyBudgetMicros: r.daily,
        totalBudgetMicros: r.budgetFlag ? (r.budget ?? 0n) : null,
        spentOn: new Map(),
        spentTotal: 0n,
        charge(at, cost) {
          const day = isoDay(at);
          this.spentOn.set(day, (this.spentOn.get(day) ?? 0n) + cost);
          this.spentTotal += cost;
        },
      };
      out.set(r.id, rules);
    }
    if (!rows.length) continue;
    const found = rows.map((r) => r.id);
    const totals = await tx
      .select({ id: campaignSpendDaily.campaignId, total: sql<string>`sum(${campaignSpendDaily.costMicros})::text` })
      .from(campaignSpendDaily)
      .where(anyOf(campaignSpendDaily.campaignId, found, 'integer'))
      .groupBy(campaignSpendDaily.campaignId);
    for (const t of totals) {
      const rules = out.get(t.id);
      if (rules) rules.spentTotal = BigInt(t.total ?? '0');
    }
    const perDay = await tx
      .select({ id: campaignSpendDaily.campaignId, day: campaignSpendDaily.day, cost: campaignSpendDaily.costMicros })
      .from(campaignSpendDaily)
      .where(and(anyOf(campaignSpendDaily.campaignId, found, 'integer'), anyOf(campaignSpendDaily.day, days, 'text')));
    for (const d of perDay) out.get(d.id)?.spentOn.set(String(d.day), d.cost);
  }
  return out;
}

/**
 * Why this event may not be billed (null: it may), checked in order against the locked
 * campaign and balance: the campaign's state, its daily budget (on the event's UTC day), its
 * total budget, then the advertiser's balance. An event that costs nothing (a CPC impression)
 * is refused only for the campaign's state. A campaign the database does not know (rows are
 * never deleted; only tests record such events) is held to the balance alone.
 */
export function billingRefusal(
  e: DeliveryEvent,
  rules: CampaignRules | undefined,
  balance: bigint,
): FilterReason | null {
  const cost = costOf(e);
  if (rules) {
    if (!BILLABLE_STATUSES.has(rules.status)) return FilterReason.CampaignInactive;
    if (cost > 0n) {
      if ((rules.spentOn.get(isoDay(e.at)) ?? 0n) + cost > rules.dailyBudgetMicros) return FilterReason.DailyBudget;
      if (rules.totalBudgetMicros !== null && rules.spentTotal + cost > rules.totalBudgetMicros)
        return FilterReason.TotalBudget;
    }
  }
  if (cost > balance) return FilterReason.InsufficientFunds;
  return null;
}

/**
 * Bills the events in order against the locked balances (`remaining`, debited here) and
 * campaigns (charged here). An event refused is marked with its `filterReason`; `broke` and
 * `budgetUsed` name the advertisers and campaigns a refusal showed to be out of money.
 */
export function billInOrder(
  events: readonly DeliveryEvent[],
  rules: ReadonlyMap<number, CampaignRules>,
  remaining: Map<number, bigint>,
) {
  const broke = new Set<number>();
  const budgetUsed = new Set<number>();
  const billedEvents = events.map((e) => {
    if (e.filterReason) return e;
    const reason = billingRefusal(e, rules.get(e.campaignId), remaining.get(e.advertiserId) ?? 0n);
    if (reason) {
      if (reason === FilterReason.InsufficientFunds) broke.add(e.advertiserId);
      if (reason === FilterReason.TotalBudget) budgetUsed.add(e.campaignId);
      return { ...e, filterReason: reason };
    }
    const cost = costOf(e);
    remaining.set(e.advertiserId, (remaining.get(e.advertiserId) ?? 0n) - cost);
    rules.get(e.campaignId)?.charge(e.at, cost);
    return e;
  });
  return { events: billedEvents, broke, budgetUsed };
}

/** The events that are money: each with its cost and floor(cost × share) for its publisher. */
export function billedOf(events: readonly DeliveryEvent[], share: bigint): BilledEvent[] {
  return events
    .filter((e) => !e.filterReason)
    .map((e) => {
      const cost = costOf(e);
      return { e, cost, earnings: earningsOf(cost, share) };
    });
}

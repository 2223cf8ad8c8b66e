import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { dayStart, addDays } from '@cryptads/contract/dates';
import type { StatementLineType } from '@cryptads/contract/statement';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { ledgerAccounts, ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { websites } from '../../db/schema/websites';

/**
 * The lines of a customer's statement, read from the ledger (docs/product/billing.md#statement):
 * every transfer into or out of the user's available account (the balance the customer sees),
 * ad spend and earnings summed per UTC day and campaign or website, and the posting of a held
 * amount as a line of 0 (the money had already left the balance when it was held). Oldest
 * first, each with the running balance after it, from the account's first transfer on.
 */

export type Line = {
  id: string;
  at: Date;
  day: string;
  type: StatementLineType;
  description: string;
  amountMicros: bigint;
  balanceMicros: bigint;
  /** Orders lines of the same instant: the (last) transfer id. */
  seq: number;
};

const DELIVERY_KINDS = ['spend', 'earning'];
const isoDayOf = (d: Date) => d.toISOString().slice(0, 10);

/** 'campaign:4' or 'campaign:4/website:9' → the ids (none for older transfers, 'delivery'). */
function adSpendTarget(reference: string | null): { campaignId?: number; websiteId?: number } {
  const m = /^campaign:(\d+)(?:\/website:(\d+))?$/.exec(reference ?? '');
  if (!m) return {};
  return { campaignId: Number(m[1]), websiteId: m[2] === undefined ? undefined : Number(m[2]) };
}

function typeOfTransfer(kind: string, incoming: boolean, holdKind: string | null): StatementLineType {
  switch (kind) {
    case 'deposit':
      return 'deposit';
    case 'hold':
      return holdKind === 'marketplace_order' ? 'marketplace_purchase' : holdKind === 'payout' ? 'payout' : 'hold';
    case 'hold_void':
      return holdKind === 'marketplace_order' ? 'marketplace_refund' : 'hold_released';
    case 'marketplace_order':
      return 'marketplace_delivered';
    case 'payout':
      return 'payout_sent';
    case 'marketplace_sale':
      return 'marketplace_sale';
    case 'payout_returned':
      return 'payout_returned';
    case 'referral_reward':
      return 'referral_reward';
    case 'adjustment':
    case 'refund':
      return incoming ? 'credit' : 'adjustment';
    case 'withdrawal':
      return 'payout';
    case 'reversal':
      return 'reversal';
    default:
      return holdKind !== null ? 'hold' : 'other';
  }
}

/** Every line of the user's statement up to the end of `to` (all when null), with running balances. */
export async function statementLines(db: DbOrTx, userId: number, to: string | null): Promise<Line[]> {
  const accounts = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const availableId = accounts.find((a) => a.kind === 'available')?.id;
  if (availableId === undefined) return [];
  const heldId = accounts.find((a) => a.kind === 'held')?.id ?? -1;
  const before =
    to === null ? undefined : sql`${ledgerTransfers.createdAt} < ${dayStart(addDays(to, 1)).toISOString()}`;
  const touches = or(eq(ledgerTransfers.debitAccountId, availableId), eq(ledgerTransfers.creditAccountId, availableId));

  // One by one: everything but ad spend, and a held amount posted on (the held account's side).
  const single = await db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amountMicros,
      creditAccountId: ledgerTransfers.creditAccountId,
      debitAccountId: ledgerTransfers.debitAccountId,
      description: ledgerTransfers.description,
      reference: ledgerTransfers.reference,
      holdPhase: ledgerTransfers.holdPhase,
      holdKind: ledgerHolds.kind,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .leftJoin(ledgerHolds, eq(ledgerHolds.id, ledgerTransfers.holdId))
    .where(
      and(
        or(
          and(touches, sql`${ledgerTransfers.kind} not in ('spend', 'earning')`),
          and(eq(ledgerTransfers.debitAccountId, heldId), eq(ledgerTransfers.holdPhase, 'post')),
        ),
        before,
      ),
    );

  // Ad spend and earnings: summed per UTC day, direction and campaign (and website).
  const dayExpr = sql<string>`to_char(${ledgerTransfers.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const delivery = await db
    .select({
      day: dayExpr,
      creditAccountId: ledgerTransfers.creditAccountId,
      reference: ledgerTransfers.reference,
      total: sql<string>`sum(${ledgerTransfers.amountMicros})::text`,
      lastAt: sql<string>`max(${ledgerTransfers.createdAt})`,
      lastId: sql<number>`max(${ledgerTransfers.id})`,
    })
    .from(ledgerTransfers)
    .where(and(touches, inArray(ledgerTransfers.kind, DELIVERY_KINDS), before))
    .groupBy(dayExpr, ledgerTransfers.creditAccountId, ledgerTransfers.reference);

  const lines: Line[] = [];
  const commissionOf = await commissions(
    db,
    single.filter((t) => t.kind === 'marketplace_sale').map((t) => t.reference ?? ''),
  );
  for (const t of single) {
    const held = t.holdPhase === 'post';
    const incoming = t.creditAccountId === availableId;
    const commission = t.kind === 'marketplace_sale' ? commissionOf.get(t.reference ?? '') : undefined;
    lines.push({
      id: `t${t.id}`,
      at: t.createdAt,
      day: isoDayOf(t.createdAt),
      type: typeOfTransfer(t.kind, incoming, t.holdKind),
      description: commission
        ? `${t.description} (price ${euros(t.amount + commission)} EUR less commission ${euros(commission)} EUR)`
        : t.description,
      amountMicros: held ? 0n : incoming ? t.amount : -t.amount,
      balanceMicros: 0n,
      seq: t.id,
    });
  }

  type Group = { day: string; incoming: boolean; target: number | null; amount: bigint; at: Date; seq: number };
  const groups = new Map<string, Group>();
  for (const r of delivery) {
    const { campaignId, websiteId } = adSpendTarget(r.reference);
    const incoming = r.creditAccountId === availableId;
    const target = (incoming ? websiteId : campaignId) ?? null;
    const key = `${r.day}|${incoming ? 'in' : 'out'}|${target ?? ''}`;
    const at = new Date(r.lastAt);
    const g = groups.get(key);
    const amount = BigInt(r.total);
    if (g) {
      g.amount += amount;
      if (at > g.at) g.at = at;
      g.seq = Math.max(g.seq, Number(r.lastId));
    } else groups.set(key, { day: r.day, incoming, target, amount, at, seq: Number(r.lastId) });
  }
  const names = await targetNames(db, [...groups.values()]);
  for (const g of groups.values()) {
    const name = g.target === null ? undefined : (g.incoming ? names.websites : names.campaigns).get(g.target);
    lines.push({
      id: `${g.incoming ? 'earnings' : 'spend'}:${g.day}:${g.target ?? 'other'}`,
      at: g.at,
      day: g.day,
      type: g.incoming ? 'earnings' : 'ad_spend',
      description: g.incoming
        ? name === undefined
          ? 'Publisher earnings'
          : `Earnings: ${name}`
        : name === undefined
          ? 'Advertising spend'
          : `Ad spend: ${name}`,
      amountMicros: g.incoming ? g.amount : -g.amount,
      balanceMicros: 0n,
      seq: g.seq,
    });
  }

  lines.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let balance = 0n;
  for (const l of lines) {
    balance += l.amountMicros;
    l.balanceMicros = balance;
  }
  return lines;
}

/** Euros with the cents (and any micro-euros) of a commission description. */
function euros(micros: bigint): string {
  const abs = micros < 0n ? -micros : micros;
  const cents = abs % 10_000n === 0n;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0');
  return `${micros < 0n ? '-' : ''}${whole}.${cents ? frac.slice(0, 2) : frac}`;
}

/** The network's commission on each completed sale, by the sale's reference. */
async function commissions(db: DbOrTx, references: string[]) {
  const out = new Map<string, bigint>();
  if (references.length === 0) return out;
  const rows = await db
    .select({
      reference: ledgerTransfers.reference,
      amount: ledgerTransfers.amountMicros,
    })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.kind, 'marketplace_commission'), inArray(ledgerTransfers.reference, references)));
  for (const r of rows) if (r.reference) out.set(r.reference, r.amount);
  return out;
}

/** The campaigns' names and the websites' domains the lines are for. */
async function targetNames(db: DbOrTx, groups: { incoming: boolean; target: number | null }[]) {
  const campaignIds = [...new Set(groups.flatMap((g) => (!g.incoming && g.target !== null ? [g.target] : [])))];
  const websiteIds = [...new Set(groups.flatMap((g) => (g.incoming && g.target !== null ? [g.target] : [])))];
  const [c, w] = await Promise.all([
    campaignIds.length
      ? db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, campaignIds))
      : [],
    websiteIds.length
      ? db.select({ id: websites.id, name: websites.domain }).from(websites).where(inArray(websites.id, websiteIds))
      : [],
  ]);
  return {
    campaigns: new Map(c.map((r) => [r.id, r.name])),
    websites: new Map(w.map((r) => [r.id, r.name])),
  };
}

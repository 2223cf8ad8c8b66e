import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The ledger's invariants (`npm run operator -- ledger check`, and the concurrency test):
 * each one is a query that lists what breaks it, so zero rows means it holds.
 */
export type LedgerCheckItem = { name: string; violations: number; examples: string[] };
export type LedgerCheck = {
  ok: boolean;
  accounts: number;
  transfers: number;
  pendingHolds: number;
  items: LedgerCheckItem[];
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

const INVARIANTS: { name: string; query: ReturnType<typeof sql>; show: (r: Row) => string }[] = [
  {
    name: 'the sum of all account balances is zero',
    query: sql`select sum(balance_micros)::text as total from ledger_accounts having coalesce(sum(balance_micros), 0) <> 0`,
    show: (r) => `sum ${r.total}`,
  },
  {
    name: 'every account balance equals its transfers (credits minus debits)',
    query: sql`select a.code, a.balance_micros::text as balance, (coalesce(c.s, 0) - coalesce(d.s, 0))::text as computed
      from ledger_accounts a
      left join (select credit_account_id as id, sum(amount_micros) as s from ledger_transfers group by 1) c on c.id = a.id
      left join (select debit_account_id as id, sum(amount_micros) as s from ledger_transfers group by 1) d on d.id = a.id
      where a.balance_micros <> coalesce(c.s, 0) - coalesce(d.s, 0)`,
    show: (r) => `${r.code}: ${r.balance}, transfers say ${r.computed}`,
  },
  {
    name: 'every cached user balance (users.balance_micros) equals the user’s available account',
    query: sql`select u.id, u.balance_micros::text as cached, coalesce(a.balance_micros, 0)::text as account
      from users u left join ledger_accounts a on a.code = 'user:' || u.id || ':available'
      where u.balance_micros <> coalesce(a.balance_micros, 0)`,
    show: (r) => `user ${r.id}: cached ${r.cached}, account ${r.account}`,
  },
  {
    name: 'no available or held account is negative',
    query: sql`select code, balance_micros::text as balance from ledger_accounts
      where kind in ('available', 'held') and balance_micros < 0`,
    show: (r) => `${r.code}: ${r.balance}`,
  },
  {
    name: 'every transfer has both legs: an existing debit account and a different existing credit account, and an amount above zero',
    query: sql`select t.id from ledger_transfers t
      left join ledger_accounts d on d.id = t.debit_account_id
      left join ledger_accounts c on c.id = t.credit_account_id
      where d.id is null or c.id is null or d.id = c.id or t.amount_micros <= 0`,
    show: (r) => `transfer ${r.id}`,
  },
  {
    name: 'every hold has its reserving transfer (available -> held), one posting or voiding transfer once resolved and none while pending',
    query: sql`select * from (
        select h.id, h.status, count(t.id) as legs,
          count(*) filter (where t.hold_phase = 'reserve' and d.code = 'user:' || h.user_id || ':available'
            and c.code = 'user:' || h.user_id || ':held' and t.amount_micros = h.amount_micros) as reserves,
          count(*) filter (where t.hold_phase = 'post' and d.code = 'user:' || h.user_id || ':held'
            and t.credit_account_id = h.destination_account_id and t.amount_micros = h.amount_micros) as posts,
          count(*) filter (where t.hold_phase = 'void' and d.code = 'user:' || h.user_id || ':held'
            and c.code = 'user:' || h.user_id || ':available' and t.amount_micros = h.amount_micros) as voids
        from ledger_holds h
        left join ledger_transfers t on t.hold_id = h.id
        left join ledger_accounts d on d.id = t.debit_account_id
        left join ledger_accounts c on c.id = t.credit_account_id
        group by h.id) x
      where not (reserves = 1
        and posts = (case when status = 'posted' then 1 else 0 end)
        and voids = (case when status = 'voided' then 1 else 0 end)
        and legs = (case when status = 'pending' then 1 else 2 end))`,
    show: (r) =>
      `hold ${r.id} (${r.status}): ${r.reserves} reserve, ${r.posts} post, ${r.voids} void of ${r.legs} transfers`,
  },
  {
    name: 'every held account equals the user’s pending holds',
    query: sql`select coalesce(a.user_id, p.user_id) as user_id, coalesce(a.balance_micros, 0)::text as held,
        coalesce(p.s, 0)::text as pending
      from (select user_id, balance_micros from ledger_accounts where kind = 'held') a
      full join (select user_id, sum(amount_micros) as s from ledger_holds where status = 'pending' group by 1) p
        on p.user_id = a.user_id
      where coalesce(a.balance_micros, 0) <> coalesce(p.s, 0)`,
    show: (r) => `user ${r.user_id}: held ${r.held}, pending holds ${r.pending}`,
  },
  {
    name: 'every payout’s hold matches its status (requested: pending; sent, completed: posted; failed: voided or returned)',
    query: sql`select p.id, p.status, h.status as hold from payouts p join ledger_holds h on h.id = p.hold_id
      where p.amount_micros <> h.amount_micros or p.user_id <> h.user_id
        or (p.status = 'requested' and h.status <> 'pending')
        or (p.status in ('sent', 'completed') and h.status <> 'posted')
        or (p.status = 'failed' and h.status = 'pending')
        or (p.status = 'failed' and h.status = 'posted' and not exists (
          select 1 from ledger_transfers t where t.kind = 'payout_returned' and t.idempotency_key = 'payout-returned:' || p.id))
        or (p.status = 'completed' and not exists (
          select 1 from ledger_transfers t where t.kind = 'payout_settled' and t.idempotency_key = 'payout-settled:' || p.id))`,
    show: (r) => `payout ${r.id} (${r.status}) with a ${r.hold} hold`,
  },
];

/** Runs every invariant (read only); `ok` when none is broken. Up to 5 examples per broken one. */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const items: LedgerCheckItem[] = [];
  for (const inv of INVARIANTS) {
    const rows = rowsOf(await db.execute(inv.query));
    items.push({ name: inv.name, violations: rows.length, examples: rows.slice(0, 5).map(inv.show) });
  }
  const [counts] = rowsOf(
    await db.execute(sql`select (select count(*) from ledger_accounts)::int as accounts,
      (select count(*) from ledger_transfers)::int as transfers,
      (select count(*) from ledger_holds where status = 'pending')::int as pending`),
  );
  return {
    ok: items.every((i) => i.violations === 0),
    accounts: Number(counts?.accounts ?? 0),
    transfers: Number(counts?.transfers ?? 0),
    pendingHolds: Number(counts?.pending ?? 0),
    items,
  };
}

/** The report the operator command prints. */
export function formatLedgerCheck(check: LedgerCheck): string {
  const lines = [
    `Ledger check: ${check.accounts} accounts, ${check.transfers} transfers, ${check.pendingHolds} pending holds.`,
    'A transfer is one row with a debit account and a credit account: its two legs.',
  ];
  for (const item of check.items) {
    lines.push(
      `${item.violations === 0 ? 'ok  ' : 'FAIL'} ${item.name}${item.violations ? ` (${item.violations})` : ''}`,
    );
    for (const example of item.examples) lines.push(`       ${example}`);
  }
  lines.push(check.ok ? 'No violations.' : `${check.items.filter((i) => i.violations).length} invariant(s) broken.`);
  return lines.join('\n');
}

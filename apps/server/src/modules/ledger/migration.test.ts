import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { checkLedger } from './check';

/**
 * The committed migration 0005_double_entry_ledger turns the single-entry `ledger_entries`
 * into accounts and transfers: a database with entries is migrated and every user keeps the
 * balance they had. The SQL is plain PostgreSQL; it runs here on PGlite.
 */
const folder = path.resolve(import.meta.dirname, '../../../drizzle');
const TAG = '0005_double_entry_ledger';
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const mine = journal.entries.find((e) => e.tag === TAG);

async function apply(client: PGlite, tag: string) {
  const statements = readFileSync(path.join(folder, `${tag}.sql`), 'utf8').split('--> statement-breakpoint');
  for (const statement of statements) if (statement.trim()) await client.exec(statement);
}

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  if (!mine) throw new Error(`${TAG} is not in the journal`);
  for (const entry of journal.entries.filter((e) => e.idx < mine.idx).sort((a, b) => a.idx - b.idx))
    await apply(client, entry.tag);
});
afterAll(async () => {
  await client.close();
});

type Entry = [userId: number, micros: bigint, kind: string, key: string | null];

describe(`migration ${TAG}`, () => {
  it('turns every entry into a transfer; every user keeps their balance, and the ledger checks clean', async () => {
    const user = async (email: string, type: number, balance: bigint) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into users (email, password_hash, first_name, last_name, type, com, balance_micros)
         values ($1, 'x', 'A', 'B', $2, $3, $4) returning id`,
        [email, type, email.slice(0, 12), balance.toString()],
      );
      return rows[0]?.id as number;
    };
    // An advertiser who deposited and spent, a publisher who earned, a referrer, a user whose
    // cached balance drifted from the entries, and one with nothing at all.
    const adv = await user('adv@m.example', 1, 1_800_000_000n);
    const pub = await user('pub@m.example', 2, 490_000_000n);
    const referrer = await user('ref@m.example', 2, 50_000_000n);
    const drifted = await user('drift@m.example', 1, 12_000_000n);
    const empty = await user('none@m.example', 1, 0n);
    const entries: Entry[] = [
      [adv, 2_500_000_000n, 'deposit', 'demo-deposit:adv@m.example'],
      [adv, -700_000_000n, 'spend', null],
      [pub, 490_000_000n, 'earning', null],
      [referrer, 50_000_000n, 'referral_reward', `referral-reward:${adv}`],
      [drifted, 10_000_000n, 'deposit', 'operator-credit:W-1'],
      [drifted, 0n, 'adjustment', null],
    ];
    let balanceAfter = 0n;
    for (const [userId, micros, kind, key] of entries) {
      balanceAfter += micros;
      await client.query(
        `insert into ledger_entries (user_id, amount_micros, balance_after_micros, kind, description, idempotency_key)
         values ($1, $2, $3, $4, $5, $6)`,
        [userId, micros.toString(), balanceAfter.toString(), kind, `${kind} entry`, key],
      );
    }

    await apply(client, TAG);

    const balances = await client.query<{ id: number; cached: string; account: string | null }>(
      `select u.id, u.balance_micros::text as cached, a.balance_micros::text as account
       from users u left join ledger_accounts a on a.code = 'user:' || u.id || ':available' order by u.id`,
    );
    expect(balances.rows.map((r) => [r.id, r.cached, r.account])).toEqual([
      [adv, '1800000000', '1800000000'],
      [pub, '490000000', '490000000'],
      [referrer, '50000000', '50000000'],
      [drifted, '12000000', '12000000'],
      [empty, '0', null],
    ]);
    const transfers = await client.query<{
      kind: string;
      from: string;
      to: string;
      amount: string;
      key: string | null;
    }>(
      `select t.kind, d.code as "from", c.code as "to", t.amount_micros::text as amount, t.idempotency_key as key
       from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id
       join ledger_accounts c on c.id = t.credit_account_id order by t.id`,
    );
    expect(transfers.rows.map((t) => [t.kind, t.from, t.to, t.amount, t.key])).toEqual([
      ['deposit', 'platform:operator_credits', `user:${adv}:available`, '2500000000', 'demo-deposit:adv@m.example'],
      ['spend', `user:${adv}:available`, 'platform:revenue', '700000000', null],
      ['earning', 'platform:revenue', `user:${pub}:available`, '490000000', null],
      [
        'referral_reward',
        'platform:referral_rewards',
        `user:${referrer}:available`,
        '50000000',
        `referral-reward:${adv}`,
      ],
      ['deposit', 'platform:operator_credits', `user:${drifted}:available`, '10000000', 'operator-credit:W-1'],
      // The drift (the cached 12 EUR against 10 EUR of entries) is carried over as an adjustment.
      ['adjustment', 'platform:operator_credits', `user:${drifted}:available`, '2000000', null],
    ]);
    const revenue = await client.query<{ b: string }>(
      `select balance_micros::text as b from ledger_accounts where code = 'platform:revenue'`,
    );
    expect(revenue.rows[0]?.b).toBe('210000000');
    const gone = await client.query(`select to_regclass('ledger_entries') as t`);
    expect(gone.rows[0]).toEqual({ t: null });

    const check = await checkLedger(drizzle(client, { schema }) as unknown as Db);
    expect(check.items.filter((i) => i.violations > 0)).toEqual([]);
    expect(check.accounts).toBe(11 + 4);
  });
});

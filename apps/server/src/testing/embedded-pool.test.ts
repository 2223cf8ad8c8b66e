import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Db } from '../db/client';
import { embeddedTestDatabase, idleDatabases, startedDatabases } from './embedded-pool';

/** The API tests' embedded databases are reused, each time exactly the migrated template again. */
describe('embedded test databases', () => {
  const template = () => inject('pgliteTemplate');
  const rows = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

  it('hands a closed database out again with its rows, template rows and sequences as migrated', async () => {
    const first = await embeddedTestDatabase(template());
    const accounts = await rows(first.db, sql`select id, code, balance_micros from ledger_accounts order by id`);
    expect(accounts.length).toBeGreaterThan(0);
    const [user] = await rows(
      first.db,
      sql`insert into users (email, password_hash, first_name, last_name, type, com)
          values ('pool@example.com', 'x', 'P', 'Q', 1, 'x') returning id`,
    );
    await first.db.execute(sql`update ledger_accounts set balance_micros = balance_micros + 5 where user_id is null`);
    await first.db.execute(sql`delete from ledger_accounts where id = (select max(id) from ledger_accounts)`);
    // A transaction left open: the next test app must not find itself inside it.
    await first.db.execute(sql`begin`);
    await first.close();
    const started = startedDatabases();

    const second = await embeddedTestDatabase(template());
    expect(startedDatabases()).toBe(started);
    expect(await rows(second.db, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
    expect(await rows(second.db, sql`select id, code, balance_micros from ledger_accounts order by id`)).toEqual(
      accounts,
    );
    const [again] = await rows(
      second.db,
      sql`insert into users (email, password_hash, first_name, last_name, type, com)
          values ('pool@example.com', 'x', 'P', 'Q', 1, 'x') returning id`,
    );
    expect(again).toEqual(user);
    await second.close();
  });

  it('starts a new database instead of one whose schema a test changed', async () => {
    const first = await embeddedTestDatabase(template());
    await first.db.execute(sql`alter table users add column left_behind int`);
    await first.close();
    const started = startedDatabases();
    const idle = idleDatabases();

    // The altered one, given back last, is taken first and closed; the next comes from the
    // other idle ones (earlier files of this worker) or is started.
    const second = await embeddedTestDatabase(template());
    expect(idle - idleDatabases() + (startedDatabases() - started)).toBe(2);
    const columns = await rows(
      second.db,
      sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'left_behind'`,
    );
    expect(columns).toEqual([]);
    await second.close();
  });
});

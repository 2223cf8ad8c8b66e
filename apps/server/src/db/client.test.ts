import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { type Database, openDatabase, startEmbedded } from './client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The longest gap between two ticks of a 5 ms interval, in ms: how long the event loop could
 * not run anything. (perf_hooks' monitorEventLoopDelay missed a 2 s stall of in-thread PGlite.)
 */
function watchLoop() {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  return {
    /** Waits for one more tick: a stall that lasts until now is counted too. */
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 10));
      clearInterval(timer);
      tick();
      return longest;
    },
  };
}

// The embedded database's own thread (docs/decisions/025-embedded-database-worker.md). The
// "server-postgres" project leaves this file out (vitest.config.ts): nothing here runs there.
describe('embedded database on its worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ loadDataDir: inject('pgliteTemplate') });
  });
  afterAll(() => database.close());

  it('runs a long query while the main thread keeps serving', async () => {
    // A query of at least 300 ms on this machine, whatever its speed: the series doubles until then.
    let took = 0;
    let stall = 0;
    for (let n = 100_000; took < 300; n *= 2) {
      const watch = watchLoop();
      const start = performance.now();
      await database.db.execute(sql`select count(*) from generate_series(1, ${n}::int)`);
      took = performance.now() - start;
      stall = await watch.stop();
    }
    // In the main thread (PGlite before) the loop stalled for the whole query.
    expect(stall).toBeLessThan(took / 2);
  });

  it('answers with node-postgres shapes: rowCount, int8 and numeric as strings', async () => {
    await database.db.execute(sql`create temporary table shapes (n int8, x numeric)`);
    const inserted = await database.db.execute(sql`insert into shapes values (9007199254740993, 1.5), (1, 2)`);
    expect((inserted as { rowCount: number }).rowCount).toBe(2);
    const rows = rowsOf<{ n: string; x: string }>(await database.db.execute(sql`select n, x from shapes order by x`));
    expect(rows[0]).toEqual({ n: '9007199254740993', x: '1.5' });
  });

  it('a statement that fails outside a transaction leaves the next ones working', async () => {
    await database.db.execute(sql`create table failing_then_fine (id int primary key)`);
    await database.db.execute(sql`insert into failing_then_fine values (1)`);
    // node-postgres's pool drops the connection of a failed query and opens a new one at once.
    await expect(database.db.execute(sql`insert into failing_then_fine values (1)`)).rejects.toThrow();
    for (let i = 0; i < 3; i++) {
      const r = (await database.db.execute(sql`select count(*)::int as n from failing_then_fine`)) as unknown as {
        rows: { n: number }[];
      };
      expect(r.rows).toEqual([{ n: 1 }]);
    }
  });

  it('a new connection starts a clean session: named statements and settings of the failed one are gone', async () => {
    // The session lookup's shape: a statement prepared once by name, then run by every request.
    const named = database.db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`).prepare('named_probe');
    expect(await named.execute()).toEqual([{ one: 1 }]);
    await database.db.execute(sql`set application_name = 'left behind'`);
    // U+0000 in a parameter: the statement fails and node-postgres's pool replaces the
    // connection; PGlite's one session stays. Before, the new client prepared 'named_probe'
    // again and every later run failed with 42P05 (prepared statement already exists).
    await expect(database.db.execute(sql`select ${'a\u0000b'}::text`)).rejects.toThrow();
    for (let i = 0; i < 3; i++) expect(await named.execute()).toEqual([{ one: 1 }]);
    const [setting] = rowsOf<{ name: string }>(
      await database.db.execute(sql`select current_setting('application_name') as name`),
    );
    expect(setting?.name).not.toBe('left behind');
  });
  it('keeps one session: a transaction sees its own writes, others wait for its commit', async () => {
    await database.db.execute(sql`create temporary table one_writer (v int)`);
    let inside = 0;
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into one_writer values (1)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = Number(rowsOf<{ c: string }>(await t.execute(sql`select count(*) as c from one_writer`))[0]?.c);
      await t.execute(sql`insert into one_writer values (2)`);
    });
    const outside = database.db.execute(sql`select count(*) as c from one_writer`);
    await tx;
    expect(inside).toBe(1);
    // Queued behind the transaction on the single connection: it sees both rows, never one.
    expect(rowsOf<{ c: string }>(await outside)[0]?.c).toBe('2');
  });

  it('collects the garbage of its thread on request (after the demo seed) and answers on', async () => {
    await database.db.execute(sql`select repeat('x', 100000) from generate_series(1, 50)`);
    await database.collectGarbage?.();
    expect(database.collectGarbage).toBeDefined();
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))[0]?.n).toBe(1);
  });
});

describe('embedded database lifecycle', () => {
  it('closes its data directory cleanly: a second start reopens it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-reopen-'));
    try {
      // The first start unpacks the migrated template into the directory (as a copied template
      // does, docs/decisions/050): migrating on disk here cost 30-45 s of a worker under load,
      // and template.test.ts already builds a template on disk (initdb and every migration).
      const first = await openDatabase({ dataDir: dir, loadDataDir: inject('pgliteTemplate') });
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const rows = rowsOf<{ v: string }>(await second.db.execute(sql`select v from kept`));
      await second.close();
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a worker that cannot start fails the opening instead of hanging', async () => {
    await expect(openDatabase({ loadDataDir: path.join(tmpdir(), 'no-such-template.tar') })).rejects.toThrow(
      /worker exited.*no-such-template/,
    );
  });

  it('a worker that dies mid-query is a logged fatal and rejected queries, never a hang', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const embedded = await startEmbedded('memory://', inject('pgliteTemplate'));
    const client = new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
    client.on('error', () => {});
    try {
      await client.connect();
      const running = expect(client.query('select count(*) from generate_series(1, 5000000)')).rejects.toThrow(
        /terminated/,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await embedded.worker.terminate();
      await running;
      const again = new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
      await expect(again.connect()).rejects.toThrow();
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^database: FATAL the embedded database's worker exited/),
      );
      await embedded.close();
    } finally {
      errors.mockRestore();
    }
  }, 60_000);
});

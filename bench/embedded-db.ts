// The embedded database off the main thread (docs/decisions/025): what it costs.
// Compares the old way (PGlite in the main thread, drizzle's PGlite driver) with the new one
// (PGlite on a worker thread behind a unix socket, node-postgres and drizzle's pg driver):
//   - opening a fresh in-memory database from a migrated tarball (what every test app does);
//   - one `select 1` through drizzle: wall time and the main thread's CPU per round trip;
//   - the main thread's longest event-loop stall while a CPU-bound query runs (PGlite's
//     pg_sleep waits without blocking, so the query counts a series instead).
//
//   node --import tsx bench/embedded-db.ts        # BENCH_OPENS=6 BENCH_QUERIES=3000
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';

const OPENS = Number(process.env.BENCH_OPENS ?? 6);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 3000);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-embedded-'));
const template = path.join(dir, 'migrated.tar');
{
  const database = await openDatabase({});
  const tarball = await database.dumpDataDir?.();
  await database.close();
  if (!tarball) throw new Error('no dump');
  writeFileSync(template, tarball);
}

/** The way test apps opened their database before: PGlite in this thread. */
async function openInThread(): Promise<Database> {
  const client = await PGlite.create({
    loadDataDir: new Blob([readFileSync(template)]),
    extensions: { pg_trgm },
  });
  return { db: drizzle(client, { schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
}
const openWorker = () => openDatabase({ loadDataDir: template });

/** Wall time, the whole process's CPU and this thread's CPU of `fn`, in ms. */
async function measure<T>(fn: () => Promise<T>) {
  const cpu = process.cpuUsage();
  const thread = process.threadCpuUsage();
  const start = performance.now();
  const value = await fn();
  const wall = performance.now() - start;
  const c = process.cpuUsage(cpu);
  const t = process.threadCpuUsage(thread);
  return { value, wall, cpu: (c.user + c.system) / 1000, thread: (t.user + t.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ways = { 'in-thread PGlite': openInThread, 'worker + socket + pg': openWorker } as const;

console.log(`open a fresh database from the template (median of ${OPENS}, ms)`);
const opens: Record<string, { wall: number[]; cpu: number[]; thread: number[] }> = {};
for (let i = 0; i < OPENS; i++)
  for (const [name, open] of Object.entries(ways)) {
    const m = await measure(open);
    await m.value.close();
    opens[name] ??= { wall: [], cpu: [], thread: [] };
    opens[name].wall.push(m.wall);
    opens[name].cpu.push(m.cpu);
    opens[name].thread.push(m.thread);
  }
for (const [name, o] of Object.entries(opens))
  console.log(
    `  ${name.padEnd(22)} wall ${median(o.wall).toFixed(0)}  process CPU ${median(o.cpu).toFixed(0)}  main thread CPU ${median(o.thread).toFixed(0)}`,
  );

console.log(`\nselect 1 through drizzle, ${QUERIES} in a row (per query, µs)`);
for (const [name, open] of Object.entries(ways)) {
  const database = await open();
  for (let i = 0; i < 300; i++) await database.db.execute(sql`select 1`);
  const m = await measure(async () => {
    for (let i = 0; i < QUERIES; i++) await database.db.execute(sql`select 1`);
  });
  console.log(
    `  ${name.padEnd(22)} wall ${((m.wall * 1000) / QUERIES).toFixed(0)}  process CPU ${((m.cpu * 1000) / QUERIES).toFixed(0)}  main thread CPU ${((m.thread * 1000) / QUERIES).toFixed(0)}`,
  );
  await database.close();
}

console.log('\nthe main thread while `select count(*) from generate_series(1, 2000000)` runs (ms)');
for (const [name, open] of Object.entries(ways)) {
  const database = await open();
  let last = performance.now();
  let stall = 0;
  const tick = () => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  const m = await measure(() => database.db.execute(sql`select count(*) from generate_series(1, 2000000)`));
  // A stall that lasts until the answer counts too.
  await new Promise((resolve) => setTimeout(resolve, 10));
  clearInterval(timer);
  tick();
  console.log(`  ${name.padEnd(22)} query ${m.wall.toFixed(0)}  longest event-loop stall ${stall.toFixed(0)}`);
  await database.close();
}
rmSync(dir, { recursive: true, force: true });

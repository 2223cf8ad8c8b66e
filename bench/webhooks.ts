// Payment webhook benchmark: how many signed sandbox webhooks the app completes per second on
// PostgreSQL (signature check, event stored under its id, payment row locked, balance credited
// through the ledger, `deposit.paid` written), beside baselines measured in the same run.
//
//   node --import tsx bench/webhooks.ts          # npm run bench:webhooks
//   BENCH_PAYMENTS=1000                           # payments opened and paid
//   BENCH_DUPLICATES=0.2                          # share of payments whose webhook is delivered twice
//   BENCH_CONCURRENCY=16                          # requests in flight
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (a bench_webhooks database is
//   created there and dropped at the end)
//
// The payments are opened through the deposit service (crypto deposits of 150 €, on the
// embedded sandbox provider) for 100 advertisers with billing details; the webhooks are the
// ones the sandbox page signs (adapters/payments/sandbox.ts), posted with app.inject in a
// shuffled order, so that a duplicate may be in flight beside its original. Baselines: a
// hello-world Fastify route through inject, and `select 1` on the app's own pool, each with
// the same concurrency. The in-process event worker runs meanwhile (each `deposit.paid` makes
// an invoice PDF and a notification), as it does in a server. After the run it checks that every payment was credited exactly once.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eurosToMicros } from '@cryptads/contract/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildSandboxWebhook } from '../apps/server/src/adapters/payments/sandbox';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { billingProfiles } from '../apps/server/src/db/schema/billing-profile';
import { paymentEvents, payments } from '../apps/server/src/db/schema/payments';
import { users } from '../apps/server/src/db/schema/users';
import { startDeposit } from '../apps/server/src/modules/payments/deposits.service';
import { sandboxSecret, webhookPath } from '../apps/server/src/modules/payments/providers';

const N = Number(process.env.BENCH_PAYMENTS ?? 1000);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES ?? 0.2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ADVERTISERS = 100;
const EUROS = 150;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bench_webhooks';

type Result = { name: string; count: number; perSecond: number; p50: number; p99: number };

/** Runs `jobs` with `CONCURRENCY` in flight; per-call latency and completions per second. */
async function run(name: string, count: number, job: (i: number) => Promise<void>): Promise<Result> {
  const ms: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await job(i);
        ms.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0;
  const r = { name, count, perSecond: count / elapsed, p50: at(0.5), p99: at(0.99) };
  console.log(
    `  ${name.padEnd(46)} ${r.perSecond.toFixed(0).padStart(7)}/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${count})`,
  );
  return r;
}

function shuffle<T>(items: T[]): T[] {
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME} with (force)`);
await admin.query(`create database ${DB_NAME}`);
const url = new URL(pgBase);
url.pathname = `/${DB_NAME}`;
const database = await openDatabase({ url: url.toString() });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.ready();
const pool = (database.db as unknown as { $client: pg.Pool }).$client;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

try {
  console.log(
    `PostgreSQL (${url.host}), ${N} payments, ${(DUPLICATES * 100).toFixed(0)} % delivered twice, ${CONCURRENCY} in flight`,
  );
  console.log(`  load average before: ${load()}`);
  const db = app.ctx.db;
  const advertisers = await db
    .insert(users)
    .values(
      Array.from({ length: ADVERTISERS }, (_, i) => ({
        email: `bench-${i}@bench.example`,
        passwordHash: '!',
        firstName: 'Bench',
        lastName: `Advertiser ${i}`,
        type: 1,
        com: `benchwh${i}`,
      })),
    )
    .returning();
  await db.insert(billingProfiles).values(
    advertisers.map((u) => ({
      userId: u.id,
      isCompany: false,
      firstName: 'Ada',
      lastName: 'Tester',
      address: '1 Quay Street, Galway',
      country: 'IE',
    })),
  );

  // Open the payments through the deposit service (measured too: it is the other half of a deposit).
  const opened: string[] = new Array(N);
  const open = await run('open a crypto deposit (startDeposit)', N, async (i) => {
    const user = advertisers[i % ADVERTISERS];
    if (!user) throw new Error('no user');
    opened[i] = (await startDeposit(app.ctx, user, 'crypto', EUROS)).paymentId;
  });
  const rows = await db.select().from(payments).where(inArray(payments.id, opened));
  if (rows.length !== N || rows.some((r) => r.provider !== 'sandbox'))
    throw new Error('payments not opened on sandbox');

  const secret = sandboxSecret(app.ctx.config);
  const hooks = rows.map((r) => buildSandboxWebhook(secret, { paymentId: r.id, amountMicros: r.totalMicros }, 'pay'));
  const twice = Math.round(N * DUPLICATES);
  const deliveries = shuffle([...hooks, ...hooks.slice(0, twice)]);

  // Warm-up of the baselines (JIT, pool connections); the webhook route is warmed by nothing
  // but its own first requests, which are part of the figure.
  for (let i = 0; i < 200; i++) await hello.inject({ method: 'GET', url: '/hello' });
  await Promise.all(Array.from({ length: 50 }, () => pool.query('select 1')));

  console.log(`  load average at the run: ${load()}`);
  const results: Result[] = [];
  results.push(
    await run('hello-world Fastify route, inject', 20_000, async () => {
      const res = await hello.inject({ method: 'GET', url: '/hello' });
      if (res.statusCode !== 200) throw new Error(`hello ${res.statusCode}`);
    }),
  );
  results.push(
    await run('select 1 on the app pool (10 connections)', 20_000, async () => {
      await pool.query('select 1');
    }),
  );
  let failed = 0;
  const hook = await run('sandbox webhook, inject (incl. duplicates)', deliveries.length, async (i) => {
    const w = deliveries[i];
    if (!w) throw new Error('no delivery');
    const res = await app.inject({ method: 'POST', url: webhookPath('sandbox'), headers: w.headers, payload: w.body });
    if (res.statusCode !== 200) failed++;
  });
  results.push(hook);
  const loadAfter = load();
  console.log(`  load average after: ${loadAfter}`);

  // Exactly once: every payment paid, one 'moved' event each, balances = sum of the amounts.
  const ids = rows.map((r) => r.id);
  const [check] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${payments.status} = 'paid')::int`,
      credited: sql<string>`coalesce(sum(${payments.creditedMicros}), 0)::text`,
      amounts: sql<string>`coalesce(sum(${payments.amountMicros}), 0)::text`,
    })
    .from(payments)
    .where(inArray(payments.id, ids));
  const [moved] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(and(inArray(paymentEvents.paymentId, ids), eq(paymentEvents.outcome, 'moved')));
  const [events] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(inArray(paymentEvents.paymentId, ids));
  const [balances] = await db
    .select({ sum: sql<string>`coalesce(sum(${users.balanceMicros}), 0)::text` })
    .from(users)
    .where(
      inArray(
        users.id,
        advertisers.map((u) => u.id),
      ),
    );
  const expected = BigInt(N) * eurosToMicros(EUROS);
  const ok =
    failed === 0 &&
    check?.paid === N &&
    moved?.n === N &&
    events?.n === N &&
    BigInt(balances?.sum ?? -1) === BigInt(check?.amounts ?? -2) &&
    BigInt(check?.amounts ?? -1) === expected &&
    BigInt(check?.credited ?? -1) === expected;
  console.log(
    `  check: ${failed} non-200, ${check?.paid}/${N} paid, ${moved?.n} moved events, ${events?.n} events stored, ` +
      `balances ${balances?.sum} = payments ${check?.amounts} (expected ${expected}): ${ok ? 'credited exactly once' : 'MISMATCH'}`,
  );

  const [helloR, selectR] = results as [Result, Result];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log('\n| measure | completions/s | p50 | p99 | rate ÷ webhook rate | webhook p50 ÷ this p50 |');
  console.log('|---|---|---|---|---|---|');
  for (const r of [helloR, selectR, hook, open])
    console.log(
      `| ${r.name} (${r.count}) | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${
        r === hook ? '—' : ratio(r.perSecond, hook.perSecond)
      } | ${r === hook ? '—' : ratio(hook.p50, r.p50)} |`,
    );
  console.log(
    `\ncredited payments/s: ${(N / (hook.count / hook.perSecond)).toFixed(0)} (${N} payments in ${(hook.count / hook.perSecond).toFixed(1)} s)`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await hello.close();
  await app.close();
  await database.close();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

// The request hot path (docs/decisions/026): CPU and statements per GET /api/user,
// next to a hello-world Fastify route measured in the same run, through `inject` (no sockets,
// so the figures are the server's own work). CPU is the whole process's (process.cpuUsage:
// the embedded database's worker thread included); statements are counted on the pool.
//
//   node --import tsx bench/user-hot-path.ts                    # embedded database
//   BENCH_DATABASE_URL=postgres://… node --import tsx bench/user-hot-path.ts
//   BENCH_ROOT=/path/to/an/older/checkout node --import tsx bench/user-hot-path.ts   # before
//
// Also `SESSION_CACHE_TTL_SECONDS=0` in the environment: the prepared statements without the cache.
// `BENCH_USER=demo`: the demo advertiser of a seeded demo world (campaigns, websites,
// notifications: what a real advertiser's GET /api/user reads) instead of a new user.
import path from 'node:path';
import Fastify from 'fastify';

const ROOT = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const server = (file: string) => import(path.join(ROOT, 'apps/server/src', file));

const { loadConfig } = await server('config.ts');
const { buildApp } = await server('app.ts');
const { openDatabase } = await server('db/client.ts');
const { users } = await server('db/schema/users.ts');
const { createSession } = await server('modules/sessions/sessions.service.ts');
const DEMO = process.env.BENCH_USER === 'demo';

type Injectable = {
  inject: (o: { method: string; url: string; headers?: Record<string, string> }) => Promise<{ statusCode: number }>;
};

/** CPU microseconds per request over REQUESTS sequential requests, after a warm-up. */
async function cpuPerRequest(app: Injectable, url: string, headers?: Record<string, string>) {
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url, headers });
  const start = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return { cpuUs: (used.user + used.system) / REQUESTS, wallUs: ((performance.now() - wall) * 1000) / REQUESTS };
}

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.ready();

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  DEMO_SEED: 'off',
  DEMO_TRAFFIC: 'off',
  DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '0',
  ...(process.env.SESSION_CACHE_TTL_SECONDS
    ? { SESSION_CACHE_TTL_SECONDS: process.env.SESSION_CACHE_TTL_SECONDS }
    : {}),
  ...(process.env.BENCH_DATABASE_URL ? { CLICK_SECRET: 'b'.repeat(32) } : {}),
});
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
const app = await buildApp({ config, database, logger: false });
async function demoAdvertiser() {
  const { seedDemo } = await server('seed/demo.ts');
  const { eq } = await import('drizzle-orm');
  await seedDemo(app.ctx);
  return (await app.ctx.db.select().from(users).where(eq(users.email, 'advertiser@cryptads.example')))[0];
}
const [user] = DEMO
  ? [await demoAdvertiser()]
  : await app.ctx.db
      .insert(users)
      .values({
        email: `bench.${Date.now()}@test.example`,
        passwordHash: 'x',
        firstName: 'Ada',
        lastName: 'Bench',
        type: 1,
        com: `b${Date.now().toString(36)}`,
        emailVerifiedAt: new Date(),
      })
      .returning();
const { token } = await createSession(app.ctx.db, {
  userId: user.id,
  scope: 'full',
  rememberMe: true,
  meta: { ip: '127.0.0.1', userAgent: 'bench' },
});
const headers = { authorization: `Bearer ${token}` };

// Statements per request: every call of the pool's (or PGlite's) query while 100 requests run.
const client = (database.db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
const query = client.query;
let statements = 0;
client.query = function (this: unknown, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
};
await app.ctx.events?.stop();
for (let i = 0; i < 100; i++) await app.inject({ method: 'GET', url: '/api/user', headers });
client.query = query;

const base = await cpuPerRequest(hello, '/hello');
const user1 = await cpuPerRequest(app, '/api/user', headers);
const fmt = (n: number) => (n / 1000).toFixed(3);
console.log(
  JSON.stringify({
    root: ROOT,
    database: database.kind,
    sessionCache: process.env.SESSION_CACHE_TTL_SECONDS ?? 'default',
    user: DEMO ? 'demo advertiser' : 'new user',
    requests: REQUESTS,
    helloCpuMs: fmt(base.cpuUs),
    userCpuMs: fmt(user1.cpuUs),
    userWallMs: fmt(user1.wallUs),
    ratio: (user1.cpuUs / base.cpuUs).toFixed(1),
    statementsPerRequest: statements / 100,
  }),
);
await app.close();
await hello.close();
await database.close();

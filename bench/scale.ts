/**
 * The request paths under a paced load, each beside a Fastify hello-world
 * server measured in the same run at the same rate (the ratio is printed beside each figure):
 *   - GET /api/user on the embedded database at a paced 1,000 req/s (budget p99 < 10 ms);
 *   - GET /serve/{zone} at a paced 2,000 req/s on the embedded database and on PostgreSQL
 *     (budget p99 < 5 ms), over the world of bench/delivery.ts (1,000 running campaigns,
 *     10,000 active zones);
 *   - optionally /serve on two delivery processes (PROCESS_ROLE=delivery) with Redis and a worker.
 *   - what users do (`demo`): the demo world as `npm start` seeds it, GET /api/user with the
 *     demo advertiser's session and /serve on the demo publisher's real zones.
 * Every server is `apps/server/src/main.ts` (`start.ts` for the demo world) started as an
 * operator would, in a child process (bench/lib/processes.ts);
 * the load generator (autocannon) runs in this process. CPU per request is the server
 * process's user + system time (all its threads, /proc/<pid>/stat) over the paced run
 * divided by the requests answered. Nothing is asserted.
 *
 *   node --import tsx bench/scale.ts
 *   BENCH_SECONDS (10), BENCH_TARGET=all|user|demo|serve|serve-pg|serve-redis (all = all but serve-redis),
 *   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379),
 *   BENCH_PORT (3465: the first of five ports)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { discoverZones, serveQuery } from '../apps/server/src/simulator/live';
import { COUNTRIES, fill, pick, UAS, ZONES, zoneUnique } from './delivery';
import {
  cpuMs,
  DEMO,
  loginSession,
  type Server,
  sessionCookie,
  startHello,
  startServer as startProcess,
} from './lib/processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET = process.env.BENCH_TARGET ?? 'all';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.BENCH_PORT ?? 3465);
const CLICK_SECRET = randomBytes(32).toString('hex');
const wants = (t: string) => TARGET === t || (TARGET === 'all' && t !== 'serve-redis');

type Result = {
  rate: number;
  p50: number;
  p99: number;
  max: number;
  answered: number;
  non2xx: number;
  /** Answers with status 200: for /serve, an ad (204 is "no ad", far cheaper). */
  ok200: number;
  errors: number;
  cpuMsPerRequest: number;
};

/** `startServer` with this bench's DELIVERY_STREAM (postgres|memory) when its environment sets one. */
const startServer = (port: number, env: Record<string, string>, opts?: { entry?: 'main' | 'start' }) =>
  startProcess(
    port,
    { ...(process.env.DELIVERY_STREAM ? { DELIVERY_STREAM: process.env.DELIVERY_STREAM } : {}), ...env },
    opts,
  );

/** A paced autocannon run against `paths` of one or more servers; CPU summed over `pids`. */
async function load(
  targets: string[],
  opts: { rate?: number; seconds?: number; path: () => string; headers?: () => Record<string, string> },
  pids: number[],
): Promise<Result> {
  const seconds = opts.seconds ?? SECONDS;
  const perTarget = async (url: string) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url,
          connections: 32,
          duration: seconds,
          ...(opts.rate ? { overallRate: Math.round(opts.rate / targets.length) } : {}),
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                method: 'GET',
                path: opts.path(),
                headers: { ...(req.headers ?? {}), ...(opts.headers?.() ?? {}) },
              }),
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
  const before = pids.map(cpuMs);
  const results = await Promise.all(targets.map(perTarget));
  const cpu = pids.map(cpuMs).reduce((s, v, i) => s + v - (before[i] ?? 0), 0);
  const answered = results.reduce((s, r) => s + r.requests.total, 0);
  return {
    rate: Math.round(answered / seconds),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    answered,
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    ok200: results.reduce((s, r) => s + (r.statusCodeStats?.['200' as keyof typeof r.statusCodeStats]?.count ?? 0), 0),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts, 0),
    cpuMsPerRequest: answered ? cpu / answered : 0,
  };
}

const rows: string[][] = [];
const ratio = (v: number, base: number) => (base > 0 ? `${(v / base).toFixed(1)}×` : '—');
function record(measure: string, r: Result, base: Result, budget: string) {
  rows.push([
    measure,
    `${r.rate} req/s; p50 ${r.p50} ms (${ratio(r.p50, base.p50)}), p99 ${r.p99} ms (${ratio(r.p99, base.p99)}), max ${r.max} ms; CPU ${r.cpuMsPerRequest.toFixed(2)} ms/req (${ratio(r.cpuMsPerRequest, base.cpuMsPerRequest)}); ${r.answered ? Math.round((100 * r.ok200) / r.answered) : 0} % answered 200; non-2xx ${r.non2xx}, errors ${r.errors}`,
    budget,
  ]);
}
function recordBaseline(measure: string, r: Result) {
  rows.push([
    measure,
    `${r.rate} req/s; p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req`,
    'baseline',
  ]);
}

/**
 * Events answered but not yet recorded when the run ended (the stream's backlog or the
 * in-process buffer, as /api/ready reports them): a fast /serve that leaves its recording
 * behind is not fast.
 */
async function backlog(url: string): Promise<string> {
  const waiting = async () => {
    const ready = (await (await fetch(`${url}/api/ready`)).json()) as {
      response?: { recorder?: { stream?: string; buffered?: number } | null };
    };
    return { stream: ready.response?.recorder?.stream ?? 'memory', n: ready.response?.recorder?.buffered ?? 0 };
  };
  const atEnd = await waiting();
  const started = Date.now();
  let now = atEnd;
  // The backlog is counted at most once a second: wait for two zero readings in a row.
  let zeros = 0;
  while (zeros < 2 && Date.now() - started < 120_000) {
    await new Promise((r) => setTimeout(r, 500));
    now = await waiting();
    zeros = now.n === 0 ? zeros + 1 : 0;
  }
  const drained =
    zeros >= 2
      ? `all recorded ${((Date.now() - started) / 1000).toFixed(1)} s later`
      : `${now.n} still waiting 120 s later`;
  return ` (events stored in ${atEnd.stream}; ${atEnd.n} not yet recorded at the end, ${drained})`;
}

/** A verified advertiser's session on a running server, as the web app would get one. */
async function session(url: string): Promise<string> {
  const call = async (method: string, p: string, data?: unknown, token?: string) =>
    fetch(`${url}/api${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: data ? JSON.stringify(data) : undefined,
    });
  const email = `bench.${Date.now()}@bench.example`;
  // The session comes back in the cookie only (docs/decisions/034-browser-session-cookie.md).
  const reg = await call('POST', '/register', {
    email,
    firstName: 'Bench',
    lastName: 'User',
    userType: 1,
    password: 'Bench!Passw0rd',
    captcha: 'none',
  });
  const token = sessionCookie(reg);
  if (!token) throw new Error(`registration answered ${reg.status} without a session cookie`);
  const mail = (await (await call('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    response: { text: string }[];
  };
  const code = mail.response[0]?.text.match(/\b(\d{6})\b/)?.[1];
  const verified = await call('POST', '/user/emailVerification/validate', { code }, token);
  if (!verified.ok) throw new Error(`email verification answered ${verified.status}`);
  const user = await call('GET', '/user', undefined, token);
  if (!user.ok) throw new Error(`GET /api/user answered ${user.status} for the new user`);
  return token;
}

const servePath = () => `/serve/${zoneUnique(1 + Math.floor(Math.random() * ZONES))}`;
const serveHeaders = () => ({ 'user-agent': pick(UAS), 'cf-ipcountry': pick(COUNTRIES) });

/** A PostgreSQL database filled with the delivery world; dropped by the returned function. */
async function pgWorld(name: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await fill(database.db);
  await database.close();
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main() {
  console.log(`scale bench: ${cpus().length} cpus (${cpus()[0]?.model}), node ${process.version}, ${SECONDS} s runs`);
  const hello = await startHello(PORT);
  const helloPid = hello.child.pid as number;
  const warm = (path: () => string) => load([hello.url], { seconds: 2, path }, [helloPid]);
  await warm(() => '/api/user');
  const base1000 = await load([hello.url], { rate: 1000, path: () => '/api/user' }, [helloPid]);
  recordBaseline('hello-world Fastify, paced 1,000 req/s', base1000);
  const base2000 = await load([hello.url], { rate: 2000, path: servePath }, [helloPid]);
  recordBaseline('hello-world Fastify, paced 2,000 req/s', base2000);
  await hello.stop();

  if (wants('user')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-user-'));
    const server = await startServer(PORT + 1, { DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
    try {
      const token = await session(server.url);
      const opts = { path: () => '/api/user', headers: () => ({ authorization: `Bearer ${token}` }) };
      await load([server.url], { ...opts, seconds: 3 }, []); // warm-up
      const paced = await load([server.url], { ...opts, rate: 1000 }, [server.child.pid as number]);
      record(
        'GET /api/user, a new user without campaigns (the cheap case), embedded database, paced 1,000 req/s',
        paced,
        base1000,
        'p99 < 10 ms',
      );
      const max = await load([server.url], opts, [server.child.pid as number]);
      record('GET /api/user, a new user without campaigns, embedded database, maximum rate', max, base1000, '—');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (wants('demo')) {
    // What users do: the demo world as `npm start` seeds it (history included), the demo
    // advertiser's own session (campaigns, websites, notifications), and /serve on the demo
    // publisher's real zones with browser user agents and countries.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-demo-'));
    const server = await startServer(
      PORT + 1,
      { DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_SEED: 'auto' },
      { entry: 'start' },
    );
    const pid = [server.child.pid as number];
    try {
      const token = await loginSession(server.url, DEMO.advertiser);
      const user = { path: () => '/api/user', headers: () => ({ authorization: `Bearer ${token}` }) };
      await load([server.url], { ...user, seconds: 3 }, []);
      record(
        'GET /api/user, the demo advertiser, embedded database, paced 1,000 req/s',
        await load([server.url], { ...user, rate: 1000 }, pid),
        base1000,
        'p99 ≤ 2× and CPU ≤ 3× hello-world',
      );
      const zones = await discoverZones(server.url, DEMO.publisher);
      let n = 0;
      const demoServe = {
        path: () => {
          const zone = zones[n++ % zones.length];
          return zone ? `/serve/${encodeURIComponent(zone.unique)}${serveQuery(zone)}` : '/serve/none';
        },
        headers: serveHeaders,
      };
      await load([server.url], { ...demoServe, seconds: 3 }, []);
      record(
        `GET /serve, the demo publisher's ${zones.length} real zones, embedded database, paced 2,000 req/s${await backlog(server.url)}`,
        await load([server.url], { ...demoServe, rate: 2000 }, pid),
        base2000,
        'p99 < 5 ms',
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (wants('serve')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-serve-'));
    try {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      await fill(database.db);
      await database.close();
      const server = await startServer(PORT + 1, { DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
      try {
        const opts = { path: servePath, headers: serveHeaders };
        await load([server.url], { ...opts, seconds: 3 }, []);
        const paced = await load([server.url], { ...opts, rate: 2000 }, [server.child.pid as number]);
        record(
          `GET /serve, embedded database, paced 2,000 req/s${await backlog(server.url)}`,
          paced,
          base2000,
          'p99 < 5 ms',
        );
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (wants('serve-pg')) {
    const world = await pgWorld(`bench_scale_${process.pid}`);
    try {
      const server = await startServer(PORT + 1, {
        DATABASE_URL: world.url,
        CLICK_SECRET,
        WEB_DIST: '/nonexistent',
      });
      try {
        const opts = { path: servePath, headers: serveHeaders };
        await load([server.url], { ...opts, seconds: 3 }, []);
        const paced = await load([server.url], { ...opts, rate: 2000 }, [server.child.pid as number]);
        record('GET /serve, PostgreSQL, one process, paced 2,000 req/s', paced, base2000, 'p99 < 5 ms');
      } finally {
        await server.stop();
      }
    } finally {
      await world.drop();
    }
  }

  if (wants('serve-redis')) {
    const world = await pgWorld(`bench_scale_redis_${process.pid}`);
    const prefix = `bench:${randomBytes(4).toString('hex')}:`;
    const shared = { DATABASE_URL: world.url, CLICK_SECRET, REDIS_URL, REDIS_PREFIX: prefix, WEB_DIST: '/nonexistent' };
    const servers: Server[] = [];
    try {
      servers.push(
        ...(await Promise.all([
          startServer(PORT + 2, { ...shared, PROCESS_ROLE: 'delivery' }),
          startServer(PORT + 3, { ...shared, PROCESS_ROLE: 'delivery' }),
          startServer(PORT + 4, { ...shared, PROCESS_ROLE: 'worker' }),
        ])),
      );
      const [a, b] = servers as [Server, Server];
      const opts = { path: servePath, headers: serveHeaders };
      await load([a.url, b.url], { ...opts, seconds: 3 }, []);
      const pids = servers.map((s) => s.child.pid as number);
      const paced = await load([a.url, b.url], { ...opts, rate: 2000 }, pids);
      record(
        'GET /serve, PostgreSQL + Redis, 2 delivery + 1 worker, paced 2,000 req/s in all',
        paced,
        base2000,
        'p99 < 5 ms',
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await world.drop();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  }

  console.log('\n| measure | result (ratio to the hello-world baseline of the same run) | budget |\n|---|---|---|');
  for (const [m, r, b] of rows) console.log(`| ${m} | ${r} | ${b} |`);
}

await main();

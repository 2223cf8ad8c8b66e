/**
 * The request paths under a paced load, each beside a Fastify hello-world
 * server measured in the same run at the same rate (the ratio is printed beside each figure):
 *   - GET /api/user on the embedded database at a paced 1,000 req/s (budget p99 < 10 ms);
 *   - GET /serve/{zone} at a paced 2,000 req/s on the embedded database and on PostgreSQL
 *     (budget p99 < 5 ms), over the world of bench/delivery.ts (1,000 running campaigns,
 *     10,000 active zones);
 *   - optionally /serve on two delivery processes (PROCESS_ROLE=delivery) with Redis and a worker.
 *   - bidding (`bid`, `bid-redis`; docs/product/programmatic.md): POST /openrtb2/auction (a
 *     Prebid.js-like bid request for one banner zone) and GET /serve paced at 1,000 req/s each,
 *     alone (CPU per request of each) and together (p99 of each under 2,000 req/s in all), on
 *     the embedded default (`bid`) and on PostgreSQL with Redis, one process (`bid-redis`),
 *     beside a hello-world taking the same requests (the POST's JSON body parsed);
 *     BENCH_ROUNDS (2) rounds. Requests carry a browser's headers and a visitor address
 *     (x-forwarded-for, TRUST_PROXY=1), so that the invalid-traffic filter passes them as people.
 *   - what users do (`demo`): the demo world as `npm start` seeds it, GET /api/user with the
 *     demo advertiser's session and /serve on the demo publisher's real zones.
 * Every server is `apps/server/src/main.ts` (`start.ts` for the demo world) started as an
 * operator would, in a child process (bench/lib/processes.ts);
 * the load generator (autocannon) runs in this process. CPU per request is the server
 * process's user + system time (all its threads, /proc/<pid>/stat) over the paced run
 * divided by the requests answered. Nothing is asserted.
 *
 *   node --import tsx bench/scale.ts
 *   BENCH_SECONDS (10), BENCH_TARGET=all|user|demo|serve|serve-pg|serve-redis|bid|bid-redis
 *   (all = all but serve-redis and the bid targets), BENCH_ROUNDS (2, bid targets),
 *   BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (redis://127.0.0.1:6379),
 *   BENCH_PORT (3465: the first of five ports)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const wants = (t: string) => TARGET === t || (TARGET === 'all' && !['serve-redis', 'bid', 'bid-redis'].includes(t));

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

// ------------------------------------------------------------------ bidding beside /serve

/** The banner zones of the world (bench/delivery.ts: per website 300x250, 728x90, native, popunder, 160x600). */
const BANNER_KINDS: Record<number, [number, number]> = { 0: [300, 250], 1: [728, 90], 4: [160, 600] };
let visitors = 0;
/** A person's browser: its headers and an address of its own (the invalid-traffic filter counts per address). */
function browserHeaders(): Record<string, string> {
  const n = visitors++;
  return {
    accept: '*/*',
    'accept-language': 'en-GB,en;q=0.9',
    'user-agent': pick(UAS),
    'cf-ipcountry': pick(COUNTRIES),
    'x-forwarded-for': `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
  };
}

/** A bid request as Prebid.js's adapter sends it, for one banner zone of the world. */
function bidBody(): string {
  let g = 0;
  while (!((g - 1) % 5 in BANNER_KINDS)) g = 1 + Math.floor(Math.random() * ZONES);
  const [w, h] = BANNER_KINDS[(g - 1) % 5] as [number, number];
  const id = randomBytes(8).toString('hex');
  return JSON.stringify({
    id,
    imp: [
      { id: '1', banner: { topframe: 1, format: [{ w, h }] }, secure: 1, ext: { cryptads: { zone: zoneUnique(g) } } },
    ],
    site: {
      page: `https://site${(g - 1) / 5 + 1}.example/news/article-${id}`,
      domain: `site${(g - 1) / 5 + 1}.example`,
    },
    device: { w: 1920, h: 1080, dnt: 0, language: 'en', ua: UAS[0] },
    source: { tid: id },
    cur: ['EUR'],
    tmax: 1500,
    test: 0,
    ext: { prebid: { channel: { name: 'pbjs', version: '11.36.0' } } },
  });
}

type Kind = 'bid' | 'serve';
type Timing = { rate: number; p50: number; p99: number; max: number; answered: number; ok200: number; errors: number };

/** One paced autocannon run of bids or /serve requests against `url`. */
function paced(url: string, kind: Kind, rate: number | undefined, seconds: number): Promise<Timing> {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 32,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        requests: [
          {
            setupRequest: (req) =>
              kind === 'bid'
                ? {
                    ...req,
                    method: 'POST',
                    path: '/openrtb2/auction',
                    headers: { ...browserHeaders(), 'content-type': 'application/json' },
                    body: bidBody(),
                  }
                : { ...req, method: 'GET', path: servePath(), headers: browserHeaders() },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          rate: Math.round(r.requests.total / seconds),
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          answered: r.requests.total,
          ok200: r.statusCodeStats?.['200' as keyof typeof r.statusCodeStats]?.count ?? 0,
          errors: r.errors + r.timeouts + r.non2xx,
        });
      },
    ),
  );
}

/** Bids and /serve paced at `rates` at once against one server; CPU per request over both. */
async function together(url: string, pid: number, rates: Partial<Record<Kind, number>>, seconds = SECONDS) {
  const before = cpuMs(pid);
  const kinds = Object.keys(rates) as Kind[];
  const timings = await Promise.all(kinds.map((k) => paced(url, k, rates[k], seconds)));
  const answered = timings.reduce((s, t) => s + t.answered, 0);
  const cpu = answered ? (cpuMs(pid) - before) / answered : 0;
  return {
    cpu,
    by: Object.fromEntries(kinds.map((k, i) => [k, timings[i] as Timing])) as Partial<Record<Kind, Timing>>,
  };
}

type Measured = Awaited<ReturnType<typeof together>>;
const bidRows: string[] = [];
const x = (v: number, base: number) => (base > 0 ? `${(v / base).toFixed(1)}×` : '—');
function bidRow(round: number, setting: string, what: string, m: Measured, base: Measured, kind?: Kind) {
  const kinds = kind ? [kind] : (Object.keys(m.by) as Kind[]);
  for (const k of kinds) {
    const t = m.by[k] as Timing;
    const b = base.by[k] as Timing;
    bidRows.push(
      `| ${round} | ${setting} | ${what} | ${k === 'bid' ? 'POST /openrtb2/auction' : 'GET /serve'} | ${t.rate} | ${t.p50} ms (${x(t.p50, b.p50)}) | ${t.p99} ms (${x(t.p99, b.p99)}) | ${t.max} ms | ${kind ? `${m.cpu.toFixed(3)} ms (${x(m.cpu, base.cpu)})` : `${m.cpu.toFixed(3)} ms (${x(m.cpu, base.cpu)}) both`} | ${t.answered ? Math.round((100 * t.ok200) / t.answered) : 0} % | ${t.errors} |`,
    );
  }
}

/**
 * Waits for a server just started to be at rest: its start-up jobs (the first run of the
 * background jobs, the ads.txt checks, the index, the API reference) cost 250-450 ms of CPU a
 * second for the first 20-30 s, which a warm-up overlapping them would count (and the runs
 * after it compete with). Rest: two seconds in a row under 100 ms of CPU each, for at most
 * 90 s. Answers how long it waited.
 */
async function atRest(pid: number): Promise<string> {
  const started = Date.now();
  let quiet = 0;
  let last = cpuMs(pid);
  while (quiet < 2 && Date.now() - started < 90_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    quiet = now - last < 100 ? quiet + 1 : 0;
    last = now;
  }
  return `at rest after ${((Date.now() - started) / 1000).toFixed(0)} s${quiet < 2 ? ' (not: 90 s passed)' : ''}`;
}

/** The three runs of a round against one server (alone, alone, together), beside the same against hello-world. */
async function bidRound(round: number, setting: string, start: () => Promise<Server>) {
  const hello = await startHello(PORT);
  const helloPid = hello.child.pid as number;
  let helloRuns: Measured[];
  try {
    await together(hello.url, helloPid, { bid: 1000, serve: 1000 }, 2);
    helloRuns = [
      await together(hello.url, helloPid, { bid: 1000 }),
      await together(hello.url, helloPid, { serve: 1000 }),
      await together(hello.url, helloPid, { bid: 1000, serve: 1000 }),
    ];
  } finally {
    await hello.stop();
  }
  const [helloBid, helloServe, helloBoth] = helloRuns as [Measured, Measured, Measured];
  bidRow(round, 'hello-world Fastify', 'alone, 1,000 req/s', helloBid, helloBid, 'bid');
  bidRow(round, 'hello-world Fastify', 'alone, 1,000 req/s', helloServe, helloServe, 'serve');
  bidRow(round, 'hello-world Fastify', 'together, 1,000 + 1,000 req/s', helloBoth, helloBoth);
  const server = await start();
  const pid = server.child.pid as number;
  try {
    console.log(`round ${round}, ${setting}: ${await atRest(pid)}`);
    // Warm-up at the measured rates, long enough for the bid path's code to be optimised (a
    // bid's CPU fell from 4.1 to 0.9 ms over its first 15 s at 200 req/s on a busy machine);
    // each run starts once the events before it are recorded (an unpaced warm-up left
    // thousands to record during the next run, on the same CPU).
    await together(server.url, pid, { bid: 1000, serve: 1000 }, 10);
    await backlog(server.url);
    bidRow(round, setting, 'alone, 1,000 req/s', await together(server.url, pid, { bid: 1000 }), helloBid, 'bid');
    await backlog(server.url);
    const serve = await together(server.url, pid, { serve: 1000 });
    bidRow(round, setting, `alone, 1,000 req/s${await backlog(server.url)}`, serve, helloServe, 'serve');
    const both = await together(server.url, pid, { bid: 1000, serve: 1000 });
    bidRow(round, setting, `together, 1,000 + 1,000 req/s${await backlog(server.url)}`, both, helloBoth);
  } finally {
    await server.stop();
  }
}

/**
 * The servers of the bid targets run as deployed: their default delivery stream (the journal on
 * the embedded database, Redis Streams with Redis), the invalid-traffic filter on, behind a
 * trusted proxy (each request's x-forwarded-for is its visitor).
 */
const BID_ENV = { NODE_ENV: 'development', IVT_ENABLED: '1', TRUST_PROXY: '1', WEB_DIST: '/nonexistent' };

async function bidding() {
  console.log(
    `bidding bench: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    if (wants('bid')) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-bid-'));
      try {
        const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
        await fill(database.db);
        await database.close();
        await bidRound(round, 'embedded database (journal)', () =>
          startServer(PORT + 1, { ...BID_ENV, DATA_DIR: dataDir, DELIVERY_STREAM: 'journal' }),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (wants('bid-redis')) {
      const world = await pgWorld(`bench_bid_${process.pid}`);
      const prefix = `bench:${randomBytes(4).toString('hex')}:`;
      try {
        await bidRound(round, 'PostgreSQL + Redis, one process', () =>
          startServer(PORT + 1, {
            DATABASE_URL: world.url,
            REDIS_URL,
            REDIS_PREFIX: prefix,
            CLICK_SECRET,
            ...BID_ENV,
          }),
        );
      } finally {
        await world.drop();
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
    }
  }
  console.log(
    `bidding bench: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end`,
  );
  console.log(
    '\n| round | server | load | requests | req/s | p50 (× hello) | p99 (× hello) | max | CPU per request (× hello) | answered 200 | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of bidRows) console.log(r);
}

async function main() {
  console.log(`scale bench: ${cpus().length} cpus (${cpus()[0]?.model}), node ${process.version}, ${SECONDS} s runs`);
  if (wants('bid') || wants('bid-redis')) return bidding();
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
        console.log(`serve: ${await atRest(server.child.pid as number)}`);
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

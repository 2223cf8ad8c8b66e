/**
 * /serve on a real demo zone, on the embedded default, paced at 2,000 req/s: the in-process
 * buffer (DELIVERY_STREAM=memory, the default before decision 039: a crash loses what was not
 * yet written) against the journal (the default since: written before the answer, decision 054), beside a
 * Fastify hello-world measured in the same run at the same rate. Each round measures all
 * three, with the server process's CPU per request (all threads: the embedded database's too);
 * two rounds by default. Nothing is asserted: the figures go to bench/RESULTS.md.
 *
 *   node --import tsx bench/serve-journal.ts
 *   BENCH_SECONDS (10), BENCH_ROUNDS (2), BENCH_PORT (3475: this and the next two),
 *   DELIVERY_* (e.g. DELIVERY_JOURNAL_SYNC, DELIVERY_FLUSH_MS: passed to the servers; their
 *   defaults when unset)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { discoverZones, type LiveZone, serveQuery } from '../apps/server/src/simulator/live';
import { cpuMs, DEMO, type Server, startHello, startServer as startProcess } from './lib/processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3475);
const RATE = 2000;
const COUNTRIES = ['DE', 'US', 'GB', 'FR', 'NL', 'ES', 'IT', 'CA'];
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The delivery settings of this bench's environment (DELIVERY_*), passed to every server it starts. */
const deliverySettings = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('DELIVERY_') && e[1] !== undefined),
);

/** The server as a newcomer starts it (`start.ts`, embedded database in `dataDir`), with the demo world. */
const startServer = (port: number, dataDir: string, env: Record<string, string>) =>
  startProcess(
    port,
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DEMO_SEED: 'auto',
      DEMO_HISTORY_DAYS: '0',
      TRUST_PROXY: '1',
      ...deliverySettings,
      ...env,
    },
    { entry: 'start' },
  );

type Result = {
  rate: number;
  p50: number;
  p99: number;
  max: number;
  ads: number;
  errors: number;
  /** CPU of the server process, all its threads (the embedded database's included), per request (µs). */
  cpuUs?: number;
};

let visitor = 0;
function paced(url: string, zones: LiveZone[], opts: { rate?: number; seconds: number }): Promise<Result> {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 32,
        duration: opts.seconds,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
        requests: [
          {
            setupRequest: (req) => {
              const n = visitor++;
              const zone = zones[n % zones.length] as LiveZone;
              return {
                ...req,
                method: 'GET',
                path: `/serve/${encodeURIComponent(zone.unique)}${serveQuery(zone)}`,
                headers: {
                  accept: '*/*',
                  'user-agent': UA,
                  'cf-ipcountry': COUNTRIES[n % COUNTRIES.length] as string,
                  'x-forwarded-for': `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
                },
              };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        const ok = r.statusCodeStats?.['200' as keyof typeof r.statusCodeStats]?.count ?? 0;
        resolve({
          rate: Math.round(r.requests.total / opts.seconds),
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          ads: r.requests.total ? Math.round((100 * ok) / r.requests.total) : 0,
          errors: r.errors + r.timeouts + r.non2xx,
        });
      },
    ),
  );
}

/** A paced run against `server`, with the CPU its process spent on it. */
async function measured(server: Server, zones: LiveZone[]): Promise<Result> {
  const pid = server.child.pid as number;
  const before = cpuMs(pid);
  const result = await paced(server.url, zones, { rate: RATE, seconds: SECONDS });
  const total = result.rate * SECONDS;
  return { ...result, cpuUs: total ? Math.round(((cpuMs(pid) - before) * 1000) / total) : 0 };
}

/** ` (n×)` beside a figure, when there is a baseline above 0 ms to divide by (autocannon rounds to whole ms). */
const ratio = (value: number, base: number | undefined) =>
  base === undefined ? '' : base > 0 ? ` (${(value / base).toFixed(1)}×)` : ' (baseline 0 ms)';

async function main() {
  console.log(
    `serve-journal bench: ${cpus().length} cpus (${cpus()[0]?.model}), node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${SECONDS} s paced at ${RATE} req/s`,
  );
  // The demo world, seeded once and copied for every server.
  const seeded = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-journal-'));
  const seeder = await startServer(PORT + 1, seeded, { DELIVERY_STREAM: 'memory' });
  const zones = await discoverZones(seeder.url, DEMO.publisher);
  await seeder.stop();
  const rows: string[] = [];
  const line = (round: number, what: string, r: Result, base?: Result) =>
    rows.push(
      `| ${round} | ${what} | ${r.rate} | ${r.p50} ms${ratio(r.p50, base?.p50)} | ${r.p99} ms${ratio(r.p99, base?.p99)} | ${r.max} ms | ${r.cpuUs ?? '—'} µs${ratio(r.cpuUs ?? 0, base?.cpuUs)} | ${base ? `${r.ads} %` : '—'} | ${r.errors} |`,
    );
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const hello = await startHello(PORT);
      await paced(hello.url, zones, { seconds: 2 });
      const base = await measured(hello, zones);
      await hello.stop();
      line(round, 'hello-world Fastify', base);
      for (const stream of ['memory', 'journal']) {
        const dataDir = mkdtempSync(path.join(tmpdir(), `cryptads-bench-${stream}-`));
        cpSync(seeded, dataDir, { recursive: true });
        // The copy and the previous server's deleted files written out now, not during the
        // measurement: a journal's fdatasync would otherwise wait behind the bench's own writes.
        execFileSync('sync');
        const server = await startServer(PORT + 2, dataDir, { DELIVERY_STREAM: stream });
        try {
          await paced(server.url, zones, { seconds: 3 });
          line(round, `/serve, DELIVERY_STREAM=${stream}`, await measured(server, zones), base);
        } finally {
          await server.stop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    rmSync(seeded, { recursive: true, force: true });
  }
  console.log(
    '\n| round | server | req/s | p50 (× baseline) | p99 (× baseline) | max | CPU per request (× baseline) | answered with an ad | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();

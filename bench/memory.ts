/**
 * Resident memory (RSS, all threads: the embedded database's worker and its WASM memory
 * included) of the server as a newcomer starts it (`start.ts`, embedded database, the demo
 * world), beside PGlite's own: a bare PGlite in a process of its own opened on a copy of the
 * same data directory (bench/lib/bare-pglite.mjs), idle and after the same query mix (every
 * statement the server sent its database during the load, captured by
 * bench/lib/capture-queries.mjs and replayed). Measured:
 *   - the server 10 s after the demo seed (same process), then during BENCH_SECONDS of /serve
 *     at 2,000 req/s on the demo publisher's zones (the highest RSS sampled every 250 ms), and
 *     10 s after;
 *   - the server restarted on its data directory (no seed in this process), idle;
 *   - the bare PGlite, idle, then after the replayed mix.
 * Nothing is asserted; the figures go to bench/RESULTS.md.
 *
 *   node --import tsx bench/memory.ts     BENCH_SECONDS (20), BENCH_PORT (3485)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { discoverZones, type LiveZone, serveQuery } from '../apps/server/src/simulator/live';
import { DEMO, root, startServer } from './lib/processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3485);
const RATE = 2000;

/** VmRSS of `pid`, in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** /serve at `RATE` for `SECONDS` on `zones`, with the highest RSS of `pid` meanwhile. */
async function serveLoad(url: string, zones: LiveZone[], pid: number): Promise<{ peak: number; requests: number }> {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 250);
  let n = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 32,
        duration: SECONDS,
        overallRate: RATE,
        requests: [
          {
            setupRequest: (req) => {
              const zone = zones[n % zones.length] as LiveZone;
              n++;
              return {
                ...req,
                method: 'GET',
                path: `/serve/${encodeURIComponent(zone.unique)}${serveQuery(zone)}`,
                headers: {
                  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
                  'x-forwarded-for': `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
                },
              };
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  clearInterval(sampler);
  return { peak: Math.max(peak, rssMb(pid)), requests: result.requests.total };
}

/** The server as a newcomer starts it, its statements captured to `capture`. */
const start = (dataDir: string, capture: string) =>
  startServer(
    PORT,
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DEMO_SEED: 'auto',
      TRUST_PROXY: '1',
      BENCH_CAPTURE_FILE: capture,
      NODE_OPTIONS: `--import ${path.join(root, 'bench/lib/capture-queries.mjs')}`,
    },
    { entry: 'start' },
  );

/** Lines of a child's stdout, one at a time. */
function lines(child: ChildProcess) {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (line) => {
      queue.push(line);
      wake?.();
    });
  return async (pattern: RegExp) => {
    for (;;) {
      const i = queue.findIndex((l) => pattern.test(l));
      if (i >= 0) return queue.splice(0, i + 1).at(-1) as string;
      if (child.exitCode !== null) throw new Error('the bare PGlite exited');
      await new Promise<void>((r) => {
        wake = r;
      });
    }
  };
}

async function main() {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`memory bench: node ${process.version}, load ${load()}`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-memory-'));
  const dataDir = path.join(scratch, 'data');
  const capture = path.join(scratch, 'queries.jsonl');
  const rows: string[] = [];
  try {
    // The server, seeded in this process.
    const server = await start(dataDir, capture);
    const pid = server.child.pid as number;
    await sleep(10_000);
    const afterSeed = rssMb(pid);
    const zones = await discoverZones(server.url, DEMO.publisher);
    const from = statSync(capture).size;
    const serve = await serveLoad(server.url, zones, pid);
    const to = statSync(capture).size;
    await sleep(10_000);
    const afterLoad = rssMb(pid);
    await server.stop();
    rows.push(`| server (start.ts, demo world seeded in this process) | ${afterSeed} | ${serve.peak} | ${afterLoad} |`);
    // The bare PGlite on a copy of the data directory the server left (closed cleanly).
    const copy = path.join(scratch, 'copy');
    cpSync(path.join(dataDir, 'db'), copy, { recursive: true });
    const bare = spawn(process.execPath, [path.join(root, 'bench/lib/bare-pglite.mjs'), copy], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const next = lines(bare);
    await next(/^ready$/);
    await sleep(10_000);
    const bareIdle = rssMb(bare.pid as number);
    let barePeak = bareIdle;
    const sampler = setInterval(() => {
      barePeak = Math.max(barePeak, rssMb(bare.pid as number));
    }, 250);
    bare.stdin?.write(`replay ${capture} ${from} ${to}\n`);
    const replayed = await next(/^replayed /);
    clearInterval(sampler);
    await sleep(10_000);
    const bareAfter = rssMb(bare.pid as number);
    bare.stdin?.end();
    await new Promise((r) => bare.once('exit', r));
    const [, ok, failed] = replayed.split(' ');
    rows.push(
      `| bare PGlite on a copy of its data directory (${ok} statements replayed, ${failed} failed) | ${bareIdle} | ${barePeak} | ${bareAfter} |`,
    );
    // The server again on the same data directory: no seed in this process.
    const again = await start(dataDir, path.join(scratch, 'queries-2.jsonl'));
    await sleep(10_000);
    const restartIdle = rssMb(again.child.pid as number);
    const serve2 = await serveLoad(again.url, zones, again.child.pid as number);
    await sleep(10_000);
    const restartAfter = rssMb(again.child.pid as number);
    await again.stop();
    rows.push(`| server restarted on that data directory | ${restartIdle} | ${serve2.peak} | ${restartAfter} |`);
    console.log(
      `\n/serve: ${serve.requests} and ${serve2.requests} requests in ${SECONDS} s (paced ${RATE} req/s); load ${load()}`,
    );
    console.log(
      `server / bare PGlite: idle ${(afterSeed / bareIdle).toFixed(1)}× (restarted ${(restartIdle / bareIdle).toFixed(1)}×), under load ${(serve.peak / barePeak).toFixed(1)}×, after ${(afterLoad / bareAfter).toFixed(1)}×`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log('\n| process | RSS idle (MB) | RSS peak under the load or the replayed mix (MB) | RSS 10 s after (MB) |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();

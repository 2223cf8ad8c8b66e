/**
 * The first start as a newcomer sees it: `start.ts` (what `npm start` runs once the web build
 * is current) beside a Fastify hello-world process started the same way in the same round,
 * three times per round (docs/decisions/050-first-start.md, 060):
 *   - empty cache: a fresh data directory and an empty cache folder (a machine that never saw
 *     the project, or an install that skipped its preparation): the start builds the migrated
 *     template itself (PGlite's initdb and the migrations), then seeds the demo world;
 *   - fresh: a fresh data directory, the template in the cache (what `npm install` prepared);
 *   - restart: the data directory the fresh start left.
 * Each is timed until /api/health answers, until /api/ready says the demo world is seeded, and
 * until the demo logins are printed; the server's own step lines (seconds since its process
 * began) are printed for the empty-cache start. Nothing is asserted.
 *
 *   node --import tsx bench/first-start.ts        BENCH_ROUNDS (2), BENCH_PORT (3495)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { root, SERVER_NODE_ARGS, startHello } from './lib/processes';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3495);

/** Milliseconds from `since` until `url` answers `status`. */
async function until(url: string, status: number, since: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === status) return performance.now() - since;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Timing = { health: number; ready: number; logins: number; lines: string[] };

async function start(dataDir: string, cacheDir: string): Promise<Timing> {
  const started = performance.now();
  const url = `http://127.0.0.1:${PORT + 1}`;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/start.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      XDG_CACHE_HOME: cacheDir,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(PORT + 1),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DEMO_TRAFFIC: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let logins = 0;
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    rest += chunk.toString();
    const complete = rest.split('\n');
    rest = complete.pop() ?? '';
    for (const line of complete) {
      if (/^\s+\d+\.\d s {2}/.test(line)) lines.push(line.trim());
      if (line.includes('Demo logins:') && !logins) logins = performance.now() - started;
    }
  });
  const health = await until(`${url}/api/health`, 200, started, child);
  const ready = await until(`${url}/api/ready`, 200, started, child);
  while (!logins && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { health, ready, logins, lines };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  console.log(`first-start bench: ${cpus().length} cpus, node ${process.version}, load ${load()}`);
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const loadBefore = load();
    const t0 = performance.now();
    const hello = await startHello(PORT);
    const base = performance.now() - t0;
    await hello.stop();
    const scratch = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-start-'));
    try {
      const cache = path.join(scratch, 'cache');
      const empty = await start(path.join(scratch, 'empty'), cache);
      console.log(`\nround ${round}, empty cache: the server's lines\n  ${empty.lines.join('\n  ')}`);
      const fresh = await start(path.join(scratch, 'fresh'), cache);
      const again = await start(path.join(scratch, 'fresh'), cache);
      const cell = (t: Timing) => `${s(t.health)} (${(t.health / base).toFixed(0)}×) | ${s(t.ready)} | ${s(t.logins)}`;
      rows.push(
        `| ${round} | ${loadBefore} → ${load()} | ${s(base)} | ${cell(empty)} | ${cell(fresh)} | ${cell(again)} |`,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  console.log(
    '\n| round | load before → after | hello-world listening | empty cache: /api/health (× baseline) | ready | logins | fresh: /api/health | ready | logins | restart: /api/health | ready | logins |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();

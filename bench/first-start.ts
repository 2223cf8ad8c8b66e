/**
 * The first start as a newcomer sees it: `start.ts` (what `npm start` runs once the web build
 * is current) on a fresh data directory until /api/health answers and until /api/ready says the
 * demo world is seeded, then the same on the data directory it left (a restart), beside a
 * Fastify hello-world process started the same way in the same run. The migrated template
 * (docs/decisions/050-first-start.md) is built first when the cache has none, as the first
 * fresh start on a machine does; that build is timed on its own. Nothing is asserted.
 *
 *   node --import tsx bench/first-start.ts        BENCH_ROUNDS (2), BENCH_PORT (3495)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/config';
import { templateKey } from '../apps/server/src/db/template';
import { root, startHello } from './lib/processes';

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

async function start(dataDir: string) {
  const started = performance.now();
  const url = `http://127.0.0.1:${PORT + 1}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/start.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(process.env.XDG_CACHE_HOME ? { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME } : {}),
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(PORT + 1),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DEMO_TRAFFIC: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = await until(`${url}/api/health`, 200, started, child);
  const ready = await until(`${url}/api/ready`, 200, started, child);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { health, ready };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  console.log(
    `first-start bench: ${cpus().length} cpus, node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const migrations = path.join(root, 'apps/server/drizzle');
  const templateDir = loadConfig().pgliteTemplateDir;
  if (!existsSync(path.join(templateDir, templateKey(migrations)))) {
    const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-template-'));
    const t0 = performance.now();
    await (await openDatabase({ dataDir: path.join(dir, 'db'), templateDir })).close();
    console.log(`template built (the first fresh start on this machine pays it): ${s(performance.now() - t0)}`);
    rmSync(dir, { recursive: true, force: true });
  }
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const t0 = performance.now();
    const hello = await startHello(PORT);
    const base = performance.now() - t0;
    await hello.stop();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-start-'));
    try {
      const fresh = await start(dataDir);
      const again = await start(dataDir);
      rows.push(
        `| ${round} | ${s(base)} | ${s(fresh.health)} (${(fresh.health / base).toFixed(0)}×) | ${s(fresh.ready)} | ${s(again.health)} (${(again.health / base).toFixed(0)}×) | ${s(again.ready)} |`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    '\n| round | hello-world listening | fresh: /api/health (× baseline) | fresh: demo world ready | restart: /api/health (× baseline) | restart: ready |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();

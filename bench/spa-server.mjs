// Shared by bench/first-load.mjs and bench/lighthouse.mjs: a production build of the web app
// served by our own server (embedded database, demo world seeded so the dashboard has data),
// and a logged-in session to open the authenticated screens with.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The demo advertiser (README): it owns campaigns, reports and a balance. */
export const DEMO_ADVERTISER = { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' };

export function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

async function waitFor(url, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * Builds the web app when there is no build, then starts the server on `port` with a fresh
 * embedded database and the demo world. Live demo traffic stays off: it would add CPU noise
 * to what we measure.
 */
export async function startSpaServer(port) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) await run('npm', ['run', 'build']);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'auto',
      DEMO_TRAFFIC: 'off',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => server.on('exit', r));
  // A bench that dies on an error must not leave the server running.
  process.on('exit', () => server.kill('SIGTERM'));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Ready once the demo world is seeded (behind the listening server, decision 050): a while
    // on a busy machine.
    await waitFor(`${base}/api/ready`, 600_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Logs the demo advertiser in over the API and returns the cookies the SPA reads its session from. */
export async function demoSessionCookies(base) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_ADVERTISER, captcha: 'none' }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login answered ${res.status}: ${body.reason}`);
  const { hostname } = new URL(base);
  // The session travels in the cookies the server sets (docs/decisions/034), not in the body.
  return res.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), domain: hostname, path: '/' };
  });
}

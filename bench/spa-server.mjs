// Shared by bench/first-load.mjs, lighthouse.mjs, login-usable.mjs and pages-usable.mjs: a
// production build of the web app served by our own server (embedded database, demo world
// seeded so the dashboard has data), a logged-in session to open the authenticated screens
// with, and a static page served by the same server (the baseline of the page benches).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** The machine's load average (1, 5 and 15 minutes), printed beside every page bench's figures. */
export const loadAverage = () =>
  existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : 'unknown';

/** Where the static baseline is served: a file of the build, so it takes the SPA's own path. */
export const STATIC_PAGE = '/bench-static.html';

/**
 * The static baseline: about what a screen shows (a heading, a few cards of text, a table of
 * twenty rows), styled inline, with no script, stylesheet, image or font to fetch. Served by
 * our server's static files plugin like index.html (same headers, `no-cache`), so it takes the
 * same server and network path as the app's pages.
 */
function staticPageHtml() {
  const rows = Array.from(
    { length: 20 },
    (_, i) =>
      `<tr><td>Campaign ${i + 1}</td><td>Display</td><td class="n">${(1234 * (i + 1)) % 9973}</td><td class="n">€${((i + 1) * 3.17).toFixed(2)}</td></tr>`,
  ).join('');
  const cards = ['Balance', 'Today', 'Campaigns', 'Websites']
    .map(
      (t, i) =>
        `<section class="card"><h2>${t}</h2><p class="big">€${(i + 1) * 125}.00</p><p>Figures of the last 24 hours, as the dashboard shows them.</p></section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Static page - bench baseline</title>
<meta name="description" content="A static page: the baseline of the page benchmarks.">
<style>body{font-family:system-ui,sans-serif;margin:0;color:#101828;background:#f8f9fa}header{background:#0b1b3f;color:#fff;padding:16px 24px}
main{max-width:1100px;margin:0 auto;padding:24px}.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:16px}.big{font-size:28px;font-weight:700;margin:4px 0}
table{width:100%;border-collapse:collapse;background:#fff;margin-top:24px}td,th{padding:8px 12px;border-bottom:1px solid #dee2e6;text-align:left}.n{text-align:right;font-variant-numeric:tabular-nums}</style>
</head><body><header><strong>Cryptads</strong></header><main><h1>Dashboard</h1><div class="cards">${cards}</div>
<table><thead><tr><th>Campaign</th><th>Format</th><th class="n">Impressions</th><th class="n">Spent</th></tr></thead><tbody>${rows}</tbody></table>
</main></body></html>`;
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
  // WEB_DIST (the server's own setting) serves another build, e.g. a copy of an earlier one.
  const dist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!process.env.WEB_DIST && !existsSync(path.join(dist, 'index.html'))) await run('npm', ['run', 'build']);
  // The next build empties dist/ and takes it away; stop() removes it too.
  const staticFile = path.join(dist, STATIC_PAGE);
  writeFileSync(staticFile, staticPageHtml());
  // BENCH_BASE: a server already running on WEB_DIST's build (one this function started in
  // another process), for several benches on one demo world: on a busy machine the seed alone
  // can take longer than the bench. The static page stays for the others.
  if (process.env.BENCH_BASE) return { base: process.env.BENCH_BASE, stop: async () => {} };
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
    rmSync(staticFile, { force: true });
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

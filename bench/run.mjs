// npm run bench: measures the budgets of DESIGN §5 that this stage of the product can
// measure, and prints them beside the budget. Nothing here asserts: it measures.
//   1. first-load JS of /login/ (gzip KB), as real Chromium downloads it
//   2. GET /api/user latency percentiles at 1,000 req/s and the maximum throughput,
//      on the embedded database
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3200;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

async function call(method, p, { token, data } = {}) {
  const res = await fetch(`${URL_BASE}/api${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: data ? JSON.stringify(data) : undefined,
  });
  return res.json();
}

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) await run('npm', ['run', 'build']);

const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'off',
    AUTH_RATE_LIMIT_MAX: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const results = [];
try {
  await waitFor(`${URL_BASE}/api/health`);

  // 1. First-load JS of /login/ as Chromium fetches it.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gzip: gzipSync(b).length })));
  });
  await page.goto(`${URL_BASE}/login/`, { waitUntil: 'networkidle' });
  const js = await Promise.all(scripts);
  await browser.close();
  const loginGzipKb = js.reduce((s, f) => s + f.gzip, 0) / 1024;
  results.push(['first-load JS of /login/ (gzip)', `${loginGzipKb.toFixed(1)} KB in ${js.length} files`, '≤ 150 KB']);

  // 2. GET /api/user under load.
  const email = `bench.${Date.now()}@bench.example`;
  const password = 'Bench!Passw0rd';
  const reg = await call('POST', '/register', {
    data: { email, firstName: 'Bench', lastName: 'User', userType: 1, password, captcha: 'none' },
  });
  const mail = await call('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`);
  const code = mail.response[0].text.match(/\b(\d{6})\b/)[1];
  await call('POST', '/user/emailVerification/validate', { token: reg.response.token, data: { code } });
  const token = reg.response.token;

  const load = (opts) =>
    new Promise((resolve, reject) =>
      autocannon(
        { url: `${URL_BASE}/api/user`, headers: { authorization: `Bearer ${token}` }, duration: seconds, ...opts },
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
  await load({ connections: 10, duration: 2 }); // warm-up
  const paced = await load({ connections: 50, overallRate: 1000 });
  results.push([
    'GET /api/user at 1,000 req/s (embedded DB)',
    `p50 ${paced.latency.p50} ms, p90 ${paced.latency.p90} ms, p99 ${paced.latency.p99} ms; ${paced.requests.average} req/s; non-2xx ${paced.non2xx}`,
    'p99 < 10 ms',
  ]);
  const max = await load({ connections: 50 });
  results.push([
    'GET /api/user maximum throughput',
    `${max.requests.average} req/s, p99 ${max.latency.p99} ms, non-2xx ${max.non2xx}`,
    '—',
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| measure | result | budget |\n|---|---|---|');
for (const [m, r, b] of results) console.log(`| ${m} | ${r} | ${b} |`);

// node bench/first-load.mjs: what a first visit to each screen costs, as real Chromium
// downloads it from a production build served by our server (cold cache, one route per
// fresh browser context). Prints, per route: bytes on the wire (compressed as served,
// headers excluded) for JavaScript, CSS and everything, the gzip size of the JavaScript
// (the unit of the budget in docs/architecture.md#budgets: /login/ ≤ 150 KB, any other route ≤ 280 KB)
// and the request count.
//   node bench/first-load.mjs            measures, asserts nothing;
//   node bench/first-load.mjs --check    (npm run size:check, run by .ci/run after the build) exits 1
//                                        when a route's first-load JS gzip passes its budget.
//   FIRST_LOAD_PORT (3431), FIRST_LOAD_ONLY=/login/,/campaigns/all/ measures only those routes.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { demoSessionCookies, startSpaServer } from './spa-server.mjs';

const port = Number(process.env.FIRST_LOAD_PORT ?? 3431);
const check = process.argv.includes('--check');
const only = process.env.FIRST_LOAD_ONLY?.split(',').map((s) => s.trim());

/** First-load JavaScript, gzip, in KB (docs/decisions/002 and 046). */
export const budgetKb = (path) => (path === '/login/' ? 150 : 280);

/** Public screens open without a session; the others as the demo advertiser. */
const routes = [
  { path: '/login/', auth: false },
  { path: '/signup/', auth: false },
  { path: '/', auth: true, label: '/ (dashboard)' },
  { path: '/campaigns/all/', auth: true },
  { path: '/campaigns/create/', auth: true },
  { path: '/reports/', auth: true },
  { path: '/marketplace/', auth: true },
  { path: '/billing/history/', auth: true },
  { path: '/settings/', auth: true },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function measureFirstLoad(base, browser, route, cookies) {
  const context = await browser.newContext();
  if (route.auth) await context.addCookies(cookies);
  const page = await context.newPage();
  const pending = [];
  const onFinished = (request) => {
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const type = request.resourceType();
        const body = type === 'script' ? await (await request.response())?.body() : undefined;
        return { type, wire: sizes.responseBodySize, gzip: body ? gzipSync(body).length : 0 };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(`${base}${route.path}`, { waitUntil: 'networkidle' });
  // The screen is there when no loader spins any more (a slow API answer is no idle network).
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  const files = await Promise.all(pending);
  await context.close();
  const sum = (pick, filter = () => true) => files.filter(filter).reduce((s, f) => s + pick(f), 0);
  return {
    url: page.url().replace(base, ''),
    jsWire: sum(
      (f) => f.wire,
      (f) => f.type === 'script',
    ),
    jsGzip: sum((f) => f.gzip),
    jsFiles: files.filter((f) => f.type === 'script').length,
    cssWire: sum(
      (f) => f.wire,
      (f) => f.type === 'stylesheet',
    ),
    totalWire: sum((f) => f.wire),
    requests: files.length,
  };
}

const over = [];
const server = await startSpaServer(port);
try {
  const cookies = await demoSessionCookies(server.base);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  console.log(
    '\n| route | JS on the wire (KB) | JS gzip (KB, budget) | JS files | CSS on the wire (KB) | all on the wire (KB) | requests |\n|---|---|---|---|---|---|---|',
  );
  for (const route of routes) {
    if (only && !only.includes(route.path)) continue;
    const m = await measureFirstLoad(server.base, browser, route, cookies);
    const budget = budgetKb(route.path);
    if (m.jsGzip / 1024 > budget) over.push(`${route.label ?? route.path}: ${kb(m.jsGzip)} KB > ${budget} KB`);
    console.log(
      `| ${route.label ?? route.path}${m.url === route.path ? '' : ` → ${m.url}`} | ${kb(m.jsWire)} | ${kb(m.jsGzip)} (≤ ${budget}) | ${m.jsFiles} | ${kb(m.cssWire)} | ${kb(m.totalWire)} | ${m.requests} |`,
    );
  }
  await browser.close();
} finally {
  await server.stop();
}
if (check) {
  if (over.length) {
    console.error(`\nFirst-load JavaScript over its budget (gzip):\n  ${over.join('\n  ')}`);
    process.exit(1);
  }
  console.log("\nEvery route's first-load JavaScript is within its budget.");
}

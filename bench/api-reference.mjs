// node bench/api-reference.mjs: how long /docs/api/ (the API reference, rendered by the server:
// docs/decisions/060) takes to be usable, beside a static page of the same server measured the
// same way in the same run (STATIC_PAGE of spa-server.mjs, the baseline of the page benches).
// Real Chromium (/usr/bin/chromium, or CHROME_PATH), no throttling, a fresh context per visit.
//
// Per visit: the first contentful paint, and "usable": the first animation frame at which the
// page's content is there (the static page's table; the reference's campaignsList operation)
// and the document has loaded, checked on every frame by a script put in the page before its
// own (addInitScript), so the time is the page's, from the navigation's start. For the
// reference, also what Scalar's interactive reference costs when the reader asks for it (its
// button): from the click until Scalar shows an operation. Each figure is the median of
// REFERENCE_RUNS (5) fresh contexts, after one round that warms the server's caches; the whole
// is run REFERENCE_ROUNDS (2) times. Asserts nothing; the figures go to bench/RESULTS.md.
//   REFERENCE_PORT (3436), REFERENCE_RUNS (5), REFERENCE_ROUNDS (2), CHROME_PATH
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { STATIC_PAGE, startSpaServer } from './spa-server.mjs';

const port = Number(process.env.REFERENCE_PORT ?? 3436);
const runs = Number(process.env.REFERENCE_RUNS ?? 5);
const rounds = Number(process.env.REFERENCE_ROUNDS ?? 2);

const pages = [
  { label: 'static page', path: STATIC_PAGE, ready: 'main table tbody tr:last-child' },
  { label: '/docs/api/', path: '/docs/api/', ready: '[id="operation/campaignsList"] pre', interactive: true },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs in the page before its own scripts: stamps the first paint and the first usable frame. */
function watchUsable({ ready }) {
  window.__bench = { usableAt: undefined, fcp: undefined };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (document.querySelector(ready) && document.readyState === 'complete') {
      window.__bench.usableAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function visit(browser, base, target) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watchUsable, { ready: target.ready });
    const page = await context.newPage();
    await page.goto(`${base}${target.path}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => window.__bench?.usableAt !== undefined && window.__bench.fcp !== undefined,
      undefined,
      {
        timeout: 60_000,
      },
    );
    const { usableAt, fcp } = await page.evaluate(() => window.__bench);
    let scalar;
    if (target.interactive) {
      const started = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: /Interactive reference/ }).click();
      // Scalar's own rendering of the operation (its section for campaignsList).
      await page.getByText('Campaign list').first().waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => !document.querySelector('.layout'), undefined, { timeout: 120_000 });
      scalar = (await page.evaluate(() => performance.now())) - started;
    }
    return { usable: usableAt, fcp, scalar };
  } finally {
    await context.close();
  }
}

const ms = (v) => (v === undefined ? '' : `${Math.round(v)}`);
const { base, stop } = await startSpaServer(port);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const lines = [];
try {
  for (let round = 1; round <= rounds; round++) {
    const before = loadavg()[0].toFixed(1);
    for (const target of pages) await visit(browser, base, target); // the server's caches
    const results = new Map(pages.map((p) => [p, []]));
    for (let i = 0; i < runs; i++)
      for (const target of pages) results.get(target).push(await visit(browser, base, target));
    const staticUsable = median(results.get(pages[0]).map((r) => r.usable));
    const staticFcp = median(results.get(pages[0]).map((r) => r.fcp));
    for (const [target, list] of results) {
      const usable = median(list.map((r) => r.usable));
      const fcp = median(list.map((r) => r.fcp));
      const scalar = target.interactive ? median(list.map((r) => r.scalar)) : undefined;
      lines.push(
        `| ${round} (load ${before} → ${loadavg()[0].toFixed(1)}) | ${target.label} | ${ms(fcp)} (${(fcp / staticFcp).toFixed(1)}×) | ${ms(usable)} (${(usable / staticUsable).toFixed(1)}×) | ${list.map((r) => ms(r.usable)).join(', ')} | ${scalar === undefined ? '' : ms(scalar)} |`,
      );
    }
  }
} finally {
  await browser.close();
  await stop();
}
console.log(
  `\n/docs/api/ beside a static page of the same server: median of ${runs} fresh contexts (ms; × the static page of the same round)`,
);
console.log(
  '| round | page | first contentful paint | usable | usable, every run | Scalar after its button (click → an operation shown) |',
);
console.log('|---|---|---|---|---|---|');
for (const line of lines) console.log(line);

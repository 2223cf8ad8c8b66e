// node bench/pages-usable.mjs: how long each logged-in page takes to become usable, cold (a
// fresh browser context: empty cache) and warm (the same context's second visit: every file
// in the cache, nothing to download but the HTML's revalidation and the API's answers), beside
// a static page of the same server measured the same way in the same run (the baseline; see
// STATIC_PAGE in spa-server.mjs). Real Chromium, no throttling, production build served by our
// server, as the demo advertiser.
//
// "Usable" is the first animation frame at which the page's own content is there (a marker of
// the page: the balance card with its figure, the marketplace's rows, the report's result...),
// no loader is left spinning (`aria-busy="true"`), and the document has loaded. A script put in
// the page before any of its own (addInitScript) checks this on every frame, so the time is the
// page's (from the navigation's start), not the bench's polling. Beside it, per warm visit, what
// Chromium's main thread did (CDP Performance metrics: script, style and layout, task time) and
// the longest task (a PerformanceObserver of long tasks, from the same early script).
//
// Beside "usable", from the same early script: the first contentful paint (Chromium's paint
// timing), when the page's marker was first on screen whether or not the page answered yet
// ("shown": with the server's HTML, before any script ran), and the server's own time for the
// HTML (its Server-Timing `render`, decision 062). The budget of decision 062: the first
// contentful paint of a logged-in page at most 1.5× the static page's.
//
// Each figure is the median of PAGES_RUNS (5) contexts, after one round that warms the
// server's caches. Asserts nothing; the figures go to bench/RESULTS.md.
//   PAGES_PORT (3434), PAGES_RUNS (5), PAGES_ONLY=/,/reports/ (some pages), CHROME_PATH
import { chromium } from '@playwright/test';
import { demoSessionCookies, loadAverage, STATIC_PAGE, startSpaServer } from './spa-server.mjs';

const port = Number(process.env.PAGES_PORT ?? 3434);
const runs = Number(process.env.PAGES_RUNS ?? 5);
const only = process.env.PAGES_ONLY?.split(',').map((s) => s.trim());

/** Each page and what shows it is there. */
const pages = [
  { label: 'static page', path: STATIC_PAGE, auth: false, ready: 'main table tbody tr:last-child' },
  { label: 'dashboard (/)', path: '/', auth: true, ready: '[data-testid="dashboard-balance"]', text: '€' },
  { label: '/marketplace/', path: '/marketplace/', auth: true, ready: '[data-testid="browse-page"]' },
  { label: '/reports/', path: '/reports/', auth: true, ready: '[data-testid="report-result"]' },
  { label: '/billing/deposit/', path: '/billing/deposit/', auth: true, ready: '[data-testid="deposit-page"]' },
  // Opens the setup of the first campaign (/campaigns/all/setup/{id}/).
  { label: '/campaigns/all/', path: '/campaigns/all/', auth: true, ready: '[data-testid="setup-form"]' },
].filter((p) => !only || p.path === STATIC_PAGE || only.includes(p.path));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Runs in the page before its own scripts: stamps the first frame at which it is shown, and usable. */
function watchUsable({ ready, text }) {
  window.__bench = { usableAt: undefined, shownAt: undefined, fcp: undefined, longest: 0, longTotal: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__bench.longest = Math.max(window.__bench.longest, entry.duration);
        window.__bench.longTotal += entry.duration;
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const check = () => {
    const marker = document.querySelector(ready);
    const shown = marker && (!text || marker.textContent?.includes(text));
    if (shown && window.__bench.shownAt === undefined) window.__bench.shownAt = performance.now();
    if (shown && !document.querySelector('[aria-busy="true"]') && document.readyState === 'complete') {
      window.__bench.usableAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'];

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value * 1000]));
}

/**
 * One visit in `page`: the usable time and, from CDP, the main thread's work until then (the
 * counters start again with each document, so they are read once, when it is usable).
 */
async function visit(page, cdp, base, target) {
  await page.goto(`${base}${target.path}`, { waitUntil: 'commit' });
  await page
    .waitForFunction(() => window.__bench?.usableAt !== undefined, undefined, { timeout: 60_000 })
    .catch((error) => {
      throw new Error(`${target.path} was not usable within 60 s: ${error.message}`);
    });
  // The paint entry is queued after its frame: wait for it a moment if the page was quicker.
  await page.waitForFunction(() => window.__bench?.fcp !== undefined, undefined, { timeout: 5_000 }).catch(() => {});
  const { usableAt, shownAt, fcp, longest, longTotal, render } = await page.evaluate(() => ({
    ...window.__bench,
    render: performance.getEntriesByType('navigation')[0]?.serverTiming?.find((t) => t.name === 'render')?.duration,
  }));
  const after = await metrics(cdp);
  const d = (key) => after[key] ?? 0;
  return {
    usable: usableAt,
    shown: shownAt ?? usableAt,
    fcp: fcp ?? Number.NaN,
    render: render ?? Number.NaN,
    script: d('ScriptDuration'),
    styleLayout: d('RecalcStyleDuration') + d('LayoutDuration'),
    task: d('TaskDuration'),
    longest,
    longTotal,
  };
}

/**
 * A fresh context: the cold visit, then the warm one (same page again, every file cached). On
 * a loaded machine a visit now and then stalls past a minute: that round of that page is run
 * again once, and said so.
 */
async function coldAndWarm(browser, base, target, cookies) {
  try {
    return await coldAndWarmOnce(browser, base, target, cookies);
  } catch (error) {
    console.warn(`${error.message}; running this round again`);
    return await coldAndWarmOnce(browser, base, target, cookies);
  }
}

async function coldAndWarmOnce(browser, base, target, cookies) {
  const context = await browser.newContext();
  try {
    if (target.auth) await context.addCookies(cookies);
    await context.addInitScript(watchUsable, { ready: target.ready, text: target.text });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cold = await visit(page, cdp, base, target);
    // Leave the page idle a moment, as a person would before coming back: late requests settle.
    await page.waitForTimeout(300);
    const warm = await visit(page, cdp, base, target);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const loadAtStart = loadAverage();
const { base, stop } = await startSpaServer(port);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const results = new Map(pages.map((p) => [p, []]));
try {
  const cookies = await demoSessionCookies(base);
  for (const target of pages) await coldAndWarm(browser, base, target, cookies); // the server's caches
  // Rounds interleave the pages, so a burst of load from elsewhere falls on all of them alike.
  for (let i = 0; i < runs; i++)
    for (const target of pages) results.get(target)?.push(await coldAndWarm(browser, base, target, cookies));
} finally {
  await browser.close();
  await stop();
}

const staticResults = results.get(pages[0]) ?? [];
const baseline = {
  cold: median(staticResults.map((r) => r.cold.usable)),
  warm: median(staticResults.map((r) => r.warm.usable)),
  coldFcp: median(staticResults.map((r) => r.cold.fcp)),
  warmFcp: median(staticResults.map((r) => r.warm.fcp)),
};
const ms = (v) => (Number.isNaN(v) ? '—' : `${Math.round(v)}`);
console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`);
console.log(
  `\nfirst contentful paint and the page's marker on screen, median of ${runs} fresh contexts (ms; × the static page's first contentful paint of the same run)`,
);
console.log('| page | cold: first paint | cold: shown | warm: first paint | warm: shown | server render (warm) |');
console.log('|---|---|---|---|---|---|');
for (const [target, list] of results) {
  const m = (mode, key) => median(list.map((r) => r[mode][key]));
  const ratio = (mode, key, base) =>
    target.path === STATIC_PAGE && key === 'fcp' ? 'baseline' : `${(m(mode, key) / baseline[base]).toFixed(1)}×`;
  console.log(
    `| ${target.label} | ${ms(m('cold', 'fcp'))} (${ratio('cold', 'fcp', 'coldFcp')}) | ${ms(m('cold', 'shown'))} (${ratio('cold', 'shown', 'coldFcp')}) | ${ms(m('warm', 'fcp'))} (${ratio('warm', 'fcp', 'warmFcp')}) | ${ms(m('warm', 'shown'))} (${ratio('warm', 'shown', 'warmFcp')}) | ${ms(m('warm', 'render'))} |`,
  );
}
console.log(`\nusable, median of ${runs} fresh contexts (ms; × the static page of the same run)`);
console.log(
  '| page | cold usable | warm usable | warm: script | warm: style+layout | warm: main-thread tasks | warm: longest task | warm usable, every run |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [target, list] of results) {
  const m = (mode, key) => median(list.map((r) => r[mode][key]));
  const ratio = (mode) =>
    target.path === STATIC_PAGE ? 'baseline' : `${(m(mode, 'usable') / baseline[mode]).toFixed(1)}×`;
  console.log(
    `| ${target.label} | ${ms(m('cold', 'usable'))} (${ratio('cold')}) | ${ms(m('warm', 'usable'))} (${ratio('warm')}) | ${ms(m('warm', 'script'))} | ${ms(m('warm', 'styleLayout'))} | ${ms(m('warm', 'task'))} | ${ms(m('warm', 'longest'))} | ${list.map((r) => ms(r.warm.usable)).join(', ')} |`,
  );
}

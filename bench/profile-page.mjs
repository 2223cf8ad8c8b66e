// node bench/profile-page.mjs /marketplace/ [/reports/ ...]: where a page's warm visit spends
// the main thread, from a CPU profile of Chromium (CDP Profiler, 100 µs sampling). For each
// path, as the demo advertiser: one visit to fill the cache, then a second one profiled until
// the page is usable (no `aria-busy="true"` left, the document loaded, and 500 ms more for late
// work). Prints the self time per file and the functions with the most self time, and the
// main thread's long tasks (over 50 ms) as a performance trace saw them. Read it with an
// unminified build (`npx vite build --minify false --outDir /tmp/dist-prof` in apps/web, then
// WEB_DIST=/tmp/dist-prof) to see the functions' names.
//   PROFILE_PORT (3435), PROFILE_TOP (25), CHROME_PATH
import { chromium } from '@playwright/test';
import { demoSessionCookies, startSpaServer } from './spa-server.mjs';

const port = Number(process.env.PROFILE_PORT ?? 3435);
const top = Number(process.env.PROFILE_TOP ?? 25);
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (paths.length === 0) paths.push('/');

function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    self.set(node.id, (self.get(node.id) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  const perFile = new Map();
  const perFunction = new Map();
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    const file = callFrame.url ? callFrame.url.replace(/^.*\/assets\//, '') : `(${callFrame.functionName || 'native'})`;
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
    const fn = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
  }
  // Inclusive time of the components (capitalised function names) of the app's own files and
  // Mantine's: which parts of the page cost the most to render.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perComponent = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id).callFrame.functionName;
      if (/^_?[A-Z]/.test(name) && !seen.has(name)) {
        seen.add(name);
        perComponent.set(name, (perComponent.get(name) ?? 0) + (dt[i] ?? 0) / 1000);
      }
    }
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { perFile: sorted(perFile), perFunction: sorted(perFunction), perComponent: sorted(perComponent) };
}

const { base, stop } = await startSpaServer(port);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const cookies = await demoSessionCookies(base);
  for (const target of paths) {
    const context = await browser.newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    const settled = async () => {
      await page.waitForFunction(
        () => document.readyState === 'complete' && !document.querySelector('[aria-busy="true"]'),
        undefined,
        { timeout: 60_000, polling: 'raf' },
      );
      await page.waitForTimeout(500);
    };
    await page.goto(`${base}${target}`);
    await settled();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
    const started = Date.now();
    await page.goto(`${base}${target}`, { waitUntil: 'commit' });
    await settled();
    const wall = Date.now() - started;
    // What the page fetched and when, from the navigation's start (ms): the waterfall.
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => [
          r.name.replace(location.origin, ''),
          Math.round(r.startTime),
          Math.round(r.responseEnd),
          r.transferSize,
        ]),
    );
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse((await browser.stopTracing()).toString());
    // The renderer's main thread: the thread of the page's first `TracingStartedInBrowser` frame.
    const main = trace.traceEvents.find((e) => e.name === 'CrRendererMain' || e.args?.name === 'CrRendererMain');
    const onMain = trace.traceEvents.filter(
      (e) => e.ph === 'X' && (!main || (e.pid === main.pid && e.tid === main.tid)),
    );
    const isTask = (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
    const tasks = onMain.filter((e) => isTask(e) && e.dur > 50_000).map((e) => Math.round(e.dur / 1000));
    const byName = new Map();
    for (const e of onMain) if (!isTask(e)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    const { perFile, perFunction, perComponent } = summarise(profile);
    const total = perFile.reduce((s, [, ms]) => s + ms, 0);
    console.log(`\n## ${target} (warm, ${wall} ms until settled + 500 ms; profiled ${Math.round(total)} ms)`);
    console.log(`long tasks (ms): ${tasks.join(', ') || 'none'}`);
    console.log('\nrequests (start → end ms, bytes transferred; 0 = from the cache):');
    for (const [name, start, end, size] of requests)
      console.log(`  ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${size}  ${name}`);
    console.log('\nmain thread by trace event (ms, nested events counted in each):');
    for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14))
      console.log(`  ${ms.toFixed(1).padStart(7)}  ${name}`);
    console.log('\nself time per file (ms):');
    for (const [file, ms] of perFile.slice(0, 15)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${file}`);
    console.log('\nfunctions with the most self time (ms):');
    for (const [fn, ms] of perFunction.slice(0, top)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${fn}`);
    console.log('\ncomponents by inclusive time (ms):');
    for (const [fn, ms] of perComponent.slice(0, top)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${fn}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
}

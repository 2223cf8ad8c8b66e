// node bench/login-usable.mjs: from pressing "Login" on /login/ until the dashboard is usable,
// as the demo advertiser in real Chromium (no throttling) on a production build served by our
// server: "usable" is the balance card showing its figure with no loader left spinning. Beside
// it, in the same run: the login call itself (its request's duration, from Chromium's own
// timing) and the static page of the same server (STATIC_PAGE in spa-server.mjs, the baseline
// of every page bench), loaded until its load event. Each figure is the median of LOGIN_RUNS
// (5) fresh browser contexts (cold cache). Budget (decision 062): at most 3× the static page.
// Asserts nothing; the figures go to bench/RESULTS.md with the load average it prints.
//   LOGIN_PORT (3433), LOGIN_RUNS (5)
import { chromium } from '@playwright/test';
import { DEMO_ADVERTISER, loadAverage, STATIC_PAGE, startSpaServer } from './spa-server.mjs';

const port = Number(process.env.LOGIN_PORT ?? 3433);
const runs = Number(process.env.LOGIN_RUNS ?? 5);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function once(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const staticStart = performance.now();
  await page.goto(`${base}${STATIC_PAGE}`, { waitUntil: 'load' });
  const staticMs = performance.now() - staticStart;
  await page.goto(`${base}/login/`);
  await page.getByTestId('login-email').fill(DEMO_ADVERTISER.email);
  await page.getByTestId('login-password').fill(DEMO_ADVERTISER.password);
  const call = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.request().method() === 'POST');
  const started = performance.now();
  await page.getByTestId('login-submit').click();
  const timing = (await call).request().timing();
  await page.getByTestId('dashboard-balance').filter({ hasText: '€' }).waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const usableMs = performance.now() - started;
  await context.close();
  return { usableMs, callMs: timing.responseEnd - timing.requestStart, staticMs };
}

const loadAtStart = loadAverage();
const { base, stop } = await startSpaServer(port);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  await once(browser, base); // warms the server's caches, as any running server has them
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(browser, base));
  const usable = median(results.map((r) => r.usableMs));
  const callMs = median(results.map((r) => r.callMs));
  const staticMs = median(results.map((r) => r.staticMs));
  console.log(`\nsubmit on /login/ until the dashboard is usable, median of ${runs} fresh contexts`);
  console.log('| measure | median | ratio |\n|---|---|---|');
  console.log(
    `| submit → dashboard usable | ${usable.toFixed(0)} ms | ${(usable / callMs).toFixed(1)}× the login call |`,
  );
  console.log(
    `| the same, against the static page | ${usable.toFixed(0)} ms | ${(usable / staticMs).toFixed(1)}× the static page |`,
  );
  console.log(`| the login call itself | ${callMs.toFixed(0)} ms | baseline |`);
  console.log(`| the static page of the same server | ${staticMs.toFixed(0)} ms | baseline |`);
  console.log(`| every run (usable, ms) | ${results.map((r) => r.usableMs.toFixed(0)).join(', ')} | |`);
  console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end`);
} finally {
  await browser.close();
  await stop();
}

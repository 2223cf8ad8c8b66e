import { defineConfig, devices } from '@playwright/test';

/** The servers under test: embedded database in a throw-away folder, demo data, outbox mail. */
// E2E_PORT lets two runs share a machine (each gets its own servers and data folders: the port
// and the one after it).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const dataDirOf = (port: number) => `e2e/.artifacts/data-${port}`;
export const E2E_URL = `http://localhost:${E2E_PORT}`;
/**
 * Publishing new terms shows the mandatory modal to every older account, so the two specs that
 * publish terms (the back office's content screen, then the terms journey) have a server of
 * their own, beside the one every other journey shares: they run alongside them, not after.
 */
export const TERMS_PORT = E2E_PORT + 1;
const TERMS_URL = `http://localhost:${TERMS_PORT}`;
// Two browsers: with more, on two cores, the journeys take as long and wait longer for each page.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

function server(port: number) {
  const url = `http://localhost:${port}`;
  return {
    command: `rm -rf ${dataDirOf(port)} && node --max-semi-space-size=16 --import tsx apps/server/src/start.ts`,
    cwd: '..',
    // Ready once the demo world is seeded (the first start seeds it behind the listening server).
    url: `${url}/api/ready`,
    reuseExistingServer: false,
    // A fresh clone's first start builds the migrated template (initdb and every migration on
    // disk: 11-26 s on a lightly loaded machine, db/template.test.ts) and seeds the demo world
    // (about 12 s, docs/decisions/050), two servers at once on two cores: five times that on a
    // busy machine.
    timeout: 300_000,
    stdout: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDirOf(port),
      DEMO_SEED: 'auto',
      // The demo history is seeded (funded: balances stay exact); no live trickle moving numbers mid-test.
      DEMO_TRAFFIC: 'off',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      ACCOUNT_MAX_FAILURES: '50',
      // The websites spec verifies a site served on 127.0.0.1 (private addresses are refused otherwise).
      VERIFY_ALLOW_PRIVATE: '1',
      // The webhooks spec registers an endpoint on a receiver it starts on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // The delivery journey clicks its ad as soon as it shows (faster than IVT_MIN_CLICK_MS's
      // person); every other invalid-traffic rule keeps its default.
      IVT_MIN_CLICK_MS: '0',
      // Journeys fund their accounts from the command line with up to €6,150: below this, they
      // apply at once; the back office's approval journey credits more (admin-accounts.spec.ts).
      APPROVAL_THRESHOLD_EUR: '10000',
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `./.artifacts/test-results-${E2E_PORT}`,
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  // Generous: CI shares two cores between the server, two browsers and the test runner. An
  // average journey takes about 14 s on a quiet machine (83 in 598 s on two workers,
  // docs/decisions/017): over eight times that; the journeys known to take longer set their own.
  timeout: 120_000,
  // A logged-in page took up to 2.2 s to be usable after its navigation on a quiet machine
  // (docs/decisions/053); five times that is over the 10 s this was.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_URL,
    // A failure keeps the trace's DOM snapshots and its screenshot; a screencast recorded
    // during every test cost about a fifth of the e2e CPU time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/terms\.spec\.ts$/, /admin-accounts\.spec\.ts$/],
      use: { ...devices['Desktop Chrome'] },
    },
    // The terms server's two specs: the back office's content screen publishes terms first.
    {
      name: 'admin-content',
      testMatch: /admin-accounts\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: TERMS_URL },
    },
    {
      name: 'terms',
      testMatch: /terms\.spec\.ts$/,
      dependencies: ['admin-content'],
      use: { ...devices['Desktop Chrome'], baseURL: TERMS_URL },
    },
  ],
  webServer: [server(E2E_PORT), server(TERMS_PORT)],
});

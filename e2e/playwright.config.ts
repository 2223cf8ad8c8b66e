import { defineConfig, devices } from '@playwright/test';

/** The server under test: embedded database in a throw-away folder, demo data, outbox mail. */
// E2E_PORT lets two runs share a machine (each gets its own server and data folder).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = `e2e/.artifacts/data-${E2E_PORT}`;
export const E2E_URL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: `./.artifacts/test-results-${E2E_PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Generous: CI shares two cores between the server, two browsers and the test runner.
  timeout: 120_000,
  expect: { timeout: 10_000 },
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
    // Publishing new terms shows the mandatory modal to every older account: the two specs that
    // publish terms (the back office's content screen, then the terms journey) run last, alone.
    {
      name: 'admin-content',
      testMatch: /admin-accounts\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'terms',
      testMatch: /terms\.spec\.ts$/,
      dependencies: ['admin-content'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx apps/server/src/start.ts`,
    cwd: '..',
    // Ready once the demo world is seeded (the first start seeds it behind the listening server).
    url: `${E2E_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_URL,
      DATA_DIR: E2E_DATA_DIR,
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
  },
});

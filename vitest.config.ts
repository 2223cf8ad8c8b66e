import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// API tests run on in-memory PGlite; when TEST_DATABASE_URL is set they run again on
// PostgreSQL. Each test app gets a database of its own, made from one that the global
// setup migrated once per run; on PGlite, a worker's databases are reused, each restored to that
// template before the next test app gets it (docs/decisions/065).
const serverTests = ['apps/server/src/**/*.test.ts'];
const server = {
  include: serverTests,
  environment: 'node',
  // The test files share one module graph per worker (the app's imports are loaded and warmed
  // up once, not once per file): about four times less CPU. Each file still builds its own app
  // on its own database and closes it in afterAll; a test that stubs a global restores it.
  isolate: false,
  globalSetup: ['./apps/server/src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const multiProcessTests = ['apps/server/src/multi-process.test.ts', 'apps/server/src/multi-process-faults.test.ts'];
// The embedded database's own worker thread, lifecycle and template: nothing of it runs on PostgreSQL.
const embeddedDatabaseTests = ['apps/server/src/db/client.test.ts', 'apps/server/src/db/template.test.ts'];
// A server test file that opens no database (pure functions, adapters against their fakes, the
// configuration) gives the same result on either driver: it runs once, in server-pglite. A file
// that names the test app, a database or the driver runs on both.
const usesDatabase = /createTestApp|setUpAdminApp|openDatabase|TEST_DB_DRIVER|TEST_DATABASE_URL|itOnPostgres/;
const root = fileURLToPath(new URL('.', import.meta.url));
const serverTestFiles = readdirSync(path.join(root, 'apps/server/src'), { recursive: true, encoding: 'utf8' })
  .map((file) => `apps/server/src/${file.split(path.sep).join('/')}`)
  .filter((file) => file.endsWith('.test.ts'));
const driverIndependentTests = serverTestFiles.filter(
  (file) => !usesDatabase.test(readFileSync(path.join(root, file), 'utf8')),
);
// On PostgreSQL (docs/decisions/063): PGlite is PostgreSQL's own engine, so a query answers the same on
// both; what differs is concurrency (PGlite runs one transaction at a time), the pool and its
// faults, several processes, and the driver's reading of values. The PostgreSQL project runs the
// files that test those: every file that names the driver (itOnPostgres, ON_POSTGRES) or sends
// requests side by side (Promise.all: a race whose check runs outside the transaction), the
// multi-process tests, and the modules where money moves or figures are summed in SQL.
const postgresModules = [
  'bank-statements',
  'conversions',
  'delivery',
  'forecasts',
  'invoices',
  'ledger',
  'marketplace',
  'marketplace-fulfilment',
  'marketplace-orders',
  'payments',
  'payouts',
  'reports',
  'sessions',
  'statement',
  'system',
  'tax',
];
const namesTheDriverOrRaces = /itOnPostgres|ON_POSTGRES|TEST_DB_DRIVER|TEST_DATABASE_URL|Promise\.all(Settled)?\(/;
const postgresTests = [
  ...postgresModules.map((module) => `apps/server/src/modules/${module}/**/*.test.ts`),
  'apps/server/src/modules/admin/admin-money.routes.test.ts',
  // An advertiser's balance read back exactly, as a string, through the public API's client.
  'apps/server/src/modules/api-docs/generated-client.test.ts',
  ...multiProcessTests,
  ...serverTestFiles.filter((file) => namesTheDriverOrRaces.test(readFileSync(path.join(root, file), 'utf8'))),
];
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          ...server,
          name: 'server-postgres',
          env: { TEST_DB_DRIVER: 'postgres' },
          include: postgresTests,
          exclude: [...configDefaults.exclude, ...embeddedDatabaseTests, ...driverIndependentTests],
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, so one test file at a time on CI's two.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...server,
          name: 'server-pglite',
          env: { TEST_DB_DRIVER: 'pglite' },
          // Several server processes on one database: PostgreSQL only (docs/decisions/030).
          exclude: [...configDefaults.exclude, ...multiProcessTests],
        },
      },
      ...postgres,
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A worker's test files share one process: the libraries (React, Mantine, the icons,
          // msw) are imported once per worker, not once per file; the app's own modules are
          // imported fresh for each file (testing/fresh-modules.ts resets them first).
          isolate: false,
          setupFiles: ['./apps/web/src/testing/fresh-modules.ts', './apps/web/src/testing/setup.ts'],
          // Component tests render whole screens: the longest took 4-6 s with two workers on a
          // lightly loaded two-core machine (the audit page's filters, the marketplace's filter
          // panel), and the filter panel's went past 20 s beside stress-ng --cpu 2. About five
          // times the longest.
          testTimeout: 30_000,
          // A file's beforeAll may import a lazily loaded screen once (website-page.test.tsx):
          // seconds on a busy machine, where the default is 10 s.
          hookTimeout: 30_000,
        },
      },
    ],
  },
});

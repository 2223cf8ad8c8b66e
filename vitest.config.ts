import { defineConfig } from 'vitest/config';

// API tests run on in-memory PGlite; when TEST_DATABASE_URL is set they run again on
// PostgreSQL, each test file in a database of its own.
const serverTests = ['apps/server/src/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB_DRIVER: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB_DRIVER: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...postgres,
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./apps/web/src/testing/setup.ts'],
          // Component tests render whole screens; two busy cores can take longer than the default 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

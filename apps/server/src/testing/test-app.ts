import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../app';
import { type Config, type Env, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { embeddedTestDatabase } from './embedded-pool';
import { adminQuery, withDatabase } from './global-setup';

/**
 * A fresh database per test app, as the global setup migrated it: in-memory PGlite on its
 * worker thread, reached through node-postgres as the server does, reused by this vitest
 * worker's test apps and restored to the template for each (testing/embedded-pool.ts), or, in the
 * vitest project "server-postgres", a new PostgreSQL database made from the template database
 * and dropped on close (races and locks only show on a real server).
 */
async function freshDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !base) {
    // One closed by an earlier test app of this worker, restored to the template, or a new one.
    return embeddedTestDatabase(inject('pgliteTemplate'));
  }
  const name = `cryptads_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  // The migrations are already applied: opening finds nothing to do.
  const database = await openDatabase({ url: withDatabase(base, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type TestApp = App & { closeAll: () => Promise<void> };

/**
 * Builds the app on a fresh database. Call `closeAll` in afterAll.
 * `logger` receives the configuration, for tests that read what the server logs.
 */
export async function createTestApp(
  env: Partial<Env> = {},
  opts: {
    logger?: (config: Config) => BuildOptions['logger'];
    operatorToken?: string;
    preparation?: BuildOptions['preparation'];
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const database = await freshDatabase();
  const app = (await buildApp({
    config,
    database,
    logger: opts.logger?.(config) ?? false,
    operatorToken: opts.operatorToken,
    preparation: opts.preparation,
  })) as TestApp;
  app.closeAll = async () => {
    await app.close();
    await database.close();
  };
  return app;
}

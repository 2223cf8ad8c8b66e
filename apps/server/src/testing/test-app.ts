import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type App, type BuildOptions, buildApp } from '../app';
import { type Config, type Env, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

/**
 * A fresh database per test app: in-memory PGlite, or, in the vitest project
 * "server-postgres", a new PostgreSQL database created from TEST_DATABASE_URL and dropped
 * on close (races and locks only show on a real server).
 */
async function freshDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'postgres' || !base) return openDatabase({});
  const name = `cryptads_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
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
  opts: { logger?: (config: Config) => BuildOptions['logger']; operatorToken?: string } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const database = await freshDatabase();
  const app = (await buildApp({
    config,
    database,
    logger: opts.logger?.(config) ?? false,
    operatorToken: opts.operatorToken,
  })) as TestApp;
  app.closeAll = async () => {
    await app.close();
    await database.close();
  };
  return app;
}

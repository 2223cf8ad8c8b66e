import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; the test apps' databases start from it (testing/embedded-pool.ts). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database; every test app gets `CREATE DATABASE … TEMPLATE` it. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per test run, so that a test app copies it instead of running
 * initdb and the migrations again (about 1.5 s on PGlite, 0.8 s on PostgreSQL, per app).
 * Each test app still gets a database of its own. Runs once per vitest project.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (project.name === 'server-postgres' && base) {
    const name = `cryptads_test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: withDatabase(base, name) });
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  // Migrated the way the server does it: PGlite on its worker thread, through node-postgres.
  const database = await openDatabase({});
  const tarball = await database.dumpDataDir?.();
  await database.close();
  if (!tarball) throw new Error('the embedded database did not dump its data directory');
  const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, tarball);
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

export async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers share the PostgreSQL dialect; services only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A service function accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * Extensions the migrations create, loaded into every PGlite instance (PostgreSQL has them as
 * contrib modules): pg_trgm for the marketplace's typo-tolerant search.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Opens the database and applies the committed migrations.
 * `url` unset: embedded PGlite in `dataDir` ('memory://' keeps it in memory, for tests).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped test database)
    // emits 'error' on the pool; without a listener that would crash the process. The
    // pool discards that client and the next query opens a new one.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.warn(`database: idle connection lost (${error.message})`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

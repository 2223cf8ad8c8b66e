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

/** What pg_stat_activity shows for the server's connections (an operator can find them, a test kill them). */
export const DEFAULT_APPLICATION_NAME = 'cryptads';

/**
 * One line per lost connection, without the error's other fields. 57P01 (terminated by an
 * administrator, a server shutdown) is expected during restarts: not worth a line.
 */
function connectionLost(error: Error & { code?: string }) {
  if (error.code !== '57P01') console.warn(`database: connection lost (${String(error.message).slice(0, 200)})`);
}

/**
 * The pool drizzle's transactions take their client from. drizzle checks a client out with
 * `connect()` and sends BEGIN before its try/finally: a connection lost right there (between
 * the checkout and BEGIN's answer) was never released, and after ten such losses the pool had
 * no connection left and every query waited forever. Here a checked-out client whose
 * connection breaks goes back to the pool at once (which discards it), and the later
 * release by its user does nothing. Only the promise form is wrapped: pg's own `pool.query`
 * uses the callback form and releases on error itself.
 */
class RecoveringPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const lost = (error: Error) => client.release(error);
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', lost);
        release.call(client, error);
      };
      client.once('error', lost);
      return client;
    });
  }
}

/**
 * Opens the database and applies the committed migrations.
 * `url` unset: embedded PGlite in `dataDir` ('memory://' keeps it in memory, for tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** PostgreSQL's application_name of every connection (pg_stat_activity); default 'cryptads'. */
  applicationName?: string;
}): Promise<Database> {
  if (opts.url) {
    const pool = new RecoveringPool({
      connectionString: opts.url,
      max: 10,
      application_name: opts.applicationName ?? DEFAULT_APPLICATION_NAME,
    });
    // A connection the server closes (restart, failover, pg_terminate_backend, a dropped test
    // database) emits 'error': on the pool while idle, on the client itself while checked out
    // (docs/decisions/024-faults-and-readiness.md). Without a listener either one would end the
    // process. The query in flight rejects with the error (its transaction rolls back, the
    // recorder keeps its batch); the pool discards the broken client on release and the next
    // query opens a new connection.
    pool.on('error', (error: Error & { code?: string }) => connectionLost(error));
    pool.on('connect', (client) => {
      client.on('error', (error: Error & { code?: string }) => connectionLost(error));
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

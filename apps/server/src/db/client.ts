import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildTemplate, DEFAULT_APPLICATION_NAME, migrationsFolder, startEmbedded } from './embedded';
import * as schema from './schema/index';
import { fillFromTemplate, isFreshDataDir, templateKey } from './template';
import { unusableConnection } from './unusable-connection';

export { DEFAULT_APPLICATION_NAME, startEmbedded } from './embedded';

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
  /** Embedded only: a tarball of the data directory (the tests' migrated template). */
  dumpDataDir?: () => Promise<Uint8Array>;
  /** Embedded only: a full garbage collection of the database thread's heap (after the demo seed). */
  collectGarbage?: () => Promise<void>;
};

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
 *
 * A checked-out client whose statement failed in a way that condemns the connection (a
 * session left read-only, a prepared statement out of step: unusable-connection.ts) is also
 * discarded on release. drizzle releases a transaction's client without its error, so such a
 * connection used to go back to the pool and, kept busy by the index refresh or the readiness
 * probe, never idled long enough to be closed: a process stayed not ready after the database
 * took writes again.
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
      const query = client.query;
      let released = false;
      let condemned: Error | undefined;
      const lost = (error: Error) => client.release(error);
      client.query = ((...args: Parameters<typeof query>) => {
        const result = (query as (...a: unknown[]) => unknown).apply(client, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: Error) => {
          if (unusableConnection(error)) condemned ??= error;
          throw error;
        });
      }) as typeof query;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', lost);
        client.query = query;
        release.call(client, error || condemned);
      };
      client.once('error', lost);
      return client;
    });
  }
}

/** A pool whose lost connections are one warning line and a retry, never a process exit. */
function createPool(config: pg.PoolConfig) {
  const pool = new RecoveringPool(config);
  // A connection the server closes (restart, failover, pg_terminate_backend, a dropped test
  // database, the embedded database's worker gone) emits 'error': on the pool while idle, on
  // the client itself while checked out (docs/decisions/024-faults-and-readiness.md). Without
  // a listener either one would end the process. The query in flight rejects with the error
  // (its transaction rolls back, the recorder keeps its batch); the pool discards the broken
  // client on release and the next query opens a new connection.
  pool.on('error', (error: Error & { code?: string }) => connectionLost(error));
  pool.on('connect', (client) => {
    client.on('error', (error: Error & { code?: string }) => connectionLost(error));
  });
  return pool;
}

/**
 * Opens the database and applies the committed migrations.
 * `url` unset: embedded PGlite in `dataDir` ('memory://' keeps it in memory, for tests), on a
 * worker thread of its own (docs/decisions/025-embedded-database-worker.md); both modes talk
 * to their database through node-postgres.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** Embedded only: start from this tarball of a data directory (the tests' migrated template). */
  loadDataDir?: string;
  /** PostgreSQL's application_name of every connection (pg_stat_activity); default 'cryptads'. */
  applicationName?: string;
  /**
   * Embedded only: where migrated templates are kept (config.pgliteTemplateDir). Given, a fresh
   * `dataDir` starts as a copy of the template (docs/decisions/050); omitted, it is migrated.
   */
  templateDir?: string;
  /** Embedded only: told when a fresh data directory waits for the template's build, and when it is built (the start's terminal lines). */
  template?: { building(): void; built(): void };
}): Promise<Database> {
  const application_name = opts.applicationName ?? DEFAULT_APPLICATION_NAME;
  if (opts.url) {
    const pool = createPool({ connectionString: opts.url, max: 10, application_name });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  // A fresh data directory starts as a copy of the migrated template (docs/decisions/050).
  if (opts.templateDir && !opts.loadDataDir && !dataDir.startsWith('memory://') && isFreshDataDir(dataDir))
    await fillFromTemplate(
      dataDir,
      templateKey(migrationsFolder),
      async (folder) => {
        opts.template?.building();
        await buildTemplate(folder, application_name);
        opts.template?.built();
      },
      opts.templateDir,
    );
  return openEmbedded(dataDir, opts.loadDataDir, application_name);
}

/** PGlite in `dataDir` on its worker thread, migrated, behind a one-connection pool. */
async function openEmbedded(dataDir: string, loadDataDir: string | undefined, application_name: string) {
  const embedded = await startEmbedded(dataDir, loadDataDir);
  return connectEmbedded(embedded, application_name, () => embedded.close());
}

/** A started embedded database (startEmbedded). */
export type Embedded = Awaited<ReturnType<typeof startEmbedded>>;

/**
 * The server's database on an embedded database already started: migrated, behind a
 * one-connection pool. `close` ends the pool, then calls `closeEmbedded` (openDatabase: the
 * thread ends; the API tests: the database goes back to their pool, testing/test-app.ts).
 */
export async function connectEmbedded(
  embedded: Embedded,
  application_name: string,
  closeEmbedded: () => Promise<void>,
) {
  // One connection, kept open: PGlite is one session, so one writer at a time as before (a
  // transaction holds the connection, everything else queues in the pool, in order).
  const pool = createPool({
    host: embedded.socketDir,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    application_name,
    // PGlite is one session whatever the number of connections: what a connection leaves in
    // it outlives the connection. node-postgres's pool ends a connection after any failed
    // `pool.query` (a U+0000 in a parameter was enough), and the next connection's client,
    // which has prepared nothing yet, sent Parse for the session lookup's named statement
    // again: "prepared statement already exists" (42P05) for every request after, until a
    // restart (decision 055). Each new connection therefore starts with DISCARD ALL, as a new
    // PostgreSQL backend would start: no prepared statements, settings, temporary tables or
    // session advisory locks of the one before. The pool awaits `onConnect` before it hands
    // the client out; if the reset fails, it ends that connection and the caller's query fails.
    onConnect: async (client: pg.ClientBase) => {
      await client.query('DISCARD ALL');
    },
  });
  const close = async () => {
    await pool.end();
    await closeEmbedded();
  };
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migratePg(db as never, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    close,
    dumpDataDir: embedded.dump,
    collectGarbage: embedded.collectGarbage,
  } satisfies Database;
}

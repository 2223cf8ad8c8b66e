import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { FromWorker, PgliteWorkerData, ToWorker } from './pglite-worker';
import { ensureTemplate, migrationBatch, templateKey } from './template';

/**
 * The embedded database's thread (docs/decisions/025) and the migrated template
 * (docs/decisions/050, 060), without drizzle or the schema: a start can begin PGlite's initdb
 * on its thread before the main thread has loaded those (startup.ts). db/client.ts opens the
 * database the server uses on top of it.
 */

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** What pg_stat_activity shows for the server's connections (an operator can find them, a test kill them). */
export const DEFAULT_APPLICATION_NAME = 'cryptads';

/**
 * A new migrated data directory in `folder`: PGlite's initdb, then every migration as one
 * batch (db/template.ts), then closed. The initdb is most of it (about 15 s of CPU).
 */
export async function buildTemplate(folder: string, application_name = DEFAULT_APPLICATION_NAME) {
  const embedded = await startEmbedded(folder);
  try {
    const client = new pg.Client({
      host: embedded.socketDir,
      user: 'postgres',
      database: 'postgres',
      application_name,
    });
    await client.connect();
    try {
      await client.query(migrationBatch(migrationsFolder));
    } finally {
      await client.end();
    }
  } finally {
    await embedded.close();
  }
}

/** The migrated template of the migrations on disk in `templateDir`, built when there is none (npm install's preparation). */
export function prepareTemplate(templateDir: string, hooks?: { building(): void; built(): void }) {
  return ensureTemplate(
    templateKey(migrationsFolder),
    async (folder) => {
      hooks?.building();
      await buildTemplate(folder);
      hooks?.built();
    },
    templateDir,
  );
}

const workerUrl = new URL('./pglite-worker.ts', import.meta.url);

/** The global the server's lib setting (ES2023, no DOM) only knows as a namespace of types. */
const wasm = (globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } })
  .WebAssembly;
let pgliteWasm: Promise<WebAssembly.Module> | undefined;
/**
 * pglite.wasm (9 MB) compiled once per process and handed to every worker, which would
 * otherwise compile it again (the test suite starts one per test app).
 */
function compiledPglite() {
  pgliteWasm ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return wasm.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return pgliteWasm;
}

/**
 * Starts PGlite on a worker thread, listening on a unix socket in a private temporary
 * directory (`<dir>/.s.PGSQL.5432`, where node-postgres looks when `host` is a directory).
 * A worker that dies (a WASM abort, an uncaught error) is logged as fatal; its socket is gone,
 * so the query in flight and every later one reject instead of waiting.
 */
export async function startEmbedded(dataDir: string, loadDataDir?: string) {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const socketDir = mkdtempSync(path.join(tmpdir(), 'cryptads-pglite-'));
  const workerData: PgliteWorkerData = {
    dataDir,
    loadDataDir,
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    wasmModule: await compiledPglite(),
  };
  const worker = new Worker(workerUrl, { workerData, name: 'pglite' });
  type Waiter = { type: FromWorker['type']; resolve: (message: FromWorker) => void; reject: (error: Error) => void };
  const waiters = new Set<Waiter>();
  let started = false;
  let closing = false;
  let lastWords = '';
  let exited: Error | undefined;
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'fatal') lastWords = message.message;
    for (const waiter of waiters)
      if (waiter.type === message.type) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
  });
  worker.on('error', (error) => {
    lastWords = error.message;
  });
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      exited = new Error(
        `the embedded database's worker exited (code ${code})${lastWords ? `: ${lastWords.slice(0, 300)}` : ''}`,
      );
      if (started && !closing) console.error(`database: FATAL ${exited.message}; every query fails until a restart`);
      for (const waiter of waiters) waiter.reject(exited);
      waiters.clear();
      rmSync(socketDir, { recursive: true, force: true });
      resolve();
    }),
  );
  function next<T extends FromWorker['type']>(type: T) {
    if (exited) return Promise.reject(exited);
    return new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) =>
      waiters.add({ type, resolve: resolve as Waiter['resolve'], reject }),
    );
  }
  function send(message: ToWorker) {
    worker.postMessage(message);
  }
  await next('ready');
  started = true;
  return {
    socketDir,
    worker,
    async dump() {
      const dumped = next('dumped');
      send({ type: 'dump' });
      return (await dumped).tarball;
    },
    /** A full garbage collection of the thread's heap (after a bulk job: lib/collect-garbage.ts). */
    async collectGarbage() {
      const collected = next('collected');
      send({ type: 'collect-garbage' });
      await collected;
    },
    /** PGlite closes (its data directory consistent for the next start), then the thread ends. */
    async close() {
      if (!exited) {
        closing = true;
        const closed = next('closed');
        send({ type: 'close' });
        await closed;
      }
      await exit;
    },
  };
}

/**
 * The embedded database's thread (docs/decisions/025-embedded-database-worker.md). PGlite is
 * PostgreSQL compiled to WASM: every query runs synchronously on the thread that owns it. Here
 * it runs on a worker thread behind a PostgreSQL socket server (@electric-sql/pglite-socket),
 * so the main thread talks to it with node-postgres, the same driver as for PostgreSQL, and its
 * event loop never waits for a query.
 *
 * This file is started with `new Worker(url)`; it imports packages only (no relative imports),
 * so Node can load it by stripping its types when no TypeScript loader is registered (vitest).
 */
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** What the main thread passes at start (`workerData`). */
export type PgliteWorkerData = {
  /** A data directory on disk, or 'memory://'. */
  dataDir: string;
  /** A tarball of a data directory to start from (tests: the migrated template). */
  loadDataDir?: string;
  /** The unix socket to listen on (`<dir>/.s.PGSQL.5432`, where node-postgres looks). */
  socketPath: string;
  /** pglite.wasm compiled once by the main thread: a worker then skips the compilation. */
  wasmModule?: WebAssembly.Module;
};

export type ToWorker = { type: 'close' } | { type: 'dump' } | { type: 'collect-garbage' };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'dumped'; tarball: Uint8Array }
  | { type: 'closed' }
  | { type: 'collected' }
  | { type: 'fatal'; message: string };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see db/client.ts)');
const options = workerData as PgliteWorkerData;

/**
 * Extensions the migrations create (PostgreSQL has them as contrib modules): pg_trgm for the
 * marketplace's typo-tolerant search. Loaded here, on the thread that runs the WASM.
 */
const extensions = { pg_trgm };

/** The worker's last words: the main thread logs them, the thread ends with them. */
function fatal(error: unknown): never {
  port?.postMessage({ type: 'fatal', message: String((error as Error)?.message ?? error) } satisfies FromWorker);
  process.exit(1);
}

/**
 * A data directory's tarball as PGlite reads it: `loadDataDir` takes a Blob, whose bytes PGlite
 * reads once, with arrayBuffer(). Node's own Blob copied the file's 44 MB twice more (into the
 * Blob, then out in small chunks): about 0.6 s of CPU, a fifth of every test app's database
 * start, on a two-core VM. This one hands over the bytes read from the file.
 */
class TarballBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    // A file this large has a buffer of its own; a smaller one may share Node's pool.
    if (byteOffset === 0 && byteLength === buffer.byteLength) return buffer as ArrayBuffer;
    return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
  }
}

const db = await PGlite.create({
  dataDir: options.dataDir,
  extensions,
  loadDataDir: options.loadDataDir ? new TarballBlob(await readFile(options.loadDataDir)) : undefined,
  pgliteWasmModule: options.wasmModule,
}).catch(fatal);

// A query's SQL error comes back as an ErrorResponse in the protocol stream; a throw out of
// execProtocolRawStream is the WASM itself failing (an abort, out of memory). The socket
// server's queue would then stop taking queries for good and every client would wait forever:
// the worker ends instead, so the connection closes and every query rejects.
const execProtocolRawStream = db.execProtocolRawStream.bind(db);
db.execProtocolRawStream = (message, opts) => execProtocolRawStream(message, opts).catch(fatal);

// One connection in use: PGlite is a single session, and the server's multiplexer interleaves
// connections message by message, which splits extended-protocol sequences (Parse, Bind,
// Execute, Sync) of one connection with another's outside a transaction. The main thread's
// pool keeps one client (max: 1); the second slot is for its replacement: node-postgres's pool
// destroys a client whose query failed and connects anew at once, before this server has
// finished detaching the old socket, and with one slot that connection was refused (the next
// query failed with EPIPE).
const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: 2 });
await server.start().catch(fatal);
port.postMessage({ type: 'ready' } satisfies FromWorker);

port.on('message', async (message: ToWorker) => {
  try {
    if (message.type === 'dump') {
      const tarball = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      port.postMessage({ type: 'dumped', tarball } satisfies FromWorker, [tarball.buffer]);
    } else if (message.type === 'collect-garbage') {
      // A full collection of this thread's heap after a bulk job (the demo seed), as
      // lib/collect-garbage.ts does on the main thread (not imported: this file imports packages only).
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as (options: object) => void)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      port.postMessage({ type: 'collected' } satisfies FromWorker);
    } else if (message.type === 'close') {
      await server.stop();
      // Closing PGlite checkpoints and syncs the data directory: the next start reopens it.
      await db.close();
      port.postMessage({ type: 'closed' } satisfies FromWorker);
      port.close();
    }
  } catch (error) {
    fatal(error);
  }
});

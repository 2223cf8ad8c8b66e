import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { STARTUP_MESSAGES, SYSTEM_MESSAGES } from '@cryptads/contract/system-messages';
import { type Config, loadConfig } from './config';
import type { Database } from './db/client';
import { isFreshDataDir } from './db/template';
import { type EarlyState, earlyAnswer, type ToAnswerer } from './early-answerer';
import { PREPARING_RETRY_SECONDS, waitingPage } from './modules/system/preparation';

/**
 * The first seconds of a server process (docs/decisions/060-first-start-on-a-new-machine.md).
 * The process listens at once, before it has loaded the app or opened its database: until the
 * app takes over the same socket, /api/health answers 200 (the process lives), every other API
 * call 503 "The server is starting" with Retry-After, and a page request gets a page that says
 * what the server is doing and reloads itself. Meanwhile the database opens on its worker
 * thread (on a machine without the migrated template: PGlite's initdb and the migrations)
 * while the main thread loads the rest of the server. Each step is a terminal line when it
 * begins and one when it ends, with the seconds since the process started.
 *
 * `start.ts` begins it before it imports `main.ts`, so that both run at once; `main.ts` begins
 * it itself when it is started directly, and takes the same one otherwise.
 */
export type Startup = {
  config: Config;
  /** The database, opened (and migrated) on its worker while the server loads. */
  database: Promise<Database>;
  /** Prints that `text` begins (the waiting page says so too); the answer prints that it ended. */
  step(text: string): (doneText: string) => void;
  /** Ends the "Loading the server" step (begun with the start). */
  loaded(): void;
  /** The app takes over the listening socket: no connection is refused in between. */
  handOver(app: FastifyInstance): Promise<void>;
};

let current: Promise<Startup> | undefined;

/** Seconds since the process started, as the terminal lines print them. */
const elapsed = () => `${(performance.now() / 1000).toFixed(1).padStart(5)} s`;

/** One line of what the start is doing, with the seconds since the process started. */
export function startupLine(text: string) {
  console.log(`  ${elapsed()}  ${text}`);
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

/** Begins the start once per process: listens, then opens the database in the background. */
export function beginStartup(): Promise<Startup> {
  current ??= begin();
  return current;
}

async function begin(): Promise<Startup> {
  // A .env file in the working directory, when there is one, fills the environment first.
  try {
    process.loadEnvFile();
  } catch {
    // no .env: the environment alone configures the server
  }
  const config = loadConfig();
  const active = new Set<string>();
  const listener = await listenEarly(config, () => [...active]);
  console.log(`\n  ${fill(STARTUP_MESSAGES.answering, { product: config.productName, url: config.publicUrl })}`);
  const step = (text: string) => {
    const began = performance.now();
    active.add(text);
    listener.refresh();
    startupLine(`${text}…`);
    return (doneText: string) => {
      if (!active.delete(text)) return;
      listener.refresh();
      startupLine(`${doneText} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
    };
  };
  const opened = step(STARTUP_MESSAGES.opening);
  let built: ((doneText: string) => void) | undefined;
  const template = {
    building: () => {
      built = step(STARTUP_MESSAGES.template);
    },
    built: () => built?.(STARTUP_MESSAGES.templateBuilt),
  };
  const dataDir = `${config.dataDir}/db`;
  if (!config.databaseUrl) {
    // A fresh data directory and no template on this machine: PGlite's initdb begins on its
    // thread now, while this one loads drizzle, the schema and the server. openDatabase below
    // waits for the same build (and reports its failure).
    const { prepareTemplate } = await import('./db/embedded');
    if (isFreshDataDir(dataDir)) prepareTemplate(config.pgliteTemplateDir, template).catch(() => {});
  }
  const loading = step(STARTUP_MESSAGES.loading);
  // Imported once the port answers: drizzle and the schema take a while to load.
  const { openDatabase } = await import('./db/client');
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir,
    templateDir: config.pgliteTemplateDir,
    template,
  }).then((database) => {
    opened(STARTUP_MESSAGES.opened);
    return database;
  });
  // Awaited in main.ts, which then fails as before; until then a failure is not "unhandled".
  database.catch(() => {});
  return { config, database, step, loaded: () => loading(STARTUP_MESSAGES.loaded), handOver: listener.handOver };
}

/**
 * A plain HTTP server on the configured port that answers until the app takes over
 * (early-answerer.ts), helped by a child process that answers while this thread loads the
 * server's modules; `doing` lists the steps in progress, which the page shows. `refresh()`
 * sends the child the page again after a step changed.
 */
export async function listenEarly(
  config: Pick<Config, 'port' | 'host' | 'databaseUrl' | 'productName'>,
  doing: () => string[],
) {
  const state = (): EarlyState => ({
    startedAt,
    database: config.databaseUrl ? 'postgres' : 'pglite',
    retrySeconds: PREPARING_RETRY_SECONDS,
    reason: SYSTEM_MESSAGES.starting,
    page: waitingPage(`${STARTUP_MESSAGES.pageTitle} ${config.productName}`, [
      ...doing().map((text) => `${text}…`),
      STARTUP_MESSAGES.pageReloads,
    ]),
  });
  const startedAt = Date.now();
  let current = state();
  const server = http.createServer((request, response) => earlyAnswer(request, response, current));
  await new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      console.error(`\n  ${fill(STARTUP_MESSAGES.portInUse, { port: config.port, product: config.productName })}\n`);
      process.exit(1);
    });
    server.listen({ port: config.port, host: config.host }, resolve);
  });
  // The helper: Node without the TypeScript loader (early-answerer.ts needs none), started in a
  // fraction of a second; the socket's handle travels with its first message.
  const helper = fork(new URL('./early-answerer.ts', import.meta.url), {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  helper.on('error', () => {});
  let helping = true;
  helper.once('exit', () => {
    helping = false;
  });
  const answering = new Promise<void>((resolve) =>
    helper.on('message', (message: { type?: string }) => {
      if (message.type === 'answering') resolve();
    }),
  );
  const send = (message: ToAnswerer, handle?: http.Server) => {
    if (helping && helper.connected) helper.send(message, handle as never, () => {});
  };
  send({ type: 'state', state: current }, server);
  return {
    /** Resolves once the helper process answers too (tests). */
    answering,
    /** The port it listens on (PORT=0: the one the system chose). */
    port: (server.address() as AddressInfo).port,
    /** The steps changed: the page says so, here and in the helper. */
    refresh() {
      current = state();
      send({ type: 'state', state: current });
    },
    async handOver(app: FastifyInstance) {
      // Node's server.listen takes the listening handle of another server (`handle`; a server
      // keeps it in `_handle`): Fastify's server then accepts on the same socket, and the port
      // is never closed in between. This server answers what it has already accepted; the
      // helper closes its copy of the socket and exits.
      const handle = (server as unknown as { _handle: object })._handle;
      await app.listen({ handle, host: config.host } as FastifyListenOptions);
      send({ type: 'stop' });
    },
  };
}

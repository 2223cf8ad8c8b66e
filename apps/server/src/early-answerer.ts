/**
 * What a starting server answers before its app exists (startup.ts, docs/decisions/060), and the
 * small process that answers it while the server's own thread is busy loading its modules.
 *
 * Loading the server's modules keeps the main thread busy for seconds (on a loaded two-core
 * machine, tens of seconds), and a listening socket nobody accepts on looks like a hung server.
 * So startup.ts forks this file as a process of its own and hands it the listening socket
 * (Node sends a server's handle to a child over IPC): whichever of the two processes is free
 * accepts the next connection, and both answer the same. When the app takes over the socket,
 * the child closes its copy and exits; it exits too when its parent goes.
 *
 * Run by Node without a TypeScript loader (its types are stripped): no relative imports.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';

/** Everything an answer needs, sent again to the child whenever it changes. */
export type EarlyState = {
  startedAt: number;
  database: 'pglite' | 'postgres';
  /** Seconds a client is asked to wait (Retry-After). */
  retrySeconds: number;
  /** The 503 envelope's reason for the API. */
  reason: string;
  /** The page a browser gets: what the server is doing. */
  page: string;
};

export type ToAnswerer = { type: 'state'; state: EarlyState } | { type: 'stop' };

const HEALTH = /^\/api\/health(\/|\?|$)/;

/** /api/health 200 (the process lives); any other API call 503 with Retry-After; a page request the waiting page. */
export function earlyAnswer(request: http.IncomingMessage, response: http.ServerResponse, state: EarlyState) {
  // No connection outlives the hand-over: each ends after its answer.
  response.setHeader('connection', 'close');
  response.setHeader('cache-control', 'no-store');
  const url = request.url ?? '/';
  if (HEALTH.test(url)) {
    const uptimeSeconds = Math.round((Date.now() - state.startedAt) / 1000);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(
      JSON.stringify({ code: 200, response: { status: 'ok', database: state.database, uptimeSeconds }, reason: null }),
    );
    return;
  }
  response.setHeader('retry-after', String(state.retrySeconds));
  if (url.startsWith('/api/')) {
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ code: 503, response: null, reason: state.reason }));
    return;
  }
  response.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
  response.end(state.page);
}

/** The forked process: answers on the handle it is sent until told to stop. */
function runAnswerer() {
  let state: EarlyState | undefined;
  let server: http.Server | undefined;
  process.on('message', (message: ToAnswerer, handle?: unknown) => {
    if (message.type === 'state') {
      state = message.state;
      if (handle && !server) {
        server = http.createServer((request, response) => {
          if (state) earlyAnswer(request, response, state);
        });
        server.listen(handle as Parameters<http.Server['listen']>[0], () => process.send?.({ type: 'answering' }));
      }
    } else if (message.type === 'stop') {
      // Closes this process's copy of the socket only: the parent keeps listening.
      if (server) server.close(() => process.exit(0));
      else process.exit(0);
    }
  });
  // The parent is gone (ended, crashed): nothing to answer for.
  process.on('disconnect', () => process.exit(0));
}

if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runAnswerer();

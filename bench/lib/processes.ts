/**
 * The processes a request-path bench measures: our server started as an operator would, in a
 * child process, and a Fastify hello-world beside it (the floor of what any route costs on this
 * machine); both answer /api/ready when they can take load. Shared by scale.ts and
 * serve-journal.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * BENCH_NODE_ARGS: extra Node arguments for the servers a bench starts, to look inside one
 * (e.g. `--cpu-prof`, or `--import` of a script that logs event-loop stalls).
 */
const serverNodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * The Node arguments `npm start` gives the server (package.json), before `--import tsx`: a young
 * generation of 16 MB semi-spaces, as Node 20 had, instead of Node 24's 64 MB on a machine
 * this size (docs/decisions/064).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];

export type Server = { url: string; child: ChildProcess; stop: () => Promise<void> };

/** User + system CPU of a process and all its threads, in ms (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after "pid (comm) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready`);
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * Our server on `port`, ready: `main.ts` (the server alone) or `start.ts` (what `npm start`
 * runs: it seeds the demo world when DEMO_SEED says so). No web build, no live demo traffic and
 * no invalid-traffic filter (one load generator is one address sending thousands of requests:
 * not what is measured) unless `env` says otherwise.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  { entry = 'main' }: { entry?: 'main' | 'start' } = {},
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', ...serverNodeArgs, `apps/server/src/${entry}.ts`],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        DEMO_SEED: 'off',
        DEMO_TRAFFIC: 'off',
        IVT_ENABLED: '0',
        AUTH_RATE_LIMIT_MAX: '100000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitReady(url, child);
  return { url, child, stop: stopper(child) };
}

/** A Fastify hello-world on `port`, answering every GET with a small JSON. */
export async function startHello(port: number): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const code = `
    const app = require('fastify')();
    app.get('/api/ready', async () => ({ ok: true }));
    app.get('/*', async () => ({ hello: 'world' }));
    // A POST parses its JSON body (the bid endpoint's baseline: the same body, parsed, answered).
    app.post('/*', async (request) => ({ hello: typeof request.body }));
    app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitReady(url, child, 30_000);
  return { url, child, stop: stopper(child) };
}

/** The demo logins `start.ts` prints on a fresh data directory. */
export const DEMO = {
  advertiser: { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' },
  publisher: { email: 'publisher@cryptads.example', password: 'Publisher#2026' },
};

/** The session an answer sets in its cookie (a login, a registration), to send back as a bearer (as a program does). */
export function sessionCookie(res: Response): string | null {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const [name, value = ''] = pair.split('=');
    if (name === 'cryptads_session') return decodeURIComponent(value);
  }
  return null;
}

/** The session a login sets in its cookie. */
export async function loginSession(url: string, credentials: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, captcha: 'none', rememberMe: false }),
  });
  if (!res.ok) throw new Error(`login of ${credentials.email} answered ${res.status}`);
  const session = sessionCookie(res);
  if (!session) throw new Error(`login of ${credentials.email} set no session cookie`);
  return session;
}

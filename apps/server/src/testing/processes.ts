import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { BROWSER_HEADERS, DESKTOP_UA } from '../modules/delivery/test-helpers';

/**
 * Real server processes for the multi-process tests (docs/decisions/030, 033): `main.ts` started
 * as an operator would, one role each, and /serve asked as tag.js asks it.
 */

const root = path.resolve(import.meta.dirname, '../../../..');

export type Role = 'api' | 'delivery' | 'worker';
export type Proc = { role: Role; url: string; port: number; child: ChildProcess; output: string[] };

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `main.ts` in one role with `env` (DATABASE_URL, REDIS_URL, ...) and waits until its
 * /api/ready answers 200. `port`: the same port again (a process restarted in place).
 */
export async function startProcess(role: Role, env: Record<string, string>, port?: number): Promise<Proc> {
  const p = port ?? (await freePort());
  const url = `http://127.0.0.1:${p}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PROCESS_ROLE: role,
      PORT: String(p),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_SEED: 'off',
      DEMO_TRAFFIC: 'off',
      IVT_ENABLED: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // The worker reads the stream every 200 ms: the waits for its records end sooner.
      DELIVERY_FLUSH_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const proc = { role, url, port: p, child, output };
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}`);
        const res = await fetch(`${url}/api/ready`);
        expect(res.status).toBe(200);
      },
      // Four processes start side by side; on a busy 2-core machine (load 15-20) that took
      // 125-135 s, against about 25 s quiet: about five times the quiet start.
      { timeout: 180_000, interval: 250 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${role} on ${url} not ready: ${error}\n${output.join('')}`);
  }
  return proc;
}

export async function stopProcess(proc: Proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  await exited;
}

/** SIGKILL, and resolves once the process is gone. */
export async function killProcess(proc: Proc) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGKILL');
  await exited;
}

export type Visitor = { ip: string; country: string };

export const visitor = (n: number, country: string): Visitor => ({
  ip: `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
  country,
});

/** One /serve as tag.js asks it; the impression id and campaign of a filled answer, else null. */
export async function serveOnce(proc: Proc, zone: string, v: Visitor) {
  const res = await fetch(`${proc.url}/serve/${zone}`, {
    headers: { ...BROWSER_HEADERS, 'user-agent': DESKTOP_UA, 'cf-ipcountry': v.country, 'x-forwarded-for': v.ip },
  });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return null;
  }
  const answer = (await res.json()) as { clickUrl: string };
  const token = answer.clickUrl.split('/click/')[1] ?? '';
  const payload = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
    i: string;
    c: number;
  };
  return { impressionId: payload.i, campaignId: payload.c, clickPath: `/click/${token}` };
}

/** Runs `task` for every item, `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_HEADERS, DESKTOP_UA } from './modules/delivery/test-helpers';
import { discoverZones, type LiveZone, serveQuery } from './simulator/live';
import { type DeliveryFigures, readDeliveryFigures } from './testing/embedded-data';
import { freePort } from './testing/processes';

/**
 * The embedded default keeps every answered event through a SIGKILL (docs/decisions/039): the
 * real server (start.ts, embedded database, demo world) under concurrent /serve load is killed
 * in the middle of it and restarted on the same DATA_DIR; every impression answered with an ad
 * is then recorded exactly once, and each advertiser's spend equals the ledger's. A start (the
 * first one seeds the demo world) took 30-60 s on a loaded 2-core machine: hence the timeouts.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const COUNTRIES = ['DE', 'US', 'GB', 'FR', 'NL', 'ES', 'IT', 'CA'];

type Server = { url: string; child: ChildProcess; output: string[] };

async function startServer(dataDir: string, port: number): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/start.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      // As a newcomer runs it: no DATABASE_URL, no DELIVERY_STREAM, the demo world seeded.
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_SEED: 'auto',
      DEMO_HISTORY_DAYS: '0',
      DEMO_TRAFFIC: 'off',
      // One load generator sends every request: neither filtered nor capped as one visitor.
      IVT_ENABLED: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DELIVERY_FLUSH_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}`);
        expect((await fetch(`${url}/api/ready`)).status).toBe(200);
      },
      { timeout: 150_000, interval: 200 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`server not ready: ${error}\n${output.join('')}`);
  }
  return { url, child, output };
}

async function stop(server: Server, signal: 'SIGTERM' | 'SIGKILL') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

type Recorder = { stream: string; buffered: number; lastSuccessAt: string | null };
async function recorderOf(server: Server): Promise<Recorder> {
  const body = (await (await fetch(`${server.url}/api/ready`)).json()) as { response: { recorder: Recorder } };
  return body.response.recorder;
}

/** One /serve as tag.js asks it; the impression id of an answer with an ad, else null. */
async function serve(url: string, zone: LiveZone, n: number): Promise<string | null> {
  const res = await fetch(`${url}/serve/${encodeURIComponent(zone.unique)}${serveQuery(zone)}`, {
    headers: {
      ...BROWSER_HEADERS,
      'user-agent': DESKTOP_UA,
      'cf-ipcountry': COUNTRIES[n % COUNTRIES.length] as string,
      'x-forwarded-for': `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
    },
  });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return null;
  }
  const answer = (await res.json()) as { clickUrl: string };
  const token = answer.clickUrl.split('/click/')[1] ?? '';
  return (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { i: string }).i;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded default through a SIGKILL', () => {
  it('records every impression answered with an ad exactly once, and bills it to the ledger', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cryptads-journal-crash-'));
    dirs.push(dataDir);
    const port = await freePort();

    // First start: the demo world is seeded (without history: no spend, no impression yet);
    // its zones found as the simulator finds them.
    const loaded = await startServer(dataDir, port);
    expect((await recorderOf(loaded)).stream).toBe('journal');
    const zones = await discoverZones(loaded.url, { email: 'publisher@cryptads.example', password: 'Publisher#2026' });
    expect(zones.length).toBeGreaterThan(0);

    // Under load, killed in the middle of it.
    const answered: string[] = [];
    let sent = 0;
    let killed = false;
    const started = Date.now();
    const killer = (async () => {
      await vi.waitFor(() => expect(answered.length).toBeGreaterThan(300), { timeout: 20_000, interval: 20 });
      killed = true;
      await stop(loaded, 'SIGKILL');
    })();
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        while (!killed && Date.now() - started < 25_000) {
          const n = sent++;
          try {
            const id = await serve(loaded.url, zones[n % zones.length] as LiveZone, n);
            if (id) answered.push(id);
          } catch {
            // Refused or reset by the killed process: not answered.
          }
        }
      }),
    );
    await killer;
    expect(killed).toBe(true);

    // Restarted on the same DATA_DIR: the journal is replayed from the committed position.
    const restarted = await startServer(dataDir, port);
    await vi.waitFor(
      async () => {
        const recorder = await recorderOf(restarted);
        expect(recorder.lastSuccessAt).not.toBeNull();
        expect(recorder.buffered).toBe(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    await stop(restarted, 'SIGTERM');
    const after: DeliveryFigures = await readDeliveryFigures(dataDir);

    const missing = answered.filter((id) => !after.impressions.has(id));
    const twice = answered.filter((id) => (after.impressions.get(id) ?? 0) !== 1);
    expect(missing, restarted.output.join('')).toEqual([]);
    expect(twice).toEqual([]);
    expect(new Set(answered).size).toBe(answered.length);
    // Recorded impressions are the answered ones, plus at most those whose flush landed as the
    // process died, before their answer left.
    expect(after.impressions.size).toBeGreaterThanOrEqual(answered.length);
    expect(after.impressions.size - answered.length).toBeLessThanOrEqual(sent - answered.length);

    const advertisers = new Set([...after.spend.keys(), ...after.ledgerSpend.keys()]);
    let billed = 0n;
    for (const id of advertisers) {
      expect(after.spend.get(id) ?? 0n, `advertiser ${id}`).toBe(after.ledgerSpend.get(id) ?? 0n);
      billed += after.spend.get(id) ?? 0n;
    }
    expect(billed).toBeGreaterThan(0n);
    expect(after.ledgerOk).toBe(true);
  }, 300_000);
});

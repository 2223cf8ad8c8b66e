import { spawn } from 'node:child_process';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTUP_MESSAGES, SYSTEM_MESSAGES } from '@cryptads/contract/system-messages';
import { listenEarly } from './startup';
import { PREPARING_RETRY_SECONDS } from './modules/system/preparation';

/**
 * The start listens before the app exists (docs/decisions/060): the liveness probe answers, the
 * API and pages say the server is starting, and the app then takes over the same socket
 * without refusing a connection.
 */
const app = Fastify();
app.get('/api/health', async () => ({ code: 200, response: { from: 'app' }, reason: null }));
app.get('/*', async () => 'the app');
afterAll(() => app.close());

const config = { port: 0, host: '127.0.0.1', databaseUrl: undefined, productName: 'Cryptads' };
const doing = [STARTUP_MESSAGES.template, STARTUP_MESSAGES.loading];
const listener = await listenEarly(config, () => doing);
const url = `http://127.0.0.1:${listener.port}`;

describe('before the app takes over', () => {
  it('the liveness probe answers: the process lives', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { response: unknown }).response).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it('the API says the server is starting, with Retry-After', async () => {
    for (const path of ['/api/ready', '/api/user', '/api/v1/campaigns']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(PREPARING_RETRY_SECONDS));
      expect(await res.json()).toEqual({ code: 503, response: null, reason: SYSTEM_MESSAGES.starting });
    }
  });

  it('a page says what the server is doing and reloads itself', async () => {
    const res = await fetch(`${url}/login/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<h1>Starting Cryptads</h1>');
    for (const step of doing) expect(html).toContain(`${step}…`);
    expect(html).toContain(`<meta http-equiv="refresh" content="${PREPARING_RETRY_SECONDS}">`);
    expect(html).not.toContain('<script');
  });
});

describe('while this thread is busy, as while it loads the server modules', () => {
  it('the helper process answers', async () => {
    await listener.answering;
    // Another process asks for /api/health once told to, while this thread does not return to its event loop.
    const asker = spawn(
      process.execPath,
      [
        '-e',
        `process.stdin.once('data', async () => { const res = await fetch(${JSON.stringify(`${url}/api/health`)}); console.log(res.status, Date.now()); process.exit(0); }); console.log('ready');`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const output: string[] = [];
    asker.stdout.on('data', (chunk) => output.push(String(chunk)));
    await expect.poll(() => output.join(''), { timeout: 20_000 }).toContain('ready');
    asker.stdin.write('go\n');
    const busyUntil = Date.now() + 5_000;
    while (Date.now() < busyUntil) {
      // busy, as while modules load
    }
    await new Promise((resolve) => asker.once('exit', resolve));
    const [status, answeredAt] = output.join('').split('\n')[1]?.split(' ') ?? [];
    expect(status).toBe('200');
    expect(Number(answeredAt)).toBeLessThan(busyUntil);
  });
});

describe('the hand-over', () => {
  it('the app answers on the same port, and no request in between is refused', async () => {
    const answers: string[] = [];
    const refused: unknown[] = [];
    let stop = false;
    const requests = (async () => {
      while (!stop)
        await fetch(`${url}/api/health`)
          .then(async (res) =>
            answers.push(((await res.json()) as { response: { from?: string } }).response.from ?? 'early'),
          )
          .catch((error) => refused.push(error));
    })();
    await listener.handOver(app);
    // Until the app has answered a few in a row.
    await expect.poll(() => answers.slice(-3).join(), { timeout: 10_000 }).toBe('app,app,app');
    stop = true;
    await requests;
    expect(refused).toEqual([]);
    expect(app.server.address()).toMatchObject({ port: listener.port });
    expect(await (await fetch(`${url}/login/`)).text()).toBe('the app');
  });
});

import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestApp, type TestApp } from './testing/test-app';

/** Milliseconds from now until the socket closes (the server hung up). */
const closedAfter = (socket: Socket) => {
  const start = performance.now();
  return new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - start)));
};

describe('HTTP server timeouts', () => {
  let app: TestApp;
  let port: number;

  beforeAll(async () => {
    // Small deadlines, each far from the others, so each test shows which one hung up.
    app = await createTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_REQUEST_TIMEOUT_MS: '5000',
      HTTP_CONNECTION_TIMEOUT_MS: '800',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '400',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('applies the configured timeouts to the Node server', () => {
    expect(app.server.headersTimeout).toBe(300);
    expect(app.server.requestTimeout).toBe(5000);
    expect(app.server.timeout).toBe(800);
    expect(app.server.keepAliveTimeout).toBe(400);
  });

  it('disconnects a slow-loris client that keeps sending half its headers', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = closedAfter(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    // One more header line every 100 ms: the socket is never idle, the headers never end.
    let n = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${n++}: 1\r\n`);
    }, 100);
    const elapsed = await closed;
    clearInterval(trickle);
    // Cut by the 300 ms headers deadline (checked every 75 ms), not by the idle timeout (never
    // idle) nor the 5 s request timeout.
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
    expect(n).toBeLessThan(20);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('disconnects a client that opens a socket and sends nothing', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    // Read what the server says (a paused socket would never see the close).
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const elapsed = await closedAfter(socket);
    expect(elapsed).toBeLessThan(2000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive socket after the keep-alive timeout', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk) => {
        answer += chunk.toString();
        if (answer.includes('\r\n\r\n')) resolve();
      }),
    );
    const closed = closedAfter(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    const elapsed = await closed;
    // The keep-alive timeout plus Node's 1 s buffer, well before the idle timeout's repeats.
    expect(elapsed).toBeLessThan(2500);
  });
});

describe('HTTP timeout configuration', () => {
  it('has defaults that bound a slow client and refuses a headers timeout above the request timeout', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({
      connectionTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '70000', HTTP_REQUEST_TIMEOUT_MS: '60000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });
});

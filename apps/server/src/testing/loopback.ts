import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny HTTP server on 127.0.0.1 with a random port, for the provider fakes: tests (and the
 * API tests that come next) point an adapter at it instead of the provider's real host.
 */

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
};

export type FakeResponse = { status: number; body?: unknown; headers?: Record<string, string> };

export type LoopbackServer = {
  host: '127.0.0.1';
  port: number;
  /** 'http://127.0.0.1:{port}' */
  origin: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  close(): Promise<void>;
};

/**
 * Serves `handler`; a handler that returns null leaves the request unanswered (a provider
 * that hangs), until close() drops every connection.
 */
export async function listenOnLoopback(
  handler: (request: FakeRequest) => FakeResponse | null | Promise<FakeResponse | null>,
): Promise<LoopbackServer> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      try {
        const answer = await handler(request);
        if (!answer) return;
        const payload =
          answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
          ...answer.headers,
        });
        res.end(payload);
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Form bodies as Stripe's client writes them (`line_items[0][price_data][currency]=eur`)
 * into nested objects; indexes become object keys ('0', '1', ...).
 */
export function parseBracketForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        const existing = node[part];
        const next = (typeof existing === 'object' && existing !== null ? existing : {}) as Record<string, unknown>;
        node[part] = next;
        node = next;
      }
    });
  }
  return out;
}

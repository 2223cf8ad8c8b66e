import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/**
 * The "other sites" of an ad journey: one local HTTP server reached under *.e2e.test names
 * (a landing URL must have a real-looking domain), mapped to 127.0.0.1 in Chromium. `/landing`
 * answers its query as JSON (the advertiser's page, showing the filled tokens); any other path
 * is a publisher's page carrying `adCode`. Call at a spec's top level: it registers the
 * browser's options and the server's start and stop.
 */
export function useOtherSites() {
  test.use({
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP *.e2e.test 127.0.0.1'],
    },
  });
  const sites = { port: 0, adCode: '' };
  let server: Server;
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/landing') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(Object.fromEntries(url.searchParams)));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Publisher page</title></head><body><h1>News</h1>${sites.adCode}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sites.port = (server.address() as AddressInfo).port;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return sites;
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('serving the web app', () => {
  let app: TestApp;
  const html = `<!doctype html><title>SPA</title>${'<!-- padding -->'.repeat(100)}`;
  const script = `console.log(${'3 + '.repeat(500)}3)`;
  const dist = mkdtempSync(path.join(tmpdir(), 'cryptads-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    // What the build writes beside every text file (vite-plugin-compression2, decision 027).
    for (const [file, body] of [
      ['index.html', html],
      ['assets/app-3.js', script],
    ] as const) {
      writeFileSync(path.join(dist, file), body);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
    }
    app = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the root and any app path with the SPA page', async () => {
    for (const url of ['/', '/?payment=success', '/campaigns/all/setup/3/', '/settings/security/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
    }
  });

  it('serves files written after the start, with a long cache for fingerprinted assets', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>SPA</title>');
  });

  /** The body as the browser sees it, whatever encoding was chosen. */
  const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.rawPayload.toString();
  };

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %s with the precompressed copy (%s)', async (acceptEncoding, encoding) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    for (const url of ['/', '/campaigns/all/', '/assets/app-3.js']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      expect(decoded(res), url).toBe(url.endsWith('.js') ? script : html);
      expect(res.headers['content-type'], url).toMatch(url.endsWith('.js') ? /javascript/ : /^text\/html/);
      expect(res.headers['cache-control'], url).toBe(
        url.endsWith('.js') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
  });
});

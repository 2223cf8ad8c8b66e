import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('serving the web app', () => {
  let app: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'cryptads-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
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
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, loginAs } from '../testing/helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';

/** The plugin alone, with answers of each kind the API sends. */
async function scoped() {
  const app = Fastify({ logger: false });
  const large = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row number ${i}` })) };
  await app.register(
    async (api) => {
      await registerCompression(api);
      api.get('/large', async () => large);
      api.get('/small', async () => ({ ok: true }));
      api.get('/csv', async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="statement.csv"')
          .send('date,amount\n'.repeat(400)),
      );
      api.get('/pdf', async (_request, reply) =>
        reply.type('application/pdf').send(Buffer.from('%PDF-1.7\n'.repeat(400))),
      );
    },
    { prefix: '/api' },
  );
  app.get('/serve', async () => ({ filler: 'x'.repeat(4000) }));
  await app.ready();
  return { app, large };
}

describe('API answers compressed by Accept-Encoding', () => {
  it('sends a large answer in brotli when asked, gzip when only that is accepted, plain otherwise', async () => {
    const { app, large } = await scoped();
    const br = await app.inject({
      method: 'GET',
      url: '/api/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(large).length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(large);

    const gz = await app.inject({ method: 'GET', url: '/api/large', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(large);

    const plain = await app.inject({ method: 'GET', url: '/api/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
    await app.close();
  });

  it(`leaves an answer under ${COMPRESS_THRESHOLD_BYTES} bytes as it is`, async () => {
    const { app } = await scoped();
    const res = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });

  it('compresses a CSV download and keeps its file name; leaves a PDF as it is', async () => {
    const { app } = await scoped();
    const csv = await app.inject({ method: 'GET', url: '/api/csv', headers: { 'accept-encoding': 'br' } });
    expect(csv.headers['content-encoding']).toBe('br');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement.csv"');
    expect(brotliDecompressSync(csv.rawPayload).toString()).toBe('date,amount\n'.repeat(400));
    const pdf = await app.inject({ method: 'GET', url: '/api/pdf', headers: { 'accept-encoding': 'br' } });
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.7');
    await app.close();
  });

  it('never touches a path outside /api (the ad paths, the static files)', async () => {
    const { app } = await scoped();
    const res = await app.inject({ method: 'GET', url: '/serve', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});

describe('in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('compresses a large API answer and not a small one', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(String(doc.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString())).toHaveProperty('paths');

    const me = await loginAs(app, 'advertiser');
    const user = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...me.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(user.statusCode).toBe(200);
    expect(user.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(user.headers['content-encoding']).toBeUndefined();
    expect(body<{ email: string }>(user).response.email).toBe(me.email);
  });
});

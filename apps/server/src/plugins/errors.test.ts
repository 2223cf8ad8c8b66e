import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AppError, tooManyRequests } from '../lib/errors';
import { parseOrThrow } from '../lib/parse';
import { body } from '../testing/helpers';
import errorsPlugin from './errors';

/**
 * The error handler on a bare Fastify instance with routes that fail in each way a route
 * can, so that every kind of failure is seen in the envelope. The full app's failures
 * (404, malformed JSON, validation, rate limits) are covered by the route tests.
 */
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.get('/app-error', async () => {
    throw new AppError(401, 'Banned.', { code: 99, response: { hint: 1 }, headers: { 'x-extra': 'yes' } });
  });
  app.get('/too-many', async () => {
    throw tooManyRequests('Slow down.', 30);
  });
  app.get('/crash', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/http-error', async () => {
    throw Object.assign(new Error('Payload is odd'), { statusCode: 422 });
  });
  app.get('/http-404', async () => {
    throw Object.assign(new Error('missing thing'), { statusCode: 404 });
  });
  app.get('/http-429', async () => {
    throw Object.assign(new Error('rate limited by something'), { statusCode: 429 });
  });
  app.post(
    '/validated',
    {
      schema: { body: z.object({ name: z.string({ error: 'Please enter a name.' }).min(1, 'Please enter a name.') }) },
    },
    async () => ({ code: 200, response: null, reason: null }),
  );
  app.post('/parsed', async (request) => {
    parseOrThrow(z.object({ name: z.string({ error: 'Please enter a name.' }) }), request.body);
    return { code: 200, response: null, reason: null };
  });
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: false }) as unknown as { ok: true },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('the error handler', () => {
  it('answers an AppError with its status, application code, response and headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-extra']).toBe('yes');
    expect(body(res)).toEqual({ code: 99, response: { hint: 1 }, reason: 'Banned.' });
  });

  it('sends Retry-After with a 429', async () => {
    const res = await app.inject({ method: 'GET', url: '/too-many' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(body(res)).toEqual({ code: 429, response: null, reason: 'Slow down.' });
  });

  it('answers an unexpected error with 500 and a generic reason that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ code: 500, response: null, reason: GENERIC_MESSAGES.internal });
    expect(res.body).not.toContain('postgres://');
  });

  it('keeps the status and message of other client errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/http-error' });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toEqual({ code: 422, response: null, reason: 'Payload is odd' });
  });

  it('uses the contract sentences for 404 and 429 from elsewhere', async () => {
    expect(body(await app.inject({ method: 'GET', url: '/http-404' }))).toEqual({
      code: 404,
      response: null,
      reason: GENERIC_MESSAGES.notFound,
    });
    expect(body(await app.inject({ method: 'GET', url: '/http-429' }))).toEqual({
      code: 429,
      response: null,
      reason: GENERIC_MESSAGES.tooManyRequests,
    });
  });

  it('answers a schema failure with 400 and the first message', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, response: null, reason: 'Please enter a name.' });
  });

  it('answers a body that is not an object with a sentence instead of the parser’s wording', async () => {
    for (const url of ['/validated', '/parsed']) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: '[1,2]',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 400, response: null, reason: GENERIC_MESSAGES.invalidRequest });
    }
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validated',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, response: null, reason: expect.any(String) });
  });

  it('answers a response that breaks its own schema with 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ code: 500, response: null, reason: GENERIC_MESSAGES.internal });
  });
});

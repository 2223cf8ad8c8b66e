import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { depositFor } from '../ledger/test-helpers';

/**
 * A client generated from /api/v1/openapi.json calls the listening server (openapi-fetch).
 * Until API keys are merged the call goes to the same paths under /api with a session token as
 * the bearer; with keys, the base URL is /api/v1 and the bearer a key. That such a client
 * typechecks against the generated types: generated-client-types.test.ts (no database).
 */
let app: TestApp;
let baseUrl: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // A shared CI machine under load can take a minute to build the app.
}, 240_000);
afterAll(async () => {
  await app.closeAll();
});

describe('a client generated from the public document', () => {
  it('reads an advertiser\'s balance exactly through /api/v1/user: 2499.95725 €, as the string "2499.95725"', async () => {
    const advertiser = await loginAs(app, 'advertiser');
    await depositFor(app, advertiser.user.id, 2_499_957_250n);
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: advertiser.headers,
      payload: { name: 'balance', scopes: ['billing:read'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { key } = body<{ key: string }>(created).response;
    const client = createClient({ baseUrl: `${baseUrl}/api/v1`, headers: { authorization: `Bearer ${key}` } });
    const answer = await (client.GET as (path: string) => Promise<{ response: Response; data?: unknown }>)('/user');
    expect(answer.response.status).toBe(200);
    // The bytes on the wire, and what a JSON parser makes of them: no float anywhere.
    expect((answer.data as { response: { balance: unknown } }).response.balance).toBe('2499.95725');
    // The dashboard's own API keeps its number of euros, rounded for display.
    const dashboard = await app.inject({ method: 'GET', url: '/api/user', headers: advertiser.headers });
    expect(body<{ balance: number }>(dashboard).response.balance).toBe(2499.96);
  });

  it('calls the listening server: 200 with a bearer, 401 in the envelope without', async () => {
    // The types were generated at run time: here the paths are untyped.
    type Get = (path: string) => Promise<{ response: Response; data?: unknown; error?: unknown }>;
    const get = (client: { GET: unknown }) => client.GET as Get;
    const advertiser = await loginAs(app, 'advertiser');
    const client = createClient({
      baseUrl: `${baseUrl}/api`,
      headers: { authorization: `Bearer ${advertiser.token}` },
    });
    const listed = await get(client)('/campaigns');
    expect(listed.response.status).toBe(200);
    expect(listed.data).toEqual({ code: 200, response: [], reason: null });

    const anonymous = createClient({ baseUrl: `${baseUrl}/api` });
    const refused = await get(anonymous)('/campaigns');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 401, response: null });
  });
});

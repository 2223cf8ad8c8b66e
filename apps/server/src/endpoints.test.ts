import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { buildPath, type EndpointDef, type Role } from '@cryptads/contract/endpoint';
import { allEndpoints } from '@cryptads/contract/endpoints/all';
import { OkSchema } from '@cryptads/contract/api';
import { SESSION_COOKIE } from '@cryptads/contract/session';
import { sessions } from './db/schema/users';
import { endpointKey, registerEndpoints, route } from './lib/endpoint-routes';
import { createSession } from './modules/sessions/sessions.service';
import { body, loginAs } from './testing/helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * The endpoint table is the one place roles are declared (docs/decisions/009): this walks
 * every endpoint, so a new one is checked the day it is added, with no test to remember.
 */

/** A value for each path parameter: an id that exists for nobody. */
const pathOf = (endpoint: EndpointDef) =>
  `/api${buildPath(endpoint.path, Object.fromEntries((endpoint.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), '1'])))}`;

const CUSTOMER_ROLES = ['advertiser', 'publisher'] as const satisfies readonly Role[];
const isPublic = (endpoint: EndpointDef) => endpoint.roles.includes('public');

let app: TestApp;
const tokens = {} as Record<(typeof CUSTOMER_ROLES)[number], string>;

beforeAll(async () => {
  app = await createTestApp({}, { operatorToken: 'operator-secret-for-tests' });
  for (const role of CUSTOMER_ROLES) tokens[role] = (await loginAs(app, role)).token;
});
afterAll(async () => {
  await app.closeAll();
});

describe('the endpoint table', () => {
  it('declares each method and path once, every one with roles', () => {
    const keys = allEndpoints.map(endpointKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of allEndpoints) expect(endpoint.roles.length, endpointKey(endpoint)).toBeGreaterThan(0);
  });

  it('has a route on the server for every endpoint', () => {
    const missing = allEndpoints.filter(
      // The router ignores trailing slashes (app.ts): it keeps '/listings/:unique/' without one.
      (endpoint) => !app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}`.replace(/(.)\/$/, '$1') }),
    );
    expect(missing.map(endpointKey)).toEqual([]);
  });

  it('refuses to start with an endpoint that declares no roles', async () => {
    const bare = Fastify();
    const endpoint = { method: 'GET', path: '/nobody', roles: [], tag: 't', summary: 's', response: OkSchema } as const;
    expect(() => registerEndpoints(bare, [route(endpoint, async () => ({ ok: true as const }))])).toThrow(
      /declares no roles/,
    );
    await bare.close();
  });

  it('refuses to start with optionalAuth on an endpoint that requires a session', async () => {
    const bare = Fastify();
    const endpoint = {
      method: 'GET',
      path: '/mine',
      roles: ['advertiser'],
      optionalAuth: true,
      tag: 't',
      summary: 's',
      response: OkSchema,
    } as const;
    expect(() => registerEndpoints(bare, [route(endpoint, async () => ({ ok: true as const }))])).toThrow(
      /optionalAuth is for public endpoints/,
    );
    await bare.close();
  });

  it('resolves the browser’s cookie session on every public endpoint with optionalAuth', async () => {
    // The auth check marks a session it resolved as seen (at most once a minute): a session last
    // seen ten minutes ago shows whether the check ran for it, whatever the endpoint answers.
    const { user } = await loginAs(app, 'advertiser');
    const optional = allEndpoints.filter((e) => isPublic(e) && e.optionalAuth === true);
    const unresolved: string[] = [];
    for (const endpoint of optional) {
      const { token, session } = await createSession(app.ctx.db, {
        userId: user.id,
        scope: 'full',
        rememberMe: false,
        meta: { ip: '127.0.0.1', userAgent: 'vitest' },
      });
      const before = new Date(Date.now() - 10 * 60_000);
      await app.ctx.db.update(sessions).set({ lastSeenAt: before }).where(eq(sessions.id, session.id));
      await app.inject({
        method: endpoint.method,
        url: pathOf(endpoint),
        headers: { cookie: `${SESSION_COOKIE}=${token}`, 'sec-fetch-site': 'same-origin' },
      });
      const [row] = await app.ctx.db.select().from(sessions).where(eq(sessions.id, session.id));
      if (!row || row.lastSeenAt.getTime() <= before.getTime()) unresolved.push(endpointKey(endpoint));
    }
    expect(unresolved).toEqual([]);
    // The owner's campaign preview is one of them (GET /campaignSharing/:permalink).
    expect(optional.map(endpointKey)).toContain('GET /campaignSharing/:permalink');
  });

  it('answers 401 without a session on every endpoint that needs one', async () => {
    const wrong: string[] = [];
    for (const endpoint of allEndpoints.filter((e) => !isPublic(e))) {
      const res = await app.inject({ method: endpoint.method, url: pathOf(endpoint) });
      if (res.statusCode !== 401 || body(res).reason !== GENERIC_MESSAGES.unauthorized)
        wrong.push(`${endpointKey(endpoint)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to each customer role the endpoint does not allow, before looking at the input', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const endpoint of allEndpoints.filter((e) => !isPublic(e))) {
      for (const role of CUSTOMER_ROLES.filter((r) => !endpoint.roles.includes(r))) {
        checked++;
        const res = await app.inject({
          method: endpoint.method,
          url: pathOf(endpoint),
          headers: { authorization: `Bearer ${tokens[role]}` },
        });
        if (res.statusCode !== 403 || body(res).reason !== (endpoint.forbidden ?? GENERIC_MESSAGES.forbiddenRole))
          wrong.push(`${role} ${endpointKey(endpoint)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('lists every endpoint in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    // Paths are relative to the document's server, /api.
    const doc = JSON.parse(res.body) as { servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    // The router ignores a trailing slash: the document names each path without one.
    const missing = allEndpoints.map(endpointKey).filter((key) => !documented.has(key.replace(/(.)\/$/, '$1')));
    expect(missing).toEqual([]);
  });
});

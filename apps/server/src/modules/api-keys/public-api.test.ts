import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEYS_MAX_ACTIVE, type CreatedApiKey, type ApiKey } from '@cryptads/contract/api-keys';
import { API_SCOPES, type ApiScope, buildPath, type EndpointDef } from '@cryptads/contract/endpoint';
import { allEndpoints } from '@cryptads/contract/endpoints/all';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import { websites } from '../../db/schema/websites';
import { currentTotp, newTotpSecret, sealTotpSecret } from '../../lib/totp';
import { endpointKey } from '../../lib/endpoint-routes';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { userChanged } from '../sessions/cache';
import { insertListing } from '../marketplace/test-helpers';
import { isWellFormedApiKey } from './key-format';

/**
 * The public API (docs/decisions/040-public-api.md): keys, the scope of every endpoint of the
 * table under /api/v1, revocation, rate limits and Idempotency-Key.
 */
let app: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  app = await createTestApp(
    { AUTH_RATE_LIMIT_MAX: '1000' },
    { logger: () => ({ level: 'error', stream: { write: (line: string) => void logs.push(line) } }) },
  );
});
afterAll(async () => {
  await app.closeAll();
});

type Customer = Awaited<ReturnType<typeof loginAs>>;

async function createKey(
  who: Customer,
  scopes: readonly ApiScope[],
  extra: Record<string, unknown> = {},
): Promise<CreatedApiKey> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/apiKeys',
    headers: who.headers,
    payload: { name: `key ${scopes.length === 1 ? scopes[0] : 'all'}`, scopes, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<CreatedApiKey>(res).response;
}

const withKey = (key: string, headers: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...headers });

/** A value for each path parameter: an id that exists for nobody. */
const pathOf = (endpoint: EndpointDef, prefix: string) =>
  `${prefix}${buildPath(endpoint.path, Object.fromEntries((endpoint.path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), '1'])))}`;

function call(endpoint: EndpointDef, key: string, prefix = '/api/v1') {
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return app.inject({
    method: endpoint.method,
    url: pathOf(endpoint, prefix),
    headers: withKey(key),
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('API keys in Settings', () => {
  it('creates a key shown once, lists it without the key, and revokes it', async () => {
    const adv = await loginAs(app, 'advertiser');
    const created = await createKey(adv, ['reports:read', 'campaigns:read']);
    expect(isWellFormedApiKey(created.key)).toBe(true);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.scopes).toEqual(['reports:read', 'campaigns:read']);
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(90);

    const list = await app.inject({ method: 'GET', url: '/api/user/apiKeys', headers: adv.headers });
    const keys = body<ApiKey[]>(list).response;
    expect(keys).toHaveLength(1);
    expect(list.body).not.toContain(created.key);
    expect(keys[0]).toMatchObject({ id: created.id, prefix: created.prefix, lastUsedAt: null, lastUsedIp: null });
    // Only the hash is stored.
    const [row] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.prefix.length));

    const revoke = await app.inject({ method: 'DELETE', url: `/api/user/apiKeys/${created.id}`, headers: adv.headers });
    expect(revoke.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/user/apiKeys', headers: adv.headers });
    expect(body<ApiKey[]>(after).response).toHaveLength(0);
  });

  it('refuses an expiry above 365 days, an unknown scope and no scope', async () => {
    const adv = await loginAs(app, 'advertiser');
    for (const payload of [
      { name: 'x', scopes: ['reports:read'], expiresInDays: 366 },
      { name: 'x', scopes: ['settings:write'] },
      { name: 'x', scopes: [] },
      { name: '', scopes: ['reports:read'] },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/user/apiKeys', headers: adv.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('asks for the 2FA code when two-factor authentication is on', async () => {
    const adv = await loginAs(app, 'advertiser');
    const secret = newTotpSecret();
    await app.ctx.db
      .update(users)
      .set({ twoFactorSecret: sealTotpSecret(app.ctx.config.totp.encryptionKey, adv.user.id, secret) })
      .where(eq(users.id, adv.user.id));
    await userChanged(app.ctx, adv.user.id);
    const url = '/api/user/apiKeys';
    const payload = { name: 'ci', scopes: ['reports:read'] };
    const without = await app.inject({ method: 'POST', url, headers: adv.headers, payload });
    expect(without.statusCode).toBe(400);
    expect(body(without).reason).toBe(API_KEY_MESSAGES.twoFactorRequired);
    const wrongCode = (await currentTotp(secret)) === '000000' ? '111111' : '000000';
    const wrong = await app.inject({
      method: 'POST',
      url,
      headers: adv.headers,
      payload: { ...payload, twoFactorCode: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await app.inject({
      method: 'POST',
      url,
      headers: adv.headers,
      payload: { ...payload, twoFactorCode: await currentTotp(secret) },
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it(`caps the keys in force at ${API_KEYS_MAX_ACTIVE} per account`, async () => {
    const pub = await loginAs(app, 'publisher');
    for (let i = 0; i < API_KEYS_MAX_ACTIVE; i++) await createKey(pub, ['websites:read']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: pub.headers,
      payload: { name: 'one too many', scopes: ['websites:read'] },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).reason).toBe(API_KEY_MESSAGES.tooManyKeys(API_KEYS_MAX_ACTIVE));
  });

  it("answers 404 for another account's key", async () => {
    const a = await loginAs(app, 'advertiser');
    const b = await loginAs(app, 'advertiser');
    const key = await createKey(a, ['reports:read']);
    const res = await app.inject({ method: 'DELETE', url: `/api/user/apiKeys/${key.id}`, headers: b.headers });
    expect(res.statusCode).toBe(404);
    const still = await app.inject({ method: 'GET', url: '/api/v1/reports', headers: withKey(key.key) });
    expect(still.statusCode).toBe(200);
  });

  it('cannot be managed with a key', async () => {
    const adv = await loginAs(app, 'advertiser');
    const key = await createKey(adv, [...API_SCOPES]);
    const res = await app.inject({ method: 'GET', url: '/api/user/apiKeys', headers: withKey(key.key) });
    expect(res.statusCode).toBe(401);
    expect(body(res).reason).toBe(API_KEY_MESSAGES.keyNotAccepted);
  });
});

describe('scopes over the endpoint table', () => {
  const scoped = allEndpoints.filter((e) => e.scope !== undefined);
  const unscoped = allEndpoints.filter((e) => e.scope === undefined);
  const keysByRole = {} as Record<'advertiser' | 'publisher', Record<ApiScope, string> & { all: string }>;

  beforeAll(async () => {
    for (const role of ['advertiser', 'publisher'] as const) {
      const who = await loginAs(app, role);
      const keys = {} as Record<ApiScope, string> & { all: string };
      for (const scope of API_SCOPES) keys[scope] = (await createKey(who, [scope])).key;
      keys.all = (await createKey(who, [...API_SCOPES])).key;
      keysByRole[role] = keys;
    }
  });

  it('gives a scope to the public endpoints and none to settings, security, deposits or the back office', () => {
    expect(scoped.length).toBeGreaterThan(20);
    for (const endpoint of scoped) {
      expect(endpoint.roles, endpointKey(endpoint)).not.toContain('public');
      expect(endpoint.path, endpointKey(endpoint)).not.toMatch(
        /^\/(admin|operator|user\/(sessions|password|preferences|apiKeys|twoFactor)|deposits|billing\/(details|withdraw)|auth)/,
      );
    }
  });

  for (const scope of API_SCOPES) {
    it(`${scope}: a key with only this scope reaches its endpoints and gets 403 on the others`, async () => {
      for (const endpoint of scoped) {
        const role = endpoint.roles.includes('advertiser') ? 'advertiser' : 'publisher';
        const res = await call(endpoint, keysByRole[role][scope]);
        const label = `${endpointKey(endpoint)} with ${scope}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (endpoint.scope === scope) {
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode, label).not.toBe(403);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(body(res).reason, label).toBe(API_KEY_MESSAGES.missingScope(endpoint.scope as string));
        }
      }
    });
  }

  it('applies the role check of the key’s account type', async () => {
    for (const endpoint of scoped) {
      const other = ['advertiser', 'publisher'].find((r) => !endpoint.roles.includes(r as never));
      if (!other) continue;
      const res = await call(endpoint, keysByRole[other as 'advertiser' | 'publisher'].all);
      expect(res.statusCode, endpointKey(endpoint)).toBe(403);
    }
  });

  it('reaches no unscoped endpoint under /api/v1, and no endpoint under /api, with any key', async () => {
    for (const endpoint of unscoped) {
      // A key of the endpoint's own account type: nothing but the missing route refuses it.
      const res = await call(
        endpoint,
        keysByRole[endpoint.roles.includes('publisher') ? 'publisher' : 'advertiser'].all,
      );
      expect(res.statusCode, endpointKey(endpoint)).toBe(404);
    }
    for (const endpoint of scoped) {
      const res = await call(endpoint, keysByRole.publisher.all, '/api');
      expect(res.statusCode, endpointKey(endpoint)).toBe(401);
    }
  });
});

describe('authentication under /api/v1', () => {
  it('refuses no key, a session, a malformed key, an expired key and a revoked key with 401', async () => {
    const adv = await loginAs(app, 'advertiser');
    const url = '/api/v1/reports';
    const none = await app.inject({ method: 'GET', url });
    expect(none.statusCode).toBe(401);
    expect(body(none).reason).toBe(API_KEY_MESSAGES.keyMissing);
    const session = await app.inject({ method: 'GET', url, headers: adv.headers });
    expect(session.statusCode).toBe(401);
    const cookie = await app.inject({ method: 'GET', url, cookies: { cads_session: adv.token } });
    expect(cookie.statusCode).toBe(401);

    const key = await createKey(adv, ['reports:read']);
    const tampered = `${key.key.slice(0, -1)}${key.key.endsWith('A') ? 'B' : 'A'}`;
    const bad = await app.inject({ method: 'GET', url, headers: withKey(tampered) });
    expect(bad.statusCode).toBe(401);
    expect(body(bad).reason).toBe(API_KEY_MESSAGES.keyInvalid);

    expect((await app.inject({ method: 'GET', url, headers: withKey(key.key) })).statusCode).toBe(200);
    await app.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    const expired = await app.inject({ method: 'GET', url, headers: withKey(key.key) });
    expect(expired.statusCode).toBe(401);
    expect(body(expired).reason).toBe(API_KEY_MESSAGES.keyInvalid);

    const second = await createKey(adv, ['reports:read']);
    expect((await app.inject({ method: 'GET', url, headers: withKey(second.key) })).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/user/apiKeys/${second.id}`, headers: adv.headers });
    const revoked = await app.inject({ method: 'GET', url, headers: withKey(second.key) });
    expect(revoked.statusCode).toBe(401);
  });

  it('records the last use, time and address', async () => {
    const adv = await loginAs(app, 'advertiser');
    const key = await createKey(adv, ['reports:read']);
    await app.inject({
      method: 'GET',
      url: '/api/v1/reports',
      headers: withKey(key.key),
      remoteAddress: '203.0.113.9',
    });
    const list = body<ApiKey[]>(
      await app.inject({ method: 'GET', url: '/api/user/apiKeys', headers: adv.headers }),
    ).response;
    expect(list[0]).toMatchObject({ lastUsedIp: '203.0.113.9' });
    expect(list[0]?.lastUsedAt).not.toBeNull();
  });

  it("answers 404 for another account's website through a key", async () => {
    const a = await loginAs(app, 'publisher');
    const b = await loginAs(app, 'publisher');
    const created = await app.inject({
      method: 'POST',
      url: '/api/websites',
      headers: a.headers,
      payload: { website: `https://owned-${Date.now().toString(36)}.example` },
    });
    const id = body<{ id: number }>(created).response.id;
    const keyA = await createKey(a, ['websites:read']);
    const keyB = await createKey(b, ['websites:read']);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/websites/${id}`, headers: withKey(keyA.key) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/websites/${id}`, headers: withKey(keyB.key) })).statusCode,
    ).toBe(404);
  });

  it('answers validation errors in the same envelope as /api', async () => {
    const pub = await loginAs(app, 'publisher');
    const key = await createKey(pub, ['websites:write']);
    const viaKey = await app.inject({
      method: 'POST',
      url: '/api/v1/websites',
      headers: withKey(key.key),
      payload: { website: 42 },
    });
    const viaSession = await app.inject({
      method: 'POST',
      url: '/api/websites',
      headers: pub.headers,
      payload: { website: 42 },
    });
    expect(viaKey.statusCode).toBe(400);
    expect(JSON.parse(viaKey.body)).toEqual(JSON.parse(viaSession.body));
  });
});

describe('money under /api/v1 (docs/decisions/057-exact-money-on-the-wire.md)', () => {
  it('answers exact decimal strings and takes them in bodies; the dashboard keeps its numbers', async () => {
    const website = `exact-${Date.now().toString(36)}.example`;
    await insertListing(app.ctx.db, { website, price: 1234.5678 });
    const adv = await loginAs(app, 'advertiser');
    const key = await createKey(adv, ['marketplace:read']);
    const search = { website: [website], minPrice: '1000', maxPrice: '2000.5' };
    const viaKey = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/listings',
      headers: withKey(key.key),
      payload: search,
    });
    expect(viaKey.statusCode, viaKey.body).toBe(200);
    const [card] = Object.values(
      body<{ listings: Record<string, { price: unknown; finalPrice: unknown }> }>(viaKey).response.listings,
    );
    expect(card).toMatchObject({ price: '1234.5678', finalPrice: '1234.57' });

    const viaSession = await app.inject({
      method: 'POST',
      url: '/api/marketplace/listings',
      headers: adv.headers,
      payload: { website: [website], minPrice: 1000, maxPrice: 2000.5 },
    });
    const [shown] = Object.values(body<{ listings: Record<string, { price: unknown }> }>(viaSession).response.listings);
    expect(shown).toMatchObject({ price: 1234.57, finalPrice: 1234.57 });
  });

  it('converts the amounts of a body its handler parses itself (campaigns) before the handler runs', async () => {
    const adv = await loginAs(app, 'advertiser');
    const key = await createKey(adv, ['campaigns:write']);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/campaigns/2147483647',
      headers: withKey(key.key),
      payload: { name: 'Spring', price: 0.45, dailyBudget: '50' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('price must be an amount in euros written as a decimal string, such as "25.00".');
    // Decimal strings pass the conversion and reach the handler: a campaign that is not the key's is not found.
    const converted = await app.inject({
      method: 'PUT',
      url: '/api/v1/campaigns/2147483647',
      headers: withKey(key.key),
      payload: { name: 'Spring', price: '0.45', dailyBudget: '50' },
    });
    expect(converted.statusCode).toBe(404);
  });

  it.each([
    [{ minPrice: 1000 }, 'minPrice must be an amount in euros written as a decimal string, such as "25.00".'],
    [{ maxPrice: '1e3' }, 'maxPrice must be an amount in euros written as a decimal string, such as "25.00".'],
    [{ minPrice: '10.1234567' }, 'minPrice has more than 6 decimals: amounts are exact to the micro-euro (0.000001).'],
    // The endpoint's own rule still applies to the euros the string stands for.
    [{ minPrice: '-1' }, undefined],
  ])('refuses %j with 400 and a sentence', async (payload, reason) => {
    const adv = await loginAs(app, 'advertiser');
    const key = await createKey(adv, ['marketplace:read']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/listings',
      headers: withKey(key.key),
      payload,
    });
    expect(res.statusCode).toBe(400);
    const answer = body(res);
    expect(answer).toMatchObject({ code: 400, response: null });
    if (reason) expect(answer.reason).toBe(reason);
    else expect(answer.reason).toEqual(expect.any(String));
  });
});

describe('Idempotency-Key', () => {
  const websiteCount = async (userId: number) =>
    (await app.ctx.db.select({ n: count() }).from(websites).where(eq(websites.ownerId, userId)))[0]?.n ?? 0;

  it('answers the first answer again to the same request, 422 to another', async () => {
    const pub = await loginAs(app, 'publisher');
    const key = await createKey(pub, ['websites:write']);
    const payload = { website: `https://idem-${Date.now().toString(36)}.example` };
    const headers = withKey(key.key, { 'idempotency-key': 'create-site-1' });
    const first = await app.inject({ method: 'POST', url: '/api/v1/websites', headers, payload });
    expect(first.statusCode, first.body).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/v1/websites', headers, payload });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await websiteCount(pub.user.id)).toBe(1);
    // Without the header the same request runs again: the domain is taken.
    const plain = await app.inject({ method: 'POST', url: '/api/v1/websites', headers: withKey(key.key), payload });
    expect(plain.statusCode).toBe(409);
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/websites',
      headers,
      payload: { website: 'https://another.example' },
    });
    expect(other.statusCode).toBe(422);
    expect(body(other).reason).toBe(API_KEY_MESSAGES.idempotencyMismatch);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/websites',
      headers: withKey(key.key, { 'idempotency-key': 'with space' }),
      payload,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('runs concurrent duplicates once', async () => {
    const pub = await loginAs(app, 'publisher');
    const key = await createKey(pub, ['websites:write']);
    const payload = { website: `https://race-${Date.now().toString(36)}.example` };
    const headers = withKey(key.key, { 'idempotency-key': 'race-1' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ method: 'POST', url: '/api/v1/websites', headers, payload })),
    );
    for (const res of answers) {
      if (res.statusCode !== 200) console.log(logs.join('\n'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(answers[0]?.body);
    }
    expect(await websiteCount(pub.user.id)).toBe(1);
  });
});

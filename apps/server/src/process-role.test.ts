import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadinessSchema } from '@cryptads/contract/system';
import { loadConfig } from './config';
import type { ProcessRole } from './process-role';
import { body } from './testing/helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * PROCESS_ROLE (docs/decisions/030-process-roles.md): each role registers only its routes and
 * runs only its parts. The roles of several processes need PostgreSQL in production; here the
 * test app's own database stands in (the URL only satisfies the configuration), and Redis is
 * the machine's, under a prefix of this test's.
 */
const shared = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
  CLICK_SECRET: 'r'.repeat(40),
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
};

const apps = new Map<ProcessRole, TestApp>();
beforeAll(async () => {
  const roles = ['all', 'api', 'delivery', 'worker'] as const;
  const built = await Promise.all(roles.map((role) => createTestApp({ ...shared, PROCESS_ROLE: role })));
  roles.forEach((role, i) => {
    apps.set(role, built[i] as TestApp);
  });
}, 180_000);
afterAll(async () => {
  for (const app of apps.values()) await app.closeAll();
  // Only this test's keys (the stream's group, counters): the Redis is shared.
  const redis = new Redis(shared.REDIS_URL);
  try {
    const keys = await redis.keys(`${shared.REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

const appOf = (role: ProcessRole) => {
  const app = apps.get(role);
  if (!app) throw new Error(`no ${role} app`);
  return app;
};
const get = (role: ProcessRole, url: string) => appOf(role).inject({ method: 'GET', url });

async function readiness(role: ProcessRole) {
  const res = await get(role, '/api/ready');
  expect(res.statusCode).toBe(200);
  return ReadinessSchema.parse(body(res).response);
}

describe('configuration', () => {
  it('runs everything in one process unless told otherwise', () => {
    expect(loadConfig({}).role).toBe('all');
  });

  it.each(['api', 'delivery', 'worker'])('refuses PROCESS_ROLE=%s on the embedded database', (role) => {
    expect(() => loadConfig({ PROCESS_ROLE: role })).toThrow(/DATABASE_URL: PROCESS_ROLE=\w+ needs DATABASE_URL/);
  });

  it('refuses a delivery process without Redis: budgets, capping and clicks are shared there', () => {
    const { REDIS_URL: _, ...withoutRedis } = shared;
    expect(() => loadConfig({ ...withoutRedis, PROCESS_ROLE: 'delivery' })).toThrow(
      /REDIS_URL: PROCESS_ROLE=delivery needs REDIS_URL/,
    );
    expect(loadConfig({ ...withoutRedis, PROCESS_ROLE: 'api' }).role).toBe('api');
    expect(loadConfig({ ...withoutRedis, PROCESS_ROLE: 'worker' }).role).toBe('worker');
  });

  it('refuses an unknown role', () => {
    expect(() => loadConfig({ PROCESS_ROLE: 'web' })).toThrow(/PROCESS_ROLE/);
  });
});

describe('routes by role', () => {
  const notFound = { code: 404, response: null };

  it('all: the API, the web app and delivery', async () => {
    expect((await get('all', '/api/config')).statusCode).toBe(200);
    expect((await get('all', '/tag.js')).statusCode).toBe(200);
    expect((await get('all', '/serve/unknown-zone')).statusCode).toBe(204);
    expect((await get('all', '/api/health')).statusCode).toBe(200);
  });

  it('api: the API and the web app; delivery answers 404', async () => {
    expect((await get('api', '/api/config')).statusCode).toBe(200);
    expect(body(await get('api', '/api/user'))).toMatchObject({ code: 401 });
    for (const url of ['/tag.js', '/serve/unknown-zone', '/click/anything']) {
      const res = await get('api', url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get('api', '/api/health')).statusCode).toBe(200);
  });

  it('delivery: /tag.js, /serve, /click and the probes; the API and the web app answer 404', async () => {
    expect((await get('delivery', '/tag.js')).statusCode).toBe(200);
    expect((await get('delivery', '/serve/unknown-zone')).statusCode).toBe(204);
    expect((await get('delivery', '/click/not-a-token')).statusCode).toBe(400);
    expect((await get('delivery', '/api/health')).statusCode).toBe(200);
    for (const url of ['/api/config', '/api/user', '/api/openapi.json', '/login/', '/dev/mailbox', '/uploads/x.png']) {
      const res = await get('delivery', url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res), url).toMatchObject(notFound);
    }
  });

  it('worker: only the probes', async () => {
    expect((await get('worker', '/api/health')).statusCode).toBe(200);
    for (const url of ['/api/config', '/api/user', '/tag.js', '/serve/unknown-zone', '/click/x', '/login/']) {
      const res = await get('worker', url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res), url).toMatchObject(notFound);
    }
  });
});

describe('parts by role', () => {
  it('the domain-event worker runs in the worker and in the one process only', () => {
    expect(appOf('all').ctx.events).toBeDefined();
    expect(appOf('worker').ctx.events).toBeDefined();
    expect(appOf('api').ctx.events).toBeUndefined();
    expect(appOf('delivery').ctx.events).toBeUndefined();
  });

  it('an api process holds no delivery engine or recorder', () => {
    expect(appOf('api').ctx.delivery).toBeUndefined();
    expect(appOf('delivery').ctx.delivery).toBeDefined();
    expect(appOf('worker').ctx.delivery).toBeDefined();
  });
});

describe('/api/ready by role', () => {
  it('says the role and checks only what the role runs', async () => {
    const all = await readiness('all');
    expect(all).toMatchObject({ ready: true, role: 'all', database: { ready: true } });
    expect(all.delivery?.ready).toBe(true);
    expect(all.recorder?.ready).toBe(true);

    expect(await readiness('api')).toMatchObject({ ready: true, role: 'api', delivery: null, recorder: null });

    const serving = await readiness('delivery');
    expect(serving).toMatchObject({ ready: true, role: 'delivery', delivery: { ready: true, loaded: true } });
    expect(serving.recorder?.ready).toBe(true);

    const worker = await readiness('worker');
    expect(worker).toMatchObject({ ready: true, role: 'worker', delivery: null });
    expect(worker.recorder?.ready).toBe(true);
  });
});

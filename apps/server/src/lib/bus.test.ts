import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itOnPostgres } from '../testing/postgres-only';
import { type Bus, createInProcessBus, createPostgresBus, createRedisBus } from './bus';

const random = () => randomBytes(4).toString('hex');
/** The machine's Redis (README: tests use a random key prefix each, never FLUSHDB). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Collects what a bus delivers on a topic. */
function listen(bus: Bus, topic: string) {
  const received: string[] = [];
  bus.subscribe(topic, (message) => received.push(message));
  return received;
}

/** Two buses on one backend behave as two processes: a publish reaches both, once each. */
async function reachesEveryProcess(a: Bus, b: Bus) {
  const topic = `t${random()}`;
  const inA = listen(a, topic);
  const inB = listen(b, topic);
  // B's SUBSCRIBE may still be on its way: publish until B hears one, then count a fresh one.
  await vi.waitFor(
    async () => {
      await a.publish(topic, 'warm-up');
      expect(inB).toContain('warm-up');
    },
    { timeout: 5000, interval: 50 },
  );
  await vi.waitFor(() => expect(inA).toContain('warm-up'));
  await b.publish(topic, 'user:42');
  // Late warm-ups may still arrive; the message itself arrives once in each process.
  const once = (received: string[]) => received.filter((m) => m !== 'warm-up');
  await vi.waitFor(() => {
    expect(once(inA)).toEqual(['user:42']);
    expect(once(inB)).toEqual(['user:42']);
  });
}

describe('in-process bus', () => {
  it('delivers to every subscriber before publish resolves, and stops after unsubscribe', async () => {
    const warnings: object[] = [];
    const bus = createInProcessBus({ warn: (o) => warnings.push(o), error: () => {} });
    const first: string[] = [];
    const second: string[] = [];
    const stop = bus.subscribe('user', (m) => first.push(m));
    bus.subscribe('user', () => {
      throw new Error('a broken subscriber');
    });
    bus.subscribe('user', (m) => second.push(m));
    bus.subscribe('other', () => first.push('wrong topic'));
    await bus.publish('user', '7');
    expect(first).toEqual(['7']);
    expect(second).toEqual(['7']);
    expect(warnings).toHaveLength(1);
    stop();
    await bus.publish('user', '8');
    expect(first).toEqual(['7']);
    expect(second).toEqual(['7', '8']);
    await bus.close();
  });

  it('refuses a topic that cannot be a channel name', async () => {
    const bus = createInProcessBus();
    expect(() => bus.subscribe('Has Spaces', () => {})).toThrow(/invalid topic/);
    await expect(bus.publish('x'.repeat(64), '')).rejects.toThrow(/invalid topic/);
  });
});

describe('Redis bus', () => {
  it('reaches the subscribers of every process', async () => {
    const prefix = `cryptads-test-${random()}:`;
    const a = await createRedisBus({ url: redisUrl, prefix });
    const b = await createRedisBus({ url: redisUrl, prefix });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await reachesEveryProcess(a, b);
  });

  it('keeps deployments with different prefixes apart', async () => {
    const a = await createRedisBus({ url: redisUrl, prefix: `cryptads-test-${random()}:` });
    const b = await createRedisBus({ url: redisUrl, prefix: `cryptads-test-${random()}:` });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const inB = listen(b, 'user');
    const inA = listen(a, 'user');
    await vi.waitFor(async () => {
      await a.publish('user', '1');
      expect(inA.length).toBeGreaterThan(0);
    });
    await b.publish('user', 'b');
    await vi.waitFor(() => expect(inB).toContain('b'));
    expect(inB).not.toContain('1');
  });
});

/** A pool as the app has, named so the test can find its listening connection. */
function pool(name: string) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const p = new pg.Pool({ connectionString: url, max: 2, application_name: name });
  cleanups.push(() => p.end());
  return p;
}

itOnPostgres('PostgreSQL bus: reaches the subscribers of every process', async () => {
  const a = await createPostgresBus(pool(`bus-a-${random()}`));
  const b = await createPostgresBus(pool(`bus-b-${random()}`));
  cleanups.push(
    () => b.close(),
    () => a.close(),
  );
  await reachesEveryProcess(a, b);
});

itOnPostgres('PostgreSQL bus: listens again after its connection is killed, and reports the gap', async () => {
  const name = `bus-k-${random()}`;
  const admin = pool(`bus-admin-${random()}`);
  const publisher = await createPostgresBus(pool(`bus-p-${random()}`));
  const bus = await createPostgresBus(pool(name));
  cleanups.push(
    () => bus.close(),
    () => publisher.close(),
  );
  const topic = `t${random()}`;
  const received = listen(bus, topic);
  let gaps = 0;
  bus.onGap?.(() => gaps++);
  await bus.publish(topic, 'before');
  await vi.waitFor(() => expect(received).toEqual(['before']));

  const killed = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
    [`${name}-bus`],
  );
  expect(killed.rowCount).toBe(1);
  await vi.waitFor(() => expect(gaps).toBe(1), { timeout: 10_000, interval: 50 });
  await publisher.publish(topic, 'after');
  await vi.waitFor(() => expect(received).toEqual(['before', 'after']));
});

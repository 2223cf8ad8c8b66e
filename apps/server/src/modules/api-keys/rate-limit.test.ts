import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '../../lib/redis';
import { type Counter, consume, memoryCounter, rateLimitHeader, redisCounter } from './rate-limit';

/**
 * The public API's counters (docs/decisions/040-public-api.md): a request takes one from its
 * key's budget and one from its account's, or nothing when either is spent.
 */

/** The machine's Redis (README: tests use a random key prefix each, never FLUSHDB). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(6).toString('hex')}:`;
const clients: Redis[] = [];

afterAll(async () => {
  // Every key this file wrote (SCAN patterns are not prefixed by ioredis).
  const raw = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, found] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length) await raw.del(...found);
    cursor = next;
  } while (cursor !== '0');
  await raw.quit();
  for (const c of clients) await closeRedis(c);
});

/** One process's counter on the shared Redis: its own connection, the same prefix. */
function sharedCounter(): Counter {
  const client = createRedis({ url: redisUrl, prefix }, { commandTimeoutMs: 30_000 });
  clients.push(client);
  return redisCounter(client);
}

const keyPolicy = { name: 'key', quota: 3, windowSeconds: 60 };
const accountPolicy = { name: 'account', quota: 5, windowSeconds: 60 };
/** The start of a window, 2 s in: 58 s left. */
const NOW = 1_800_000_000_000 - (1_800_000_000_000 % 60_000) + 2_000;

let accounts = 0;
/** A fresh account (ids unique within this file: Redis is shared by its tests). */
function account() {
  const id = ++accounts;
  return (key: string) => [
    { id: `k:${id}${key}`, policy: keyPolicy },
    { id: `a:${id}`, policy: accountPolicy },
  ];
}

describe.each([
  ['in memory', () => [memoryCounter()]],
  // Two processes: the requests alternate between them.
  ['in Redis, shared by two processes', () => [sharedCounter(), sharedCounter()]],
])('the public API counters %s', (_, make) => {
  /** The counter of the process that receives request `i`. */
  const processes = () => {
    const list = make();
    return (i: number) => list[i % list.length] as Counter;
  };

  it("refuse a runaway key without spending its account's budget: the other keys keep their share", async () => {
    const on = processes();
    const checks = account();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await consume(on(i), checks('A'), NOW));
    expect(answers.filter((a) => a.limited === null)).toHaveLength(3);
    // The key's 37 refusals spent nothing: the account has used 3 of its 5.
    const refused = await consume(on(0), checks('A'), NOW);
    expect(refused.limited?.policy.name).toBe('key');
    expect(rateLimitHeader(refused.usages)).toBe('"key";r=0;t=58, "account";r=2;t=58');
    const b1 = await consume(on(1), checks('B'), NOW);
    expect(b1.limited).toBeNull();
    expect(rateLimitHeader(b1.usages)).toBe('"key";r=2;t=58, "account";r=1;t=58');
    const b2 = await consume(on(0), checks('B'), NOW);
    expect(b2.limited).toBeNull();
    expect(rateLimitHeader(b2.usages)).toBe('"key";r=1;t=58, "account";r=0;t=58');
  });

  it("leave a refused request's budgets as they were, whichever limit refused it", async () => {
    const on = processes();
    const checks = account();
    for (let i = 0; i < 3; i++) expect((await consume(on(0), checks('A'), NOW)).limited).toBeNull();
    for (let i = 0; i < 10; i++) {
      const byKey = await consume(on(i), checks('A'), NOW);
      expect(byKey.limited?.policy.name).toBe('key');
      expect(rateLimitHeader(byKey.usages)).toBe('"key";r=0;t=58, "account";r=2;t=58');
    }
    for (let i = 0; i < 2; i++) expect((await consume(on(0), checks('B'), NOW)).limited).toBeNull();
    // The account is spent: B's refusals do not take from B's own budget (one left).
    for (let i = 0; i < 10; i++) {
      const byAccount = await consume(on(i), checks('B'), NOW);
      expect(byAccount.limited?.policy.name).toBe('account');
      expect(rateLimitHeader(byAccount.usages)).toBe('"key";r=1;t=58, "account";r=0;t=58');
    }
    // The next window starts from nothing.
    const next = await consume(on(0), checks('B'), NOW + 60_000);
    expect(rateLimitHeader(next.usages)).toBe('"key";r=2;t=58, "account";r=4;t=58');
  });

  it('accept exactly the budget of requests that arrive together', async () => {
    const on = processes();
    const checks = account();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => consume(on(i), checks(i % 4 < 2 ? 'A' : 'B'), NOW)),
    );
    const accepted = answers.filter((a) => a.limited === null);
    expect(accepted).toHaveLength(5);
    const after = await consume(on(0), checks('C'), NOW);
    expect(rateLimitHeader(after.usages)).toBe('"key";r=3;t=58, "account";r=0;t=58');
  });
});

describe('the in-memory counter', () => {
  it("past its capacity forgets the idle counters, never an active key's count", async () => {
    const counter = memoryCounter();
    const runaway = [{ id: 'k:runaway', policy: keyPolicy }];
    for (let i = 0; i < 3; i++) await consume(counter, runaway, NOW);
    expect((await consume(counter, runaway, NOW)).limited).not.toBeNull();
    // 100,001 other keys, one request each, while the runaway key keeps trying.
    for (let i = 0; i <= 100_000; i++) {
      await consume(counter, [{ id: `k:other-${i}`, policy: keyPolicy }], NOW);
      if (i % 1000 === 999) expect((await consume(counter, runaway, NOW)).limited).not.toBeNull();
    }
    expect((await consume(counter, runaway, NOW)).limited).not.toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '../../lib/redis';
import { type Reservation, RedisDeliveryState } from './shared-state';
import { type DeliveryEvent, EventKind } from './types';

/** The machine's Redis (README: tests use a random key prefix each, never FLUSHDB). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(6).toString('hex')}:`;
const clients: Redis[] = [];

/** One delivery process's view of the shared state: its own connection, the same prefix. */
function process_() {
  // A loaded CI machine may stall a burst of 400 scripts past the 2 s default command timeout.
  const client = createRedis({ url: redisUrl, prefix }, { commandTimeoutMs: 30_000 });
  clients.push(client);
  return new RedisDeliveryState(client, 3_600_000);
}

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

let campaignCounter = 1;
const NOW = Date.parse('2026-11-23T12:00:00Z');

/** A priced reservation of a fresh campaign and advertiser (ids unique within this file). */
function reservation(overrides: Partial<Reservation> = {}): Reservation {
  const id = campaignCounter++;
  return {
    campaignId: id,
    advertiserId: 1000 + id,
    costMicros: 7n,
    dailyBudgetMicros: 1_000_000n,
    totalBudgetMicros: null,
    seed: { today: 0n, total: 0n, balance: 1_000_000n },
    now: NOW,
    ...overrides,
  };
}

/** Fires `count` reservations at once, alternating between the processes; the number taken. */
async function concurrently(states: RedisDeliveryState[], count: number, r: Reservation) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => (states[i % states.length] as RedisDeliveryState).reserve(r)),
  );
  return answers.filter((a) => a.refusal === null).length;
}

describe('shared delivery state on Redis', () => {
  const a = process_();
  const b = process_();

  it('never lets concurrent reservations of two processes exceed a daily budget, by even one micro-euro', async () => {
    // 1,000 micro-euros at 7 each: 142 fit (994), the 143rd would be 1,001.
    const r = reservation({ dailyBudgetMicros: 1000n });
    expect(await concurrently([a, b], 400, r)).toBe(142);
    const after = await b.reserve(r);
    expect(after).toMatchObject({ refusal: 'daily budget', today: 994n });
    // What is left (6) still fits one smaller event: the check is exact, not approximate.
    expect(await a.reserve({ ...r, costMicros: 6n })).toMatchObject({ refusal: null, today: 1000n });
  });

  it('holds a total budget seeded from the committed spend', async () => {
    const r = reservation({ totalBudgetMicros: 500n, seed: { today: 0n, total: 300n, balance: 1_000_000n } });
    // 200 left at 7: 28 fit (196).
    expect(await concurrently([a, b], 100, r)).toBe(28);
    expect(await a.reserve(r)).toMatchObject({ refusal: 'total budget', total: 496n });
  });

  it("holds the advertiser's balance across campaigns, and takes nothing when one check refuses", async () => {
    const first = reservation({ seed: { today: 0n, total: 0n, balance: 100n } });
    // Another campaign of the same advertiser shares the balance.
    const second = { ...reservation(), advertiserId: first.advertiserId, seed: first.seed };
    const taken = await Promise.all([concurrently([a], 50, first), concurrently([b], 50, second)]);
    // 100 at 7: 14 events in all (98), whatever the split between the campaigns.
    expect(taken[0] + taken[1]).toBe(14);
    const refused = await a.reserve(first);
    expect(refused).toMatchObject({ refusal: 'balance', available: 2n });
    // The refusal took no daily budget: today's spend is what was taken, nothing more.
    expect(refused.today).toBe(BigInt(taken[0] * 7));
  });

  it('caps a visitor exactly across two processes, and a refused budget takes no capping', async () => {
    const capping = { visitorKey: 'visitor-1', max: 3, windowMs: 60_000 };
    const r = reservation({ costMicros: 0n, capping });
    expect(await concurrently([a, b], 40, r)).toBe(3);
    expect((await b.reserve(r)).refusal).toBe('capping');
    // Another visitor is not capped.
    expect((await a.reserve({ ...r, capping: { ...capping, visitorKey: 'visitor-2' } })).refusal).toBeNull();
    // An impression the budget refuses is not shown: it does not count towards capping.
    const broke = reservation({ capping, seed: { today: 0n, total: 0n, balance: 0n } });
    expect((await a.reserve(broke)).refusal).toBe('balance');
    expect(await concurrently([a, b], 10, { ...broke, costMicros: 0n })).toBe(3);
  });

  it('counts a click once: accepted on one process, a repeat on the other', async () => {
    const impression = randomBytes(12).toString('base64url');
    const answers = await Promise.all([a.firstClick(impression), b.firstClick(impression), b.firstClick(impression)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await a.firstClick(impression)).toBe(false);
    expect(await b.firstClick(randomBytes(12).toString('base64url'))).toBe(true);
  });

  it("moves a committed batch's reservations from pending to committed, in every process's view", async () => {
    const r = reservation({ dailyBudgetMicros: 100n, seed: { today: 0n, total: 0n, balance: 1000n } });
    expect(await concurrently([a], 10, { ...r, costMicros: 10n })).toBe(10);
    expect((await b.reserve({ ...r, costMicros: 10n })).refusal).toBe('daily budget');
    const event = (reserved: boolean): DeliveryEvent => ({
      kind: EventKind.Impression,
      at: new Date(NOW),
      impressionId: randomBytes(6).toString('hex'),
      campaignId: r.campaignId,
      creativeId: 0,
      zoneId: 1,
      websiteId: 1,
      advertiserId: r.advertiserId,
      publisherId: 2,
      country: 'XX',
      os: 'Linux',
      browser: 'Chrome',
      device: 1,
      costMicros: 10n,
      ...(reserved ? { reserved: true as const } : {}),
    });
    // The recorder billed 10 reserved events and reports the balance after them; an event that
    // never reserved (no `reserved`) releases nothing.
    await a.commit([...Array.from({ length: 10 }, () => event(true)), event(false)], new Map([[r.advertiserId, 900n]]));
    const seen = await b.reserve({ ...r, costMicros: 1n });
    expect(seen).toMatchObject({ refusal: 'daily budget', today: 100n, total: 100n, available: 900n });
  });

  it("writes the database's figures unless a batch committed since they were read", async () => {
    const r = reservation({ dailyBudgetMicros: 1000n, seed: { today: 0n, total: 0n, balance: 1000n } });
    expect((await a.reserve({ ...r, costMicros: 50n })).refusal).toBeNull();
    const seq = await a.seq();
    const figures = [{ campaignId: r.campaignId, today: 200n, total: 300n }];
    expect(await a.sync(seq, figures, new Map([[r.advertiserId, 700n]]), NOW)).toBe(true);
    // Committed 200 + pending 50 today; 300 + 50 in total; 700 - 50 available.
    expect(await b.reserve({ ...r, costMicros: 1n })).toMatchObject({ today: 251n, total: 351n, available: 649n });
    await b.commit([], new Map());
    expect(await a.sync(seq, [{ campaignId: r.campaignId, today: 0n, total: 0n }], new Map(), NOW)).toBe(false);
  });
});

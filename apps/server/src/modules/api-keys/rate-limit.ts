import type { Redis } from 'ioredis';
import { LruCounters } from '../../lib/lru-counters';

/**
 * Fixed-window counters of the public API (docs/decisions/040-public-api.md): per key and
 * per account, in Redis when REDIS_URL is set (every process counts in one place), in process
 * memory otherwise. Advertised with the IETF draft's structured fields:
 * `RateLimit-Policy: "key";q=600;w=60, "account";q=1200;w=60` and
 * `RateLimit: "key";r=599;t=58, "account";r=1199;t=58`.
 *
 * A request is accepted when every budget has room, and only then takes one from each: a
 * request refused by its key's limit costs its account nothing, so a runaway key cannot lock
 * out the account's other keys, and one refused by the account's limit costs its key nothing.
 */
export type Policy = { name: string; quota: number; windowSeconds: number };
/** `count`: the requests accepted in the current window, this one included when it was. */
export type Usage = { policy: Policy; count: number; resetSeconds: number };
export type Check = { id: string; policy: Policy };

export type Counter = {
  /**
   * Takes one request from every check's budget when each has room, else from none, in one
   * step (concurrent requests cannot overdraw). Answers each check's count after it.
   */
  take(checks: readonly Check[], now: number): Promise<{ accepted: boolean; counts: number[] }>;
};

const windowOf = (now: number, windowSeconds: number) => Math.floor(now / (windowSeconds * 1000));
const resetOf = (now: number, windowSeconds: number) => {
  const ms = windowSeconds * 1000;
  return Math.max(1, Math.ceil((ms - (now % ms)) / 1000));
};

/** Keys and accounts counted at once in one process's memory (about 100 bytes each). */
const MEMORY_CAPACITY = 100_000;

/**
 * One counter per key and per account, expiring with its window. Past the capacity the least
 * recently used goes: a key that keeps calling, refused or not, stays counted whatever the
 * number of other keys.
 */
export function memoryCounter(opts: { capacity?: number } = {}): Counter {
  const counts = new LruCounters<{ window: number; count: number }>(opts.capacity ?? MEMORY_CAPACITY, 60_000);
  return {
    async take(checks, now) {
      const current = checks.map(({ id, policy }) => {
        const entry = counts.get(id, now);
        return entry !== undefined && entry.window === windowOf(now, policy.windowSeconds) ? entry.count : 0;
      });
      if (!checks.every(({ policy }, i) => (current[i] ?? 0) < policy.quota))
        return { accepted: false, counts: current };
      const after = checks.map(({ id, policy }, i) => {
        const count = (current[i] ?? 0) + 1;
        counts.set(id, { window: windowOf(now, policy.windowSeconds), count }, now, policy.windowSeconds * 1000);
        return count;
      });
      return { accepted: true, counts: after };
    },
  };
}

/**
 * KEYS: this window's counter of each check; ARGV: each check's quota and the counter's
 * lifetime (ms), in pairs. Reads every counter; increments them all only when each is under its
 * quota. Answers the counts, then 1 (accepted) or 0.
 */
const TAKE = `
local counts = {}
local room = true
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', key) or '0')
  if counts[i] >= tonumber(ARGV[2 * i - 1]) then room = false end
end
if room then
  for i, key in ipairs(KEYS) do
    counts[i] = redis.call('INCR', key)
    redis.call('PEXPIRE', key, ARGV[2 * i])
  end
end
counts[#KEYS + 1] = room and 1 or 0
return counts
`;

type Scripts = { apiRateLimitTake(...args: (string | number)[]): Promise<number[]> };

/** The same counters in Redis, shared by every process; one script per request. */
export function redisCounter(redis: Redis): Counter {
  // defineCommand is idempotent per client: EVALSHA, with EVAL when the script is not cached.
  redis.defineCommand('apiRateLimitTake', { lua: TAKE });
  const client = redis as Redis & Scripts;
  return {
    async take(checks, now) {
      const keys = checks.map(({ id, policy }) => `api-rl:${id}:${windowOf(now, policy.windowSeconds)}`);
      const args = checks.flatMap(({ policy }) => [policy.quota, policy.windowSeconds * 2000]);
      const answer = await client.apiRateLimitTake(keys.length, ...keys, ...args);
      return { accepted: answer[checks.length] === 1, counts: answer.slice(0, checks.length).map(Number) };
    },
  };
}

/** Counts a request against every policy, or against none when one of them is spent (`limited`). */
export async function consume(
  counter: Counter,
  checks: readonly Check[],
  now = Date.now(),
): Promise<{ usages: Usage[]; limited: Usage | null }> {
  const { accepted, counts } = await counter.take(checks, now);
  const usages = checks.map(({ policy }, i) => ({
    policy,
    count: counts[i] ?? 0,
    resetSeconds: resetOf(now, policy.windowSeconds),
  }));
  if (accepted) return { usages, limited: null };
  // Retry-After: the end of the last spent window (every spent budget must have room again).
  const spent = usages.filter((u) => u.count >= u.policy.quota).sort((a, b) => b.resetSeconds - a.resetSeconds);
  return { usages, limited: spent[0] ?? (usages[0] as Usage) };
}

export const policyHeader = (usages: readonly Usage[]) =>
  usages.map((u) => `"${u.policy.name}";q=${u.policy.quota};w=${u.policy.windowSeconds}`).join(', ');

export const rateLimitHeader = (usages: readonly Usage[]) =>
  usages.map((u) => `"${u.policy.name}";r=${Math.max(0, u.policy.quota - u.count)};t=${u.resetSeconds}`).join(', ');

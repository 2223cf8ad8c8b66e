import type { Redis } from 'ioredis';

/**
 * Fixed-window counters of the public API (docs/decisions/040-public-api.md): per key and
 * per account, in Redis when REDIS_URL is set (every process counts in one place), in process
 * memory otherwise. Advertised with the IETF draft's structured fields:
 * `RateLimit-Policy: "key";q=600;w=60, "account";q=1200;w=60` and
 * `RateLimit: "key";r=599;t=58, "account";r=1199;t=58`.
 */
export type Policy = { name: string; quota: number; windowSeconds: number };
export type Usage = { policy: Policy; count: number; resetSeconds: number };

export type Counter = {
  /** Counts one request on `id` in the current window; answers the count and the seconds to its end. */
  hit(id: string, windowSeconds: number, now: number): Promise<{ count: number; resetSeconds: number }>;
};

const windowOf = (now: number, windowSeconds: number) => Math.floor(now / (windowSeconds * 1000));
const resetOf = (now: number, windowSeconds: number) => {
  const ms = windowSeconds * 1000;
  return Math.max(1, Math.ceil((ms - (now % ms)) / 1000));
};

export function memoryCounter(): Counter {
  const counts = new Map<string, { window: number; count: number }>();
  return {
    async hit(id, windowSeconds, now) {
      const window = windowOf(now, windowSeconds);
      const entry = counts.get(id);
      if (!entry || entry.window !== window) {
        // Past windows are dropped as the map grows: one entry per key and account at most.
        if (counts.size > 100_000) counts.clear();
        counts.set(id, { window, count: 1 });
        return { count: 1, resetSeconds: resetOf(now, windowSeconds) };
      }
      entry.count++;
      return { count: entry.count, resetSeconds: resetOf(now, windowSeconds) };
    },
  };
}

export function redisCounter(redis: Redis): Counter {
  return {
    async hit(id, windowSeconds, now) {
      const key = `api-rl:${id}:${windowOf(now, windowSeconds)}`;
      const results = await redis
        .multi()
        .incr(key)
        .pexpire(key, windowSeconds * 2000)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      return { count, resetSeconds: resetOf(now, windowSeconds) };
    },
  };
}

/** Counts a request against every policy; `limited` when one of them is spent. */
export async function consume(
  counter: Counter,
  checks: readonly { id: string; policy: Policy }[],
  now = Date.now(),
): Promise<{ usages: Usage[]; limited: Usage | null }> {
  const usages = await Promise.all(
    checks.map(async ({ id, policy }) => ({ policy, ...(await counter.hit(id, policy.windowSeconds, now)) })),
  );
  const spent = usages.filter((u) => u.count > u.policy.quota);
  const limited = spent.sort((a, b) => b.resetSeconds - a.resetSeconds)[0] ?? null;
  return { usages, limited };
}

export const policyHeader = (usages: readonly Usage[]) =>
  usages.map((u) => `"${u.policy.name}";q=${u.policy.quota};w=${u.policy.windowSeconds}`).join(', ');

export const rateLimitHeader = (usages: readonly Usage[]) =>
  usages.map((u) => `"${u.policy.name}";r=${Math.max(0, u.policy.quota - u.count)};t=${u.resetSeconds}`).join(', ');

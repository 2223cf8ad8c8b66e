import { Redis } from 'ioredis';
import { ThrottledErrorLog } from './log-errors';

/**
 * Redis connections (docs/decisions/029). Redis holds what several processes must share:
 * delivery counters and reservations, frequency capping, clicked impressions, rate limits,
 * invalidation pub/sub and the durable event stream. Without REDIS_URL none of this module
 * is used and that state lives in the process.
 *
 * Every client prefixes its keys with REDIS_PREFIX (ioredis' `keyPrefix`, which also applies
 * to the KEYS of Lua scripts), so one Redis can host several deployments and every test its
 * own random prefix. Channel names of pub/sub are not keys: `channel()` prefixes them.
 */

export type RedisConfig = { url: string; prefix: string };

type ErrorLog = { error: (o: object, m: string) => void };

export type RedisOptions = {
  /** Shown in CLIENT LIST and in log lines: 'shared', 'subscriber', 'stream', ... */
  name?: string;
  /** Where connection errors go, at most once per 10 s per client (decision 024). */
  log?: ErrorLog;
  /**
   * A blocking or subscribing client (XREADGROUP BLOCK, SUBSCRIBE) waits as long as it must;
   * a shared client fails a command after `commandTimeoutMs` so a request never hangs on it.
   */
  blocking?: boolean;
  commandTimeoutMs?: number;
};

/**
 * A new client. It connects on its first command (lazy), reconnects on its own with a capped
 * backoff, and never crashes the process on a lost connection: ioredis emits 'error' for every
 * failed attempt, and an EventEmitter without an 'error' listener throws. While disconnected
 * the commands of a shared client fail after one retry instead of queueing without bound.
 */
export function createRedis(config: RedisConfig, opts: RedisOptions = {}): Redis {
  const name = opts.name ?? 'shared';
  const client = new Redis(config.url, {
    keyPrefix: config.prefix,
    lazyConnect: true,
    connectionName: `cryptads:${name}`,
    maxRetriesPerRequest: opts.blocking ? null : 1,
    commandTimeout: opts.blocking ? undefined : (opts.commandTimeoutMs ?? 2000),
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), 2000),
  });
  const errors = new ThrottledErrorLog(opts.log);
  client.on('error', (err) => {
    errors.error('redis', err, { redis: name }, 'redis connection failed');
  });
  client.on('ready', () => {
    errors.recovered('redis');
  });
  return client;
}

/** A pub/sub channel name under the deployment's prefix (channels are not keys). */
export const channel = (config: RedisConfig, topic: string) => `${config.prefix}${topic}`;

/** Closes a client: QUIT when connected (pending replies arrive), else drop the socket. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Fall through: the connection went away while quitting.
    }
  }
  client.disconnect();
}

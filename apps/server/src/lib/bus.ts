import pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { describeError } from './log-errors';
import { channel, closeRedis, createRedis, type RedisConfig } from './redis';

/**
 * The invalidation bus (docs/decisions/026-hot-path-caches.md): a process that changed
 * something tells every process holding a copy of it (caches, indexes) to drop that copy.
 * Messages are hints, never data: a lost one costs a stale read until the reader's own safety
 * net (a TTL, a fingerprint check), never a wrong write.
 */
export type Bus = {
  /** Delivered to every subscriber of the topic in every process (this one included), at most once, no history. */
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, handler: (message: string) => void): () => void;
  /**
   * Called after the bus lost its connection and got it back: messages published meanwhile
   * may never arrive, so a cache should drop everything it holds. Never called in process.
   */
  onGap?(handler: () => void): () => void;
  close(): Promise<void>;
};

/** What the bus logs with (Fastify's logger fits). */
export type BusLog = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** NOTIFY's channel is an identifier (at most 63 bytes); topics stay well below. */
const TOPIC = /^[a-z][a-z0-9_.-]{0,39}$/;

/** Every channel of ours on a shared PostgreSQL database starts with this. */
export const PG_CHANNEL_PREFIX = 'cryptads:bus:';

/** Reconnection backoff of the listening connections: 100 ms doubling up to 5 s. */
const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 5000;

function checkTopic(topic: string) {
  if (!TOPIC.test(topic)) throw new Error(`bus: invalid topic ${JSON.stringify(topic)}`);
}

/** Handlers by topic, and the delivery to them (a failing handler never stops the others). */
class Subscribers {
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly gapHandlers = new Set<() => void>();

  constructor(private readonly log: BusLog | undefined) {}

  /** Adds a handler; `first` tells whether the topic had none (the backend must start listening). */
  add(topic: string, handler: (message: string) => void): { first: boolean } {
    let set = this.handlers.get(topic);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return { first };
  }

  /** Removes a handler; `last` tells whether the topic has none left (the backend may stop listening). */
  remove(topic: string, handler: (message: string) => void): { last: boolean } {
    const set = this.handlers.get(topic);
    if (!set?.delete(handler)) return { last: false };
    if (set.size > 0) return { last: false };
    this.handlers.delete(topic);
    return { last: true };
  }

  topics() {
    return [...this.handlers.keys()];
  }

  deliver(topic: string, message: string) {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(message);
      } catch (error) {
        this.log?.warn({ err: describeError(error), topic }, 'bus: a subscriber failed');
      }
    }
  }

  onGap(handler: () => void) {
    this.gapHandlers.add(handler);
    return () => {
      this.gapHandlers.delete(handler);
    };
  }

  gap() {
    for (const handler of this.gapHandlers) {
      try {
        handler();
      } catch (error) {
        this.log?.warn({ err: describeError(error) }, 'bus: a gap handler failed');
      }
    }
  }

  clear() {
    this.handlers.clear();
    this.gapHandlers.clear();
  }
}

/** One process (the embedded database): delivery is a function call, done before publish resolves. */
export function createInProcessBus(log?: BusLog): Bus {
  const subscribers = new Subscribers(log);
  return {
    async publish(topic, message) {
      checkTopic(topic);
      subscribers.deliver(topic, message);
    },
    subscribe(topic, handler) {
      checkTopic(topic);
      subscribers.add(topic, handler);
      return () => {
        subscribers.remove(topic, handler);
      };
    },
    onGap: (handler) => subscribers.onGap(handler),
    async close() {
      subscribers.clear();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: NOTIFY goes through the application's pool (`pg_notify`, after
 * the caller's commit), LISTEN holds one dedicated connection with the pool's settings, opened again with backoff when it is lost
 * (a restart, pg_terminate_backend), its channels listened to again and the gap reported.
 * A publish waits for this process's pending LISTENs, so subscribe-then-publish in one
 * process always reaches the new subscriber.
 */
export async function createPostgresBus(pool: pg.Pool, log?: BusLog): Promise<Bus> {
  const subscribers = new Subscribers(log);
  const options: pg.ClientConfig = pool.options;
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = BACKOFF_MIN_MS;
  /** LISTEN/UNLISTEN commands run one after the other on the listener; publish waits for them. */
  let pending: Promise<unknown> = Promise.resolve();

  const pgChannel = (topic: string) => `${PG_CHANNEL_PREFIX}${topic}`;

  const onNotification = (note: pg.Notification) => {
    if (!note.channel.startsWith(PG_CHANNEL_PREFIX)) return;
    subscribers.deliver(note.channel.slice(PG_CHANNEL_PREFIX.length), note.payload ?? '');
  };

  /** Runs a command on the listener when it is connected; a lost listener re-listens on reconnect. */
  const command = (sql: (client: pg.Client) => string) => {
    pending = pending.then(async () => {
      const client = listener;
      if (!client) return;
      try {
        await client.query(sql(client));
      } catch (error) {
        if (!closed) log?.warn({ err: describeError(error) }, 'bus: LISTEN failed');
      }
    });
    return pending;
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...options, application_name: `${options.application_name ?? 'cryptads'}-bus` });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.removeAllListeners('notification');
      if (closed) return;
      if (error) log?.warn({ err: describeError(error) }, 'bus: listen connection lost');
      void client.end().catch(() => {});
      schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', onNotification);
    await client.connect();
    const listened = new Set<string>();
    for (const topic of subscribers.topics()) {
      await client.query(`LISTEN ${client.escapeIdentifier(pgChannel(topic))}`);
      listened.add(topic);
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    backoff = BACKOFF_MIN_MS;
    // Topics subscribed while this connection was being opened (their command found no listener).
    for (const topic of subscribers.topics())
      if (!listened.has(topic)) void command((c) => `LISTEN ${c.escapeIdentifier(pgChannel(topic))}`);
  };

  const schedule = () => {
    if (closed || retry) return;
    const delay = backoff;
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    // Not chained to `pending`: a publish must not wait for the listener to come back.
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => {
          // Whatever was published while nobody listened is lost: the subscribers drop their copies.
          if (listener) subscribers.gap();
        })
        .catch((error) => {
          log?.warn({ err: describeError(error) }, 'bus: listen reconnection failed');
          schedule();
        });
    }, delay);
    retry.unref();
  };

  await connect();

  return {
    async publish(topic, message) {
      checkTopic(topic);
      await pending;
      await pool.query('SELECT pg_notify($1, $2)', [pgChannel(topic), message]);
    },
    subscribe(topic, handler) {
      checkTopic(topic);
      if (subscribers.add(topic, handler).first) void command((c) => `LISTEN ${c.escapeIdentifier(pgChannel(topic))}`);
      return () => {
        if (subscribers.remove(topic, handler).last)
          void command((c) => `UNLISTEN ${c.escapeIdentifier(pgChannel(topic))}`);
      };
    },
    onGap: (handler) => subscribers.onGap(handler),
    async close() {
      // Not waiting for pending commands: a reconnection to a server that is down would hold
      // the shutdown; a connection that completes after this ends itself (connect above).
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      subscribers.clear();
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Redis pub/sub: one subscribing connection (ioredis reconnects and subscribes again by
 * itself; the gap is reported on every ready after the first) and one publishing connection,
 * channels under the deployment's prefix (lib/redis.ts).
 */
export async function createRedisBus(redis: RedisConfig, log?: BusLog): Promise<Bus> {
  const subscribers = new Subscribers(log);
  const prefix = channel(redis, 'bus:');
  const subscriber = createRedis(redis, { name: 'bus-subscriber', blocking: true, log });
  const publisher = createRedis(redis, { name: 'bus-publisher', log });
  subscriber.on('message', (name: string, message: string) => {
    if (name.startsWith(prefix)) subscribers.deliver(name.slice(prefix.length), message);
  });
  await Promise.all([subscriber.connect(), publisher.connect()]);
  // Every 'ready' after the first is a reconnection (ioredis subscribed again before it).
  subscriber.on('ready', () => subscribers.gap());
  let pending: Promise<unknown> = Promise.resolve();
  const command = (run: () => Promise<unknown>) => {
    pending = pending.then(run).catch((error) => log?.warn({ err: describeError(error) }, 'bus: SUBSCRIBE failed'));
  };

  return {
    async publish(topic, message) {
      checkTopic(topic);
      await pending;
      await publisher.publish(`${prefix}${topic}`, message);
    },
    subscribe(topic, handler) {
      checkTopic(topic);
      if (subscribers.add(topic, handler).first) command(() => subscriber.subscribe(`${prefix}${topic}`));
      return () => {
        if (subscribers.remove(topic, handler).last) command(() => subscriber.unsubscribe(`${prefix}${topic}`));
      };
    },
    onGap: (handler) => subscribers.onGap(handler),
    async close() {
      // Not waiting for pending SUBSCRIBEs: with Redis down they would wait for its return.
      subscribers.clear();
      await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
    },
  };
}

/**
 * The bus of this deployment: Redis when REDIS_URL is set, else LISTEN/NOTIFY when the
 * database is PostgreSQL (several processes may share it), else in process (the embedded
 * database has one process).
 */
export function createBus(config: Config, database: Database, log?: BusLog): Promise<Bus> | Bus {
  if (config.redis) return createRedisBus(config.redis, log);
  if (database.kind === 'postgres') {
    return createPostgresBus((database.db as unknown as { $client: pg.Pool }).$client, log);
  }
  return createInProcessBus(log);
}

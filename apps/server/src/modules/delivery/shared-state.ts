import type { Redis } from 'ioredis';
import { isoDay } from '@cryptads/contract/dates';
import type { DeliveryEvent } from './types';

/**
 * Delivery state shared by several processes (docs/decisions/029-shared-delivery-state.md).
 *
 * In one process the engine's own counters decide (./spend.ts, ./capping.ts) and the clicked
 * impressions are a map (`LocalDeliveryState`). With REDIS_URL, `RedisDeliveryState` holds
 * what must hold across processes, and the engine's counters become its local view, used to
 * rank candidates without a round trip:
 *
 * - spend and balance: per campaign and day `{c, p}` (committed, pending), per campaign
 *   `{c, p}` (total), per advertiser `{c, p}` (balance). One Lua script checks a priced event
 *   against all three and the visitor's frequency cap and takes them all, or none. Committed
 *   figures are seeded from the database when a key is missing and set from it on every index
 *   refresh unless a batch committed meanwhile (`seq`); a committed batch moves its cost from
 *   pending to committed (the recorder's onCommitted hook, in whichever process records).
 * - frequency capping: a counter per campaign and visitor, expiring with its window.
 * - clicked impressions: SET NX with the click link's lifetime, so a click counts once
 *   whichever process answers it.
 *
 * Lua numbers are doubles: exact for integers up to 2^53 micro-euros (9 billion euros).
 */

/** A per-day key outlives its day by a day: a late batch of yesterday still finds it. */
const DAY_TTL_MS = 48 * 3_600_000;
/** Totals and balances are read again from the database after a week without traffic. */
const TTL_MS = 7 * 24 * 3_600_000;

export type ReserveRefusal = 'capping' | 'daily budget' | 'total budget' | 'balance';

export type Reservation = {
  campaignId: number;
  advertiserId: number;
  /** Micro-euros; 0 (a CPC impression, a filtered event) takes capping only. */
  costMicros: bigint;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint | null;
  /** The committed figures this process last read, used when Redis has none yet. */
  seed: { today: bigint; total: bigint; balance: bigint };
  /** Counts one impression for the visitor within the campaign's capping (absent: no capping). */
  capping?: { visitorKey: string; max: number; windowMs: number };
  now: number;
};

/** The refusal (null: taken) and the shared figures after it: spent today, in total, available. */
export type ReserveAnswer = { refusal: ReserveRefusal | null; today: bigint; total: bigint; available: bigint };

/** The clicked-impression set of one process (the default without Redis). */
export class LocalDeliveryState {
  private clicked = new Map<string, number>();

  constructor(private readonly clickTtlMs: number) {}

  /** A click on this impression for the first time? Later ones are redirected but not billed. */
  firstClick(impressionId: string, now = Date.now()): boolean {
    if (this.clicked.has(impressionId)) return false;
    if (this.clicked.size >= 200_000)
      for (const [k, at] of this.clicked) if (at + this.clickTtlMs < now) this.clicked.delete(k);
    this.clicked.set(impressionId, now);
    return true;
  }
}

/**
 * Checks capping, then (for a priced event) daily budget, total budget and balance, seeding
 * missing committed figures; takes everything or nothing. Returns {code, today, total, available}
 * with code 0 taken, 1 capping, 2 daily budget, 3 total budget, 4 balance.
 */
const RESERVE = `
local cost = tonumber(ARGV[1])
local capMax = tonumber(ARGV[9])
if capMax > 0 then
  local seen = tonumber(redis.call('GET', KEYS[4]) or '0')
  if seen >= capMax then return {1, 0, 0, 0} end
end
local today, total, avail = 0, 0, 0
if cost > 0 then
  redis.call('HSETNX', KEYS[1], 'c', ARGV[4])
  redis.call('HSETNX', KEYS[2], 'c', ARGV[5])
  redis.call('HSETNX', KEYS[3], 'c', ARGV[6])
  local d = redis.call('HMGET', KEYS[1], 'c', 'p')
  local t = redis.call('HMGET', KEYS[2], 'c', 'p')
  local a = redis.call('HMGET', KEYS[3], 'c', 'p')
  today = tonumber(d[1]) + tonumber(d[2] or '0')
  total = tonumber(t[1]) + tonumber(t[2] or '0')
  avail = tonumber(a[1]) - tonumber(a[2] or '0')
  if today + cost > tonumber(ARGV[2]) then return {2, today, total, avail} end
  local budget = tonumber(ARGV[3])
  if budget >= 0 and total + cost > budget then return {3, today, total, avail} end
  if avail < cost then return {4, today, total, avail} end
  redis.call('HINCRBY', KEYS[1], 'p', ARGV[1])
  redis.call('HINCRBY', KEYS[2], 'p', ARGV[1])
  redis.call('HINCRBY', KEYS[3], 'p', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[7])
  redis.call('PEXPIRE', KEYS[2], ARGV[8])
  redis.call('PEXPIRE', KEYS[3], ARGV[8])
  today, total, avail = today + cost, total + cost, avail - cost
end
if capMax > 0 then
  if redis.call('INCR', KEYS[4]) == 1 then redis.call('PEXPIRE', KEYS[4], ARGV[10]) end
end
return {0, today, total, avail}
`;

/**
 * A committed batch: for each key (KEYS[2..]) that still exists, pending -= ARGV p, and
 * committed either += ARGV c or (ARGV abs not empty) = abs. Then seq moves (KEYS[1]).
 * A key that expired meanwhile is left alone: the next reservation seeds it from the database.
 */
const COMMIT = `
for i = 2, #KEYS do
  local j = (i - 2) * 3
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('HINCRBY', KEYS[i], 'p', ARGV[j + 1])
    if ARGV[j + 3] ~= '' then redis.call('HSET', KEYS[i], 'c', ARGV[j + 3])
    else redis.call('HINCRBY', KEYS[i], 'c', ARGV[j + 2]) end
  end
end
return redis.call('INCR', KEYS[1])
`;

/**
 * The database's committed figures (ARGV pairs: value, ttl), unless a batch committed since
 * they were read (seq no longer ARGV[1]): then they are stale, and the next refresh tries again.
 */
const SYNC = `
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
for i = 2, #KEYS do
  redis.call('HSET', KEYS[i], 'c', ARGV[(i - 2) * 2 + 2])
  redis.call('PEXPIRE', KEYS[i], ARGV[(i - 2) * 2 + 3])
end
return 1
`;

/** The script's codes 1-4 (0 is taken). */
const REFUSALS: ReserveRefusal[] = ['capping', 'daily budget', 'total budget', 'balance'];

type Scripts = {
  deliveryReserve(...args: (string | number)[]): Promise<[number, number, number, number]>;
  deliveryCommit(...args: (string | number)[]): Promise<number>;
  deliverySync(...args: (string | number)[]): Promise<number>;
};

const keys = {
  day: (campaignId: number, day: string) => `d:s:${campaignId}:${day}`,
  total: (campaignId: number) => `d:t:${campaignId}`,
  balance: (advertiserId: number) => `d:b:${advertiserId}`,
  capping: (campaignId: number, visitorKey: string) => `d:cap:${campaignId}:${visitorKey}`,
  clicked: (impressionId: string) => `d:clk:${impressionId}`,
  seq: 'd:seq',
};

/** Delivery state in Redis, shared by every process of the deployment (keys under REDIS_PREFIX). */
export class RedisDeliveryState {
  private readonly redis: Redis & Scripts;

  constructor(
    redis: Redis,
    private readonly clickTtlMs: number,
  ) {
    // defineCommand is idempotent per client: EVALSHA, with EVAL when the script is not cached.
    redis.defineCommand('deliveryReserve', { numberOfKeys: 4, lua: RESERVE });
    redis.defineCommand('deliveryCommit', { lua: COMMIT });
    redis.defineCommand('deliverySync', { lua: SYNC });
    this.redis = redis as Redis & Scripts;
  }

  /** Takes capping and (priced) spend for one event in one atomic step, or nothing. */
  async reserve(r: Reservation): Promise<ReserveAnswer> {
    const [code, today, total, available] = await this.redis.deliveryReserve(
      keys.day(r.campaignId, isoDay(r.now)),
      keys.total(r.campaignId),
      keys.balance(r.advertiserId),
      r.capping ? keys.capping(r.campaignId, r.capping.visitorKey) : keys.capping(r.campaignId, '-'),
      r.costMicros.toString(),
      r.dailyBudgetMicros.toString(),
      r.totalBudgetMicros === null ? '-1' : r.totalBudgetMicros.toString(),
      r.seed.today.toString(),
      r.seed.total.toString(),
      r.seed.balance.toString(),
      DAY_TTL_MS,
      TTL_MS,
      r.capping ? r.capping.max : 0,
      r.capping ? r.capping.windowMs : 0,
    );
    return {
      refusal: code === 0 ? null : (REFUSALS[code - 1] ?? 'balance'),
      today: BigInt(today),
      total: BigInt(total),
      available: BigInt(available),
    };
  }

  /** A click on this impression for the first time, in any process? */
  async firstClick(impressionId: string): Promise<boolean> {
    return (await this.redis.set(keys.clicked(impressionId), '1', 'PX', this.clickTtlMs, 'NX')) === 'OK';
  }

  /**
   * A batch is in the database (the recorder's onCommitted, in the process that recorded it):
   * the cost of the events that reserved (`reserved`) leaves pending, whatever the recorder
   * decided about them.
   * Balances become the committed ones the batch reports; spend becomes committed as reserved
   * (an event the recorder refused after all is committed spend too, until the next refresh
   * sets the database's figure: an error on the side of refusing).
   */
  async commit(events: readonly DeliveryEvent[], balances: ReadonlyMap<number, bigint>): Promise<void> {
    // Per key: pending falls by the reserved cost; committed spend rises by it, a committed
    // balance falls by it, or is set to the figure the batch reports (`abs`).
    const deltas = new Map<string, { p: bigint; c: bigint; abs: string }>();
    const add = (key: string, pending: bigint, committed: bigint, abs = '') => {
      const d = deltas.get(key) ?? { p: 0n, c: 0n, abs };
      d.p -= pending;
      d.c += committed;
      deltas.set(key, d);
    };
    for (const e of events) {
      if (!e.reserved || e.costMicros <= 0n) continue;
      add(keys.day(e.campaignId, isoDay(e.at.getTime())), e.costMicros, e.costMicros);
      add(keys.total(e.campaignId), e.costMicros, e.costMicros);
      add(keys.balance(e.advertiserId), e.costMicros, -e.costMicros, balances.get(e.advertiserId)?.toString());
    }
    const args: string[] = [];
    for (const d of deltas.values()) args.push(d.p.toString(), d.c.toString(), d.abs);
    await this.redis.deliveryCommit(deltas.size + 1, keys.seq, ...deltas.keys(), ...args);
  }

  /** The commit sequence: read before the database, passed to `sync` after. */
  async seq(): Promise<string> {
    return (await this.redis.get(keys.seq)) ?? '0';
  }

  /**
   * The committed figures the engine just read from the database, written unless a batch
   * committed since `seq` was read. Returns whether they were written.
   */
  async sync(
    seq: string,
    spend: readonly { campaignId: number; today: bigint; total: bigint }[],
    balances: ReadonlyMap<number, bigint>,
    now: number,
  ): Promise<boolean> {
    const names: string[] = [keys.seq];
    const args: (string | number)[] = [seq];
    const day = isoDay(now);
    for (const s of spend) {
      names.push(keys.day(s.campaignId, day), keys.total(s.campaignId));
      args.push(s.today.toString(), DAY_TTL_MS, s.total.toString(), TTL_MS);
    }
    for (const [id, balance] of balances) {
      names.push(keys.balance(id));
      args.push(balance.toString(), TTL_MS);
    }
    return (await this.redis.deliverySync(names.length, ...names, ...args)) === 1;
  }
}

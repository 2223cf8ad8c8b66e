import type { Bus, BusLog } from '../../lib/bus';
import { describeError } from '../../lib/log-errors';
import type { DomainEvent } from '../events/events';
import type { SessionRow, UserRow } from './types';

/**
 * What every authenticated request reads, kept in process (docs/decisions/026-hot-path-caches.md):
 * the session behind a token and its user's row, by the token's hash.
 *
 * Exact in the process that writes: every write to a user's row or sessions emits
 * `user.changed` (or `account.changed`) in its transaction, and its commit (`usersChanged`,
 * wired where the app is composed) drops the user's entries here before the request answers
 * and tells the other processes over the bus (they drop theirs within the bus's latency). A read that ran
 * while an invalidation happened is not stored (the generation check), so a value read before
 * a commit can never be cached after its invalidation. The size bound and the TTL are the
 * safety net for a lost bus message (a gap drops everything too).
 *
 * The cached user row's balance is not used: GET /user keeps the balance it read for at most
 * BALANCE_TTL_MS (`getBalance`), dropped at once by the money movements this process announces,
 * and the money paths read it in their transactions. The rest of GET /user's summary (the open
 * deletion request, the campaign counts) is kept per user (`getDetails`), dropped by the same
 * invalidations as the sessions (docs/decisions/046).
 */
export type CachedAuth = { session: SessionRow; user: UserRow };

/**
 * What GET /user shows beyond the user row and the balance: the open deletion request and the
 * advertiser's campaigns by status (active, paused, pending, total). Kept per user beside the
 * sessions and dropped with them: the writes that change it emit `user.changed` (deletion
 * requested or cancelled), `account.changed` (deleted) or `campaign.changed` (created, status).
 */
export type CachedDetails = {
  deletion: { requestedAt: Date; terminationAt: Date; reason: string } | null;
  campaigns: readonly [number, number, number, number];
};

type Entry = { auth: CachedAuth; expiresAt: number };

/**
 * How long GET /user may show a balance read before (ms): the delivery recorder moves balances
 * once a second, so a figure younger than that is as current as the dashboard can show. The
 * money movements this process announces (deposits, credits, spend, payouts, orders) drop it at
 * once; another process's, and the publisher earnings no event announces, show within it.
 */
export const BALANCE_TTL_MS = 1000;

/** The topic of user invalidations; the message is the user's id. */
export const USER_TOPIC = 'user';

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly details = new Map<number, { value: CachedDetails; expiresAt: number }>();
  private readonly balances = new Map<number, { micros: bigint; expiresAt: number }>();
  private readonly inflight = new Map<string, { generation: number; read: Promise<unknown> }>();
  private generation = 0;

  constructor(
    private readonly opts: { maxEntries: number; ttlMs: number; now?: () => number },
    /** Where a failed invalidation is reported (usersChanged). */
    readonly log?: BusLog,
  ) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  /** The cached auth of a token hash, or null (unknown, or older than the TTL). */
  get(tokenHash: string): CachedAuth | null {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.delete(tokenHash, entry);
      return null;
    }
    return entry.auth;
  }

  /** Taken before the database read whose result may be stored with `set`. */
  begin(): number {
    return this.generation;
  }

  /**
   * One read for every caller that misses the same key at once: a kept value expires for every
   * request of a busy user at the same moment, and on the embedded database each read waits for
   * the one session, so thirty separate reads of one balance queue for tens of milliseconds.
   * A caller joins a read only when no invalidation happened since it began (a read that may
   * predate a change is not shared with those who come after the change).
   */
  shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key);
    if (running && running.generation === this.generation) return running.read as Promise<T>;
    const entry = { generation: this.generation, read: read() };
    this.inflight.set(key, entry);
    const done = () => {
      if (this.inflight.get(key) === entry) this.inflight.delete(key);
    };
    entry.read.then(done, done);
    return entry.read;
  }

  /** Stores a read unless an invalidation happened since `begin` (the read may predate it). */
  set(tokenHash: string, auth: CachedAuth, generation: number) {
    if (generation !== this.generation) return;
    const previous = this.byToken.get(tokenHash);
    if (previous) this.delete(tokenHash, previous);
    // Oldest first in insertion order: the first key is the one to evict.
    while (this.byToken.size >= this.opts.maxEntries) {
      const oldest = this.byToken.entries().next().value;
      if (!oldest) break;
      this.delete(oldest[0], oldest[1]);
    }
    this.byToken.set(tokenHash, { auth, expiresAt: this.now() + this.opts.ttlMs });
    let tokens = this.byUser.get(auth.user.id);
    if (!tokens) {
      tokens = new Set();
      this.byUser.set(auth.user.id, tokens);
    }
    tokens.add(tokenHash);
  }

  /** The cached details of a user, or null (unknown, or older than the TTL). */
  getDetails(userId: number): CachedDetails | null {
    const entry = this.details.get(userId);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.details.delete(userId);
      return null;
    }
    return entry.value;
  }

  /**
   * Stores a user's details unless an invalidation happened since `begin`. Kept only while the
   * user has a cached session, so the map is bounded by the sessions' bound.
   */
  setDetails(userId: number, value: CachedDetails, generation: number) {
    if (generation !== this.generation || !this.byUser.has(userId)) return;
    this.details.delete(userId);
    this.details.set(userId, { value, expiresAt: this.now() + this.opts.ttlMs });
  }

  /** The cached balance of a user, or null (unknown, or older than BALANCE_TTL_MS). */
  getBalance(userId: number): bigint | null {
    const entry = this.balances.get(userId);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.balances.delete(userId);
      return null;
    }
    return entry.micros;
  }

  /** Stores a balance read unless an invalidation happened since `begin`; kept BALANCE_TTL_MS. */
  setBalance(userId: number, micros: bigint, generation: number) {
    if (generation !== this.generation || !this.byUser.has(userId)) return;
    this.balances.set(userId, { micros, expiresAt: this.now() + Math.min(BALANCE_TTL_MS, this.opts.ttlMs) });
  }

  /** Forgets a user's balance (money moved for them in this process). */
  dropBalance(userId: number) {
    this.generation++;
    this.balances.delete(userId);
  }

  /** Drops every entry of a user (their row, one of their sessions or their details changed). */
  dropUser(userId: number) {
    this.generation++;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.byToken.delete(tokenHash);
    this.byUser.delete(userId);
    this.details.delete(userId);
    this.balances.delete(userId);
  }

  clear() {
    this.generation++;
    this.byToken.clear();
    this.byUser.clear();
    this.details.clear();
    this.balances.clear();
  }

  get size() {
    return this.byToken.size;
  }

  private delete(tokenHash: string, entry: Entry) {
    this.byToken.delete(tokenHash);
    const tokens = this.byUser.get(entry.auth.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) {
      this.byUser.delete(entry.auth.user.id);
      this.details.delete(entry.auth.user.id);
      this.balances.delete(entry.auth.user.id);
    }
  }
}

/**
 * A cache that listens to the bus: a user message from any process drops that user's entries,
 * a gap (the bus lost its connection) drops everything. Returns the cache and its unsubscriber.
 */
export function createSessionCache(bus: Bus, opts: { maxEntries: number; ttlMs: number }, log?: BusLog) {
  const cache = new SessionCache(opts, log);
  const stopUsers = bus.subscribe(USER_TOPIC, (message) => {
    const id = Number(message);
    if (Number.isSafeInteger(id)) cache.dropUser(id);
  });
  const stopGaps = bus.onGap?.(() => cache.clear());
  return {
    cache,
    stop() {
      stopUsers();
      stopGaps?.();
    },
  };
}

/** The user whose row, sessions or cached details a committed event says changed, or null. */
export function changedUserOf(event: DomainEvent): number | null {
  switch (event.type) {
    case 'user.changed':
    case 'account.changed':
      return event.userId;
    // The campaign counts of GET /user (created, status changed, archived).
    case 'campaign.changed':
      return event.ownerId;
    default:
      return null;
  }
}

/** The user whose balance a committed event says moved, or null (see BALANCE_TTL_MS). */
export function balanceMovedOf(event: DomainEvent): number | null {
  switch (event.type) {
    case 'balance.credited':
    case 'spend.recorded':
    case 'deposit.paid':
    case 'payout.requested':
    case 'payout.changed':
      return event.userId;
    case 'marketplace.order.paid':
      return event.buyerId;
    default:
      return null;
  }
}

/**
 * After the commit of events (the database's commit listener, before the caller goes on): each
 * user they changed is forgotten by this process at once and by the others when the bus message
 * arrives. Never throws.
 */
export async function usersChanged(
  ctx: { bus: Bus; sessionCache?: SessionCache | undefined },
  events: readonly DomainEvent[],
): Promise<void> {
  const users = new Set<number>();
  for (const event of events) {
    const userId = changedUserOf(event);
    if (userId !== null) users.add(userId);
    const moved = balanceMovedOf(event);
    if (moved !== null) ctx.sessionCache?.dropBalance(moved);
  }
  for (const userId of users) await userChanged(ctx, userId);
}

/**
 * One user changed: this process forgets them at once, the others when the bus message
 * arrives. A bus that fails is logged, not thrown: the change is committed, and other
 * processes catch up at their TTL. Services emit `user.changed` instead; this is for a write
 * made behind their back (tests' fixtures).
 */
export async function userChanged(
  ctx: { bus: Bus; sessionCache?: SessionCache | undefined },
  userId: number,
): Promise<void> {
  ctx.sessionCache?.dropUser(userId);
  try {
    await ctx.bus.publish(USER_TOPIC, String(userId));
  } catch (error) {
    // Command-line tools have no cache and no logger: their console is the operator's.
    (ctx.sessionCache?.log ?? console).warn(
      { err: describeError(error), userId },
      'session cache: the invalidation was not published',
    );
  }
}

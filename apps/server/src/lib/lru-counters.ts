import { LRUCache } from 'lru-cache';

/**
 * Per-key counters in process memory (rate limits, traffic rates), at most `capacity` of them.
 * When full, the least recently used entry goes: a flood of new keys (many addresses, many API
 * keys) pushes out idle counters only, and a key that keeps coming stays counted. Clearing the
 * map when full, or trimming the longest-known keys, gave exactly that key a fresh count.
 *
 * An entry expires `ttlMs` after it was set (also after it was last read, with `touch`),
 * measured on the caller's clock: every call takes `now`, the time the counters themselves use,
 * so a test that moves time moves the expiry too.
 *
 * Bounded with lru-cache's `maxSize` at one per entry rather than `max`: `max` reserves every
 * slot when the cache is made (about 9 MB for 200,000 with expiry), in every process and test
 * app, before a single request; here the slots grow with the entries.
 */
export class LruCounters<V extends object> {
  private clock = 0;
  private readonly cache: LRUCache<string, V>;

  constructor(capacity: number, ttlMs: number, opts: { touch?: boolean } = {}) {
    this.cache = new LRUCache<string, V>({
      maxSize: capacity,
      sizeCalculation: () => 1,
      ttl: ttlMs,
      updateAgeOnGet: opts.touch ?? false,
      // The clock is read on every check, never cached behind a timer.
      ttlResolution: 0,
      perf: { now: () => this.clock },
    });
  }

  /** The entry, unless expired; it becomes the most recently used. */
  get(key: string, now: number): V | undefined {
    this.clock = now;
    return this.cache.get(key);
  }

  /** Sets the entry (most recently used), expiring `ttlMs` from now (the default unless given). */
  set(key: string, value: V, now: number, ttlMs?: number) {
    this.clock = now;
    this.cache.set(key, value, ttlMs === undefined ? undefined : { ttl: ttlMs });
  }

  delete(key: string) {
    this.cache.delete(key);
  }

  /** Forgets every expired entry (they are otherwise dropped when read or pushed out). */
  purge(now: number) {
    this.clock = now;
    this.cache.purgeStale();
  }

  /** The live entries, most recently used first; collect before deleting any. */
  entries(now: number): [string, V][] {
    this.clock = now;
    return [...this.cache.entries()];
  }

  get size() {
    return this.cache.size;
  }
}

import { LruCounters } from '../../lib/lru-counters';

const MINUTE = 60_000;

/**
 * A fixed one-minute window per key, in this process's memory: the postback's limits per token
 * and per IP address (guessing click ids). With several processes each holds its own counts.
 * At most `capacity` keys are counted at once: a flood of new addresses pushes out the idle
 * ones, never one that keeps sending, and memory stays bounded within the minute.
 */
export class MinuteLimit {
  private readonly counts: LruCounters<{ window: number; count: number }>;

  constructor(
    private readonly max: number,
    opts: { capacity?: number } = {},
  ) {
    this.counts = new LruCounters(opts.capacity ?? 100_000, MINUTE);
  }

  /** Counts one request of `key`; false when the key is over its limit this minute (a refusal is not counted). */
  take(key: string, now: number): boolean {
    const window = Math.floor(now / MINUTE);
    const entry = this.counts.get(key, now);
    if (entry === undefined || entry.window !== window) {
      this.counts.set(key, { window, count: 1 }, now);
      return 1 <= this.max;
    }
    if (entry.count >= this.max) return false;
    entry.count++;
    return true;
  }

  get size() {
    return this.counts.size;
  }
}

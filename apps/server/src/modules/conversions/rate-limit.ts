/**
 * A fixed one-minute window per key, in this process's memory: the postback's limits per token
 * and per IP address (guessing click ids). With several processes each holds its own counts.
 */
export class MinuteLimit {
  private window = -1;
  private counts = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Counts one request of `key`; false when the key is over its limit this minute. */
  take(key: string, now: number): boolean {
    const w = Math.floor(now / 60_000);
    if (w !== this.window) {
      this.window = w;
      this.counts.clear();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.max;
  }
}

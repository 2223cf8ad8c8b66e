/**
 * Frequency capping: at most `capping` impressions of a campaign per visitor (a hash of
 * address and user agent, never the address itself) within `cappingMs`. Kept in the memory of
 * the process that served; a window starts with the visitor's first impression. With Redis
 * (docs/decisions/029) the shared counter decides and this is the process's local view of it.
 */
type Capped = { id: number; capping: number; cappingMs: number };

export class FrequencyCaps {
  private windows = new Map<string, { until: number; count: number }>();

  /** The visitor has seen the campaign as often as its capping allows. */
  reached(c: Capped, visitorKey: string, now: number): boolean {
    if (c.capping <= 0 || c.cappingMs <= 0) return false;
    const w = this.windows.get(`${c.id}|${visitorKey}`);
    return w !== undefined && w.until > now && w.count >= c.capping;
  }

  /** Counts one impression of the campaign for the visitor. */
  count(c: Capped, visitorKey: string, now: number) {
    if (c.capping <= 0 || c.cappingMs <= 0) return;
    const key = `${c.id}|${visitorKey}`;
    const w = this.windows.get(key);
    if (w && w.until > now) w.count++;
    else this.windows.set(key, { until: now + c.cappingMs, count: 1 });
  }

  /** The shared state says the visitor reached the campaign's capping: refuse here too, for a window. */
  saturate(c: Capped, visitorKey: string, now: number) {
    if (c.capping <= 0 || c.cappingMs <= 0) return;
    const key = `${c.id}|${visitorKey}`;
    const w = this.windows.get(key);
    if (w && w.until > now) w.count = Math.max(w.count, c.capping);
    else this.windows.set(key, { until: now + c.cappingMs, count: c.capping });
  }

  /** Forgets windows that are over. */
  prune(now: number) {
    for (const [k, w] of this.windows) if (w.until <= now) this.windows.delete(k);
  }
}

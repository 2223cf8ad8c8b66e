type Log = { error: (o: object, m: string) => void };

/** What one round did: counts that are summed over the rounds of a drain. */
export type RoundCounts = Record<string, number>;

export type DrainLoopOptions<R extends RoundCounts> = {
  /** Takes one batch of due work (at `now`, default the database's clock) and does it. */
  round: (now?: Date) => Promise<R>;
  /** The counts of a round that found nothing. */
  zero: () => R;
  /** Work written by other processes and retries are found this often (default 1 s). */
  pollMs?: number;
  log?: Log;
  /** Logged when a background round throws. */
  failureMessage: string;
};

/**
 * The background loop of a table-backed queue (the domain event outbox, the webhook deliveries):
 * rounds run one after another until a round finds nothing, on a wake, on a timer, or when a test
 * awaits `drain`. Rounds never overlap within a process; `wake`, the timer and `drain` queue up.
 * Taking the rows safely across processes (FOR UPDATE SKIP LOCKED and a lease) is the round's job.
 */
export class DrainLoop<R extends RoundCounts> {
  private chain: Promise<unknown> = Promise.resolve();
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly opts: DrainLoopOptions<R>) {}

  /** Does what is waiting now, then looks again every pollMs. */
  start() {
    if (this.timer || this.stopped) return;
    this.wake();
    this.timer = setInterval(() => this.wake(), this.opts.pollMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the timer and waits for the round in progress; what is left stays in its table. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  /** Work was written: run rounds soon (one queued run covers many wakes). */
  wake() {
    if (this.stopped || this.scheduled) return;
    this.scheduled = true;
    this.chain = this.chain.then(async () => {
      this.scheduled = false;
      if (this.stopped) return;
      try {
        await this.untilEmpty();
      } catch (err) {
        this.opts.log?.error({ err }, this.opts.failureMessage);
      }
    });
  }

  /**
   * Runs rounds due at `now` until one finds nothing. Tests await it instead of sleeping; a `now`
   * in the future runs retries whose backoff has not elapsed yet.
   */
  drain(now?: Date): Promise<R> {
    const run = this.chain.then(() => this.untilEmpty(now));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async untilEmpty(now?: Date): Promise<R> {
    const total = this.opts.zero();
    const counts = total as RoundCounts;
    for (;;) {
      const round = await this.opts.round(now);
      let any = 0;
      for (const [key, n] of Object.entries(round)) {
        counts[key] = (counts[key] ?? 0) + n;
        any += n;
      }
      // A stopping server finishes the round it is in, not the whole backlog: what is left
      // stays in its table for the next start (or another process).
      if (any === 0 || this.stopped) return total;
    }
  }
}

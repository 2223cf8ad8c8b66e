import { stdSerializers } from 'pino';

/**
 * Logging failures without flooding the log or leaking data (docs/decisions/024).
 *
 * A failed query's error carries the query and every parameter: drizzle's DrizzleQueryError
 * puts them in `query`, `params` and its message ("Failed query: … params: …"). For the
 * recorder's unnest inserts that is megabytes per line. `describeError` keeps what an
 * operator needs (name, code, the driver's message, the head of the query), never parameters.
 */

const QUERY_HEAD = 120;
const MESSAGE_MAX = 300;

export type ErrorSummary = {
  type: string;
  message: string;
  code?: string;
  /** The first characters of the failed query (its text, no parameter values). */
  query?: string;
  stack?: string;
};

type ErrorLike = Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };

const isErrorLike = (v: unknown): v is ErrorLike => typeof v === 'object' && v !== null && 'message' in v;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The message without what a query error appends: drizzle's "params: …" part is cut off. */
function ownMessage(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : message.slice(0, at);
}

/** A short, parameter-free description of any thrown value. */
export function describeError(error: unknown): ErrorSummary {
  if (!isErrorLike(error)) return { type: typeof error, message: clip(String(error), MESSAGE_MAX) };
  const cause = isErrorLike(error.cause) ? error.cause : null;
  const isQueryError = typeof error.query === 'string' || 'params' in error;
  // A query error: the driver's error (the cause) says what went wrong, in its own words.
  const source = isQueryError && cause ? cause : error;
  const code = source.code ?? error.code;
  const summary: ErrorSummary = {
    type: error.name || 'Error',
    message: clip(ownMessage(String(source.message)), MESSAGE_MAX),
  };
  if (typeof code === 'string' || typeof code === 'number') summary.code = String(code);
  if (typeof error.query === 'string') summary.query = clip(error.query.replace(/\s+/g, ' ').trim(), QUERY_HEAD);
  // A stack is useful for our own bugs; a query error's stack only repeats the message.
  if (!isQueryError && error.stack) summary.stack = clip(error.stack, 2000);
  return summary;
}

/**
 * The logger's `err` serializer: pino's own for ordinary errors, `describeError` for a failed
 * query (anything carrying `params`, or caused by one), so no parameter reaches a log line.
 */
export function logSafeError(error: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const failed = error as ErrorLike;
  const carriesQuery = (e: ErrorLike) => typeof e.query === 'string' || 'params' in e;
  const query = carriesQuery(failed)
    ? failed
    : isErrorLike(failed.cause) && carriesQuery(failed.cause)
      ? failed.cause
      : null;
  if (query) return { stack: '', ...describeError(query) };
  return stdSerializers.err(error);
}

type ErrorLog = { error: (o: object, m: string) => void };

/**
 * Logs a kind of failure at most once per interval, with the number of repeats it left out
 * since the last line. A write outage then costs a line every interval, not one per attempt.
 */
export class ThrottledErrorLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();
  private readonly intervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly log: ErrorLog | undefined,
    opts: { intervalMs?: number; now?: () => number } = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  /** Logs (or counts) one failure of `kind`; true when a line was written. */
  error(kind: string, error: unknown, fields: object, message: string): boolean {
    const now = this.now();
    const entry = this.last.get(kind);
    if (entry && now - entry.at < this.intervalMs) {
      entry.suppressed++;
      return false;
    }
    const suppressed = entry?.suppressed ?? 0;
    this.last.set(kind, { at: now, suppressed: 0 });
    this.log?.error(
      {
        ...fields,
        ...(error === undefined ? {} : { err: describeError(error) }),
        ...(suppressed ? { suppressed } : {}),
      },
      message,
    );
    return true;
  }

  /** The failure stopped: the next one is logged at once. Returns how many repeats went unlogged. */
  recovered(kind: string): number {
    const entry = this.last.get(kind);
    this.last.delete(kind);
    return entry?.suppressed ?? 0;
  }
}

/**
 * A logger for a loop that retries on its own (the event worker, the jobs runner, the delivery
 * index refresh): each message (per job) at most once per interval, with the repeats counted.
 */
export function throttledLog(log: ErrorLog, opts: { intervalMs?: number; now?: () => number } = {}): ErrorLog {
  const throttle = new ThrottledErrorLog(log, opts);
  return {
    error(fields, message) {
      const { err, ...rest } = fields as { err?: unknown; job?: unknown };
      throttle.error(rest.job === undefined ? message : `${message}\n${String(rest.job)}`, err, rest, message);
    },
  };
}

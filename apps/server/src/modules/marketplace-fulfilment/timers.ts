import { and, asc, eq, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '@cryptads/contract/dates';
import type { AppContext } from '../../context';
import { marketplaceOrderItems as items } from '../../db/schema/marketplace';
import { autoCompleteIfDue, expireIfOverdue, recheckProof } from './lifecycle';
import type { Fetcher } from './proof-check';

/**
 * The marketplace's timers (jobs/marketplace-timers.ts), run with the clock given so tests
 * need no sleeps: expire items not accepted or not delivered in time (the buyer is refunded),
 * complete delivered items whose review window is over unless their proof check is broken
 * (those wait for the buyer or an operator), and check every delivered item's proof page
 * again once a day. Each item is its own transaction, which re-checks its state under the row
 * lock: an item the buyer approves meanwhile is simply found completed.
 */

/** Items handled per run and kind; the rest wait for the next run (every few minutes). */
const BATCH = 500;
/** Proof pages fetched per run, and at once: each fetch may take the whole VERIFY_TIMEOUT_MS. */
const RECHECKS_PER_RUN = 40;
const RECHECKS_AT_ONCE = 4;
/** An item about to complete is checked again when its last check is older than this. */
const FRESH_BEFORE_COMPLETION_MS = HOUR_MS;

export type TimerRun = {
  expired: number[];
  completed: number[];
  rechecked: number[];
  /** Items whose step threw; retried next run. */
  failed: { itemId: number; error: unknown }[];
};

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** Never checked, or last checked at or before `at`. */
const checkedBefore = (at: Date) =>
  sql`(${items.proofCheck} is null or (${items.proofCheck}->>'checkedAt')::timestamptz <= ${at.toISOString()}::timestamptz)`;

/** Runs `work` over `ids` with at most `limit` at once. */
async function inParallel(ids: number[], limit: number, work: (id: number) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, ids.length) }, async () => {
    while (next < ids.length) {
      const id = ids[next++] as number;
      await work(id);
    }
  });
  await Promise.all(lanes);
}

export async function runMarketplaceTimers(ctx: Ctx, opts: { now?: Date; fetcher?: Fetcher } = {}): Promise<TimerRun> {
  const now = opts.now ?? new Date();
  const run: TimerRun = { expired: [], completed: [], rechecked: [], failed: [] };
  // One item failing (a provider hiccup, a bug) must not stop the others; it is retried next run.
  const guarded = async (id: number, work: () => Promise<unknown>, into: number[]) => {
    try {
      if (await work()) into.push(id);
    } catch (error) {
      run.failed.push({ itemId: id, error });
    }
  };
  const ids = async (where: SQL | undefined, limit = BATCH) =>
    (
      await ctx.db
        .select({ id: items.id })
        .from(items)
        .where(and(isNotNull(items.holdId), where))
        .orderBy(asc(items.id))
        .limit(limit)
    ).map((r) => r.id);

  // 1. Deadlines missed: refund.
  const overdue = await ids(
    or(
      and(eq(items.state, 'pending'), lte(items.acceptBy, now)),
      and(eq(items.state, 'accepted'), lte(items.deliverBy, now)),
    ),
  );
  for (const id of overdue) await guarded(id, () => expireIfOverdue(ctx, id, now), run.expired);

  // 2. Review windows over: a fresh look at the proof page first, then completion unless
  // broken. Only items checked within the hour complete; the others wait for their re-check.
  const dueNow = and(eq(items.state, 'delivered'), lte(items.completeBy, now));
  const freshSince = new Date(now.getTime() - FRESH_BEFORE_COMPLETION_MS);
  const stale = await ids(and(dueNow, checkedBefore(freshSince)), RECHECKS_PER_RUN);
  await inParallel(stale, RECHECKS_AT_ONCE, (id) =>
    guarded(id, () => recheckProof(ctx, id, now, opts.fetcher), run.rechecked),
  );
  const due = await ids(and(dueNow, sql`not (${checkedBefore(freshSince)})`));
  for (const id of due) await guarded(id, () => autoCompleteIfDue(ctx, id, now), run.completed);

  // 3. The daily look at every other delivered item's page.
  const daily = await ids(
    and(eq(items.state, 'delivered'), checkedBefore(new Date(now.getTime() - DAY_MS))),
    Math.max(0, RECHECKS_PER_RUN - stale.length),
  );
  await inParallel(daily, RECHECKS_AT_ONCE, (id) =>
    guarded(id, () => recheckProof(ctx, id, now, opts.fetcher), run.rechecked),
  );
  return run;
}

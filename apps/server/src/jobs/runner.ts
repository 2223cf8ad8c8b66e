import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { jobLocks } from '../db/schema/system';

export type Job = { name: string; everyMs: number; run: (ctx: AppContext) => Promise<void> };

/**
 * Takes the job's lock row for one interval. Only one server process wins a given run:
 * the update succeeds only when the previous lock has expired.
 */
export async function claimJob(ctx: AppContext, job: Job): Promise<boolean> {
  const until = new Date(Date.now() + job.everyMs);
  await ctx.db
    .insert(jobLocks)
    .values({ name: job.name, lockedUntil: new Date(0) })
    .onConflictDoNothing();
  const rows = await ctx.db
    .update(jobLocks)
    .set({ lockedUntil: until, lastRunAt: new Date() })
    .where(sql`${jobLocks.name} = ${job.name} and ${jobLocks.lockedUntil} <= now()`)
    .returning({ name: jobLocks.name });
  return rows.length === 1;
}

/**
 * Runs each job on its timer, in-process, the first run at once; returns a stop function for
 * shutdown, whose `firstRun` settles once every job's first run has (main.ts collects the
 * demo seed's garbage then: docs/decisions/064).
 */
export function startJobs(ctx: AppContext, jobs: Job[], log: { error: (o: object, m: string) => void }) {
  // tick() never rejects: a job's failure is logged.
  const first: Promise<void>[] = [];
  const timers = jobs.map((job) => {
    const tick = async () => {
      try {
        if (await claimJob(ctx, job)) await job.run(ctx);
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
      }
    };
    first.push(tick());
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  const stop = () => {
    for (const t of timers) clearInterval(t);
  };
  return Object.assign(stop, { firstRun: Promise.all(first).then(() => {}) });
}

import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Job } from './runner';

/**
 * Keeps the daily rollup's visibility map (docs/decisions/052-reports-at-scale.md). Reports
 * read stats_daily with index-only scans, which skip the table only for pages VACUUM has
 * marked all-visible; a page of a finished day is marked once its old row versions are gone
 * from the indexes too (hence INDEX_CLEANUP ON). Autovacuum's default thresholds wait for a
 * fifth of a big table to change, autovacuum may be off, and the embedded database has none:
 * once a day, whatever they do. VACUUM skips the pages already marked, so a run reads the
 * days written since the last one, and the indexes.
 */
export const rollupVacuumJob: Job = {
  name: 'rollup-vacuum',
  everyMs: 24 * 60 * 60_000,
  async run(ctx: AppContext) {
    await ctx.db.execute(sql`vacuum (analyze, index_cleanup on) stats_daily`);
  },
};

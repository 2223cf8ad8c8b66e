import { refreshTrending } from '../modules/marketplace/marketplace.service';
import type { Job } from './runner';

/**
 * Marketplace trending scores with their decay (modules/marketplace/trending.ts): activity adds
 * to a score at once; this job recomputes every score from the last 30 days of activity each
 * hour, so yesterday's views weigh less today. One server process runs it at a time.
 */
export const marketplaceTrendingJob: Job = {
  name: 'marketplace-trending',
  everyMs: 60 * 60_000,
  async run(ctx) {
    await refreshTrending(ctx.db);
  },
};

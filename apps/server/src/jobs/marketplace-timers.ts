import { runMarketplaceTimers } from '../modules/marketplace-fulfilment/timers';
import type { Job } from './runner';

/**
 * Marketplace timers (docs/decisions/018-marketplace.md): items not accepted or not delivered
 * in time are refunded, delivered items complete when the buyer's review window is over
 * (unless their proof page is broken), and proof pages are checked again daily. Every 5
 * minutes, one server process at a time (the runner's lock row); a deadline is honoured
 * within one interval.
 */
export const marketplaceTimersJob: Job = {
  name: 'marketplace-timers',
  everyMs: 5 * 60_000,
  async run(ctx) {
    const run = await runMarketplaceTimers(ctx);
    // The other items were handled; the runner logs this one error (with the first cause).
    const [first] = run.failed;
    if (first)
      throw new Error(`marketplace timers: ${run.failed.length} item(s) failed, first item ${first.itemId}`, {
        cause: first.error,
      });
  },
};

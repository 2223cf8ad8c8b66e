import { runPayouts } from '../modules/payouts/payouts.service';
import type { Job } from './runner';

/**
 * Publisher payouts: on the 1st of the month and on Mondays (UTC) every payable
 * publisher gets one payout for the day. Run every 15 minutes: a run that finds everyone paid
 * changes nothing (one payout per publisher and day), and a publisher verified later that day
 * is still paid that day.
 */
export const payoutJob: Job = {
  name: 'payouts',
  everyMs: 15 * 60_000,
  async run(ctx) {
    await runPayouts(ctx);
  },
};

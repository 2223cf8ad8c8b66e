import type { Db } from '../db/client';
import { expireHolds } from '../modules/ledger/ledger.service';
import { expirePayoutHold } from '../modules/payouts/payouts.service';
import type { Job } from './runner';

/**
 * Pending ledger holds expire (docs/decisions/041): every 15 minutes, one server process at a
 * time, holds past their deadline are voided and the money is available again. A payout still
 * waiting to be sent fails with it; other holds (a marketplace item its timers never settled)
 * are simply released to the buyer.
 */
export const expireDueHolds = (db: Db, now?: Date) =>
  expireHolds(db, { ...(now ? { now } : {}), onExpired: { payout: expirePayoutHold } });

export const holdExpiryJob: Job = {
  name: 'hold-expiry',
  everyMs: 15 * 60_000,
  async run(ctx) {
    await expireDueHolds(ctx.db);
  },
};

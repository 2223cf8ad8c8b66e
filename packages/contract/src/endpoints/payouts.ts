import { defineEndpoints } from '../endpoint';
import { NextPayoutSchema, PayoutListSchema } from '../payouts';
import { payoutRoutes } from './payouts.routes';

export const payoutEndpoints = defineEndpoints(payoutRoutes, {
  list: {
    tag: 'billing',
    summary: 'The publisher’s payouts, newest first, each with its timeline',
    description:
      'requested, then sent with the bank reference or transaction hash, then completed, or failed with the reason.',
    response: PayoutListSchema,
  },
  next: {
    tag: 'billing',
    summary: 'The publisher’s next payout: its day by their payout frequency and the amount it would carry',
    description: 'The payout job’s schedule (the 1st; Weekly also every Monday) and rule (at least 50 EUR available).',
    response: NextPayoutSchema,
  },
});

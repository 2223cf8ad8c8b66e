import { defineEndpoints } from '../endpoint';
import { PayoutListSchema } from '../payouts';
import { payoutRoutes } from './payouts.routes';

export const payoutEndpoints = defineEndpoints(payoutRoutes, {
  list: {
    tag: 'billing',
    summary: 'The publisher’s payouts, newest first, each with its timeline',
    description:
      'requested, then sent with the bank reference or transaction hash, then completed, or failed with the reason.',
    response: PayoutListSchema,
  },
});

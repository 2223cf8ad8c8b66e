import { defineEndpoints } from '../endpoint';
import { ReferralSchema } from '../referral';
import { referralRoutes } from './referral.routes';

export const referralEndpoints = defineEndpoints(referralRoutes, {
  summary: {
    tag: 'referral',
    summary: 'Referral counts, earnings, the preferred share and the invite link',
    response: ReferralSchema,
  },
});

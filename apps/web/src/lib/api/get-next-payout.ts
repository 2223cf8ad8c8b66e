import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutApi } from './client';
import { payoutKeys } from './keys';

/** GET /api/billing/payouts/next: the publisher's next payout day and amount, by the payout job's rule. */
export const nextPayoutQueryOptions = () =>
  queryOptions({ queryKey: payoutKeys.next(), queryFn: ({ signal }) => payoutApi.next({ signal }) });

export const useNextPayout = (enabled: boolean) => useQuery({ ...nextPayoutQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralApi } from './client';

export const referralKeys = {
  all: ['referral'] as const,
  summary: () => [...referralKeys.all, 'summary'] as const,
};

/** GET /api/user/referral: counts, earnings, the preferred share and the invite link. */
export const getReferral = (signal?: AbortSignal) => referralApi.summary({ signal });

export const referralQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.summary(), queryFn: ({ signal }) => getReferral(signal) });

export const useReferral = () => useQuery(referralQueryOptions());

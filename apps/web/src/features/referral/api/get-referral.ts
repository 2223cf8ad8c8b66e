import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Referral } from '@cryptads/contract/referral';
import { apiRequest } from '../../../lib/api-client';

export const referralKeys = {
  all: ['referral'] as const,
  summary: () => [...referralKeys.all, 'summary'] as const,
};

/** GET /api/user/referral: counts, earnings, the preferred share and the invite link. */
export const getReferral = (signal?: AbortSignal) => apiRequest<Referral>('/user/referral', { signal });

export const referralQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.summary(), queryFn: ({ signal }) => getReferral(signal) });

export const useReferral = () => useQuery(referralQueryOptions());

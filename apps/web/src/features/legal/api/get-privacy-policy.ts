import { queryOptions, useQuery } from '@tanstack/react-query';
import { termsApi } from './client';

export const legalKeys = {
  all: ['legal'] as const,
  privacy: () => [...legalKeys.all, 'privacy'] as const,
};

/** GET /api/legal/privacy (public): the privacy policy, in Markdown. */
export const getPrivacyPolicy = (signal?: AbortSignal) => termsApi.privacy({ signal, authCall: true });

export const privacyPolicyQueryOptions = () =>
  queryOptions({
    queryKey: legalKeys.privacy(),
    queryFn: ({ signal }) => getPrivacyPolicy(signal),
    staleTime: 3_600_000,
  });

export const usePrivacyPolicy = () => useQuery(privacyPolicyQueryOptions());

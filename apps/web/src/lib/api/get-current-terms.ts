import { queryOptions, useQuery } from '@tanstack/react-query';
import { termsApi } from './client';
import { termsKeys } from './keys';

/**
 * GET /api/currentPlatformTerms (public): the latest version of the platform terms. Read by
 * the dashboard's mandatory terms modal and by the /terms/ page.
 */
export const getCurrentTerms = (signal?: AbortSignal) => termsApi.current({ signal, authCall: true });

export const currentTermsQueryOptions = () =>
  queryOptions({ queryKey: termsKeys.current(), queryFn: ({ signal }) => getCurrentTerms(signal) });

export const useCurrentTerms = () => useQuery(currentTermsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingProfileApi } from './client';
import { dashboardKeys } from './keys';

/**
 * GET /api/billing, read by the dashboard only for what is still pending before money can
 * move (details missing, documents to upload or under review), so that its notice tells the truth.
 */
export const verificationQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.verification(),
    queryFn: ({ signal }) => billingProfileApi.profile({ signal }),
    select: (profile) => ({ complete: profile.complete, verification: profile.verification }),
  });

export const useVerification = (enabled: boolean) => useQuery({ ...verificationQueryOptions(), enabled });

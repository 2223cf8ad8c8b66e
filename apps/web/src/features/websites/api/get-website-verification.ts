import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** GET /api/websites/validation?websiteId=: the website's verification token and how to place it. */
export const getWebsiteVerification = (id: number, signal?: AbortSignal) =>
  websitesApi.validation({ query: { websiteId: id }, signal });

export const websiteVerificationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: websiteKeys.verification(id),
    queryFn: ({ signal }) => getWebsiteVerification(id, signal),
  });

export const useWebsiteVerification = (id: number | null) =>
  useQuery({ ...websiteVerificationQueryOptions(id ?? 0), enabled: id !== null });

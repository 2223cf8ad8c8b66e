import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** GET /api/websites/{id}: one website with its zones and their ad codes. */
export const getWebsite = (id: number, signal?: AbortSignal) => websitesApi.detail({ params: { id }, signal });

export const websiteQueryOptions = (id: number) =>
  queryOptions({ queryKey: websiteKeys.detail(id), queryFn: ({ signal }) => getWebsite(id, signal) });

export const useWebsite = (id: number) => useQuery(websiteQueryOptions(id));

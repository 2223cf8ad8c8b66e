import { queryOptions, useQuery } from '@tanstack/react-query';
import { websitesApi } from './client';
import { reportKeys } from './keys';

/** GET /api/websites/{id}, read for its zones: the zone choices of the Websites filter. */
export const getWebsiteZones = async (id: number, signal?: AbortSignal) =>
  (await websitesApi.detail({ params: { id }, signal })).zones;

export const websiteZonesQueryOptions = (id: number) =>
  queryOptions({ queryKey: reportKeys.websiteZones(id), queryFn: ({ signal }) => getWebsiteZones(id, signal) });

export const useWebsiteZones = (id: number | null) =>
  useQuery({ ...websiteZonesQueryOptions(id ?? 0), enabled: id !== null });

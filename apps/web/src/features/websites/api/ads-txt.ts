import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { sellerEndpoints } from '@cryptads/contract/endpoints/sellers';
import { sellerRoutes } from '@cryptads/contract/endpoints/sellers.routes';
import type { AdsTxtState } from '@cryptads/contract/sellers';
import { endpointClient } from '../../../lib/api-client';
import { websiteKeys } from './keys';

/** A website's ads.txt line and check (docs/product/websites.md#adstxt). */
const sellersApi = endpointClient<typeof sellerEndpoints>(sellerRoutes);

/** GET /api/websites/{id}/ads-txt: the line to add and the last check. */
export const getAdsTxt = (id: number, signal?: AbortSignal) => sellersApi.adsTxt({ params: { id }, signal });

export const adsTxtQueryOptions = (id: number) =>
  queryOptions({ queryKey: websiteKeys.adsTxt(id), queryFn: ({ signal }) => getAdsTxt(id, signal) });

export const useAdsTxt = (id: number) => useQuery(adsTxtQueryOptions(id));

/** POST /api/websites/{id}/ads-txt: the server reads the site's /ads.txt now. */
export const checkAdsTxt = (id: number) => sellersApi.checkAdsTxt({ params: { id } });

export function useCheckAdsTxt(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: websiteKeys.checkAdsTxt(id),
    mutationFn: () => checkAdsTxt(id),
    onSuccess: (state: AdsTxtState) => queryClient.setQueryData(websiteKeys.adsTxt(id), state),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { sellerEndpoints } from '@cryptads/contract/endpoints/sellers';
import { sellerRoutes } from '@cryptads/contract/endpoints/sellers.routes';
import type { SellerListing } from '@cryptads/contract/sellers';
import { endpointClient } from '../../../lib/api-client';
import { settingsKeys, settingsMutationKeys } from './keys';

/** The publisher's sellers.json listing (docs/product/programmatic.md#sellersjson). */
const sellersApi = endpointClient<typeof sellerEndpoints>(sellerRoutes);

/** GET /api/user/seller. */
export const getSellerListing = (signal?: AbortSignal) => sellersApi.listing({ signal });

export const sellerListingQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.sellerListing(), queryFn: ({ signal }) => getSellerListing(signal) });

export const useSellerListing = () => useQuery(sellerListingQueryOptions());

/** PUT /api/user/seller {confidential}: answers the listing as it now is. */
export const updateSellerListing = (confidential: boolean) => sellersApi.updateListing({ body: { confidential } });

export function useUpdateSellerListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKeys.updateSellerListing(),
    mutationFn: updateSellerListing,
    onSuccess: (listing: SellerListing) => queryClient.setQueryData(settingsKeys.sellerListing(), listing),
  });
}

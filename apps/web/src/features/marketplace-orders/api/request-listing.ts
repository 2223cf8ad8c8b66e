import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewListingInput } from '@cryptads/contract/marketplace';
import { sellingApi } from './client';
import { marketplaceOrderKeys } from './keys';

/** POST /api/marketplace/listings/new: a listing request, waiting for an operator. */
export const requestListing = (input: NewListingInput) => sellingApi.requestListing({ body: input });

export function useRequestListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceOrderKeys.myListings() }),
  });
}

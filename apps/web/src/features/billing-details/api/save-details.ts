import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingDetailsInput } from '@cryptads/contract/billing';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** POST /api/billing/details: the identification (docs/product/billing.md#identification); answers the saved profile. */
export const saveDetails = (input: BillingDetailsInput) => billingDetailsApi.saveDetails({ body: input });

export function useSaveDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: billingDetailsKeys.saveDetails(),
    mutationFn: saveDetails,
    onSuccess: (result) => {
      queryClient.setQueryData(billingDetailsKeys.profile(), result.profile);
      return queryClient.invalidateQueries({ queryKey: billingDetailsKeys.all });
    },
  });
}

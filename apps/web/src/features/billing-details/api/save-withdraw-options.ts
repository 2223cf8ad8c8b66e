import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawOptionsInput } from '@cryptads/contract/billing';
import { payoutKeys } from '../../../lib/api/keys';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/**
 * Saves a publisher's withdraw options (docs/product/billing.md#withdraw-options). With 2FA on the server answers 400
 * code 32 (no code) or 33 (wrong code) and the screen asks for the code.
 */
export const saveWithdrawOptions = (input: WithdrawOptionsInput) =>
  billingDetailsApi.saveWithdrawOptions({ body: input });

export function useSaveWithdrawOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: billingDetailsKeys.saveWithdrawOptions(),
    mutationFn: saveWithdrawOptions,
    onSuccess: (result) => {
      queryClient.setQueryData(billingDetailsKeys.profile(), result.profile);
      // A new frequency moves the next payout day.
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
  });
}

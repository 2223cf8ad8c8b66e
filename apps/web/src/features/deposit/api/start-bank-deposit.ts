import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositsApi } from './client';
import { depositKeys } from './keys';

/** POST /api/billing/deposit/bank-transfer: a bank deposit of `amount` euros, with its reference and total to send. */
export function useStartBankDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: depositKeys.startBank(),
    mutationFn: (amount: number) => depositsApi.bankTransferStart({ body: { amount } }),
    onSuccess: (details) => {
      queryClient.setQueryData(depositKeys.bankTransfer(), details);
      return queryClient.invalidateQueries({ queryKey: depositKeys.overview() });
    },
  });
}

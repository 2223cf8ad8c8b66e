import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositsApi } from './client';
import { depositKeys } from './keys';

/** POST /api/billing/deposit/card or /crypto: opens a payment and answers where the browser pays. */
export const startDeposit = (method: 'card' | 'crypto', amount: number) =>
  method === 'card' ? depositsApi.card({ body: { amount } }) : depositsApi.crypto({ body: { amount } });

export function useStartDeposit(method: 'card' | 'crypto') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: depositKeys.start(method),
    mutationFn: (amount: number) => startDeposit(method, amount),
    // The crypto screen shows the generated payment; the card limit of the day moved.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: depositKeys.openCrypto() }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPayMethod } from '@cryptads/contract/marketplace-messages';
import { ordersApi } from './client';
import { storeOrder } from './order-cache';

/** POST /api/marketplace/orders/{unique}/pay/wallet: paid from the balance, held in escrow. */
export const payFromBalance = (unique: string) => ordersApi.payWallet({ params: { unique } });

/** POST .../pay/crypto or .../pay/card: opens a payment and answers where the browser pays. */
export const openOrderPayment = (unique: string, method: 'crypto' | 'card') =>
  method === 'crypto' ? ordersApi.payCrypto({ params: { unique } }) : ordersApi.payCard({ params: { unique } });

export type PayOutcome = { paid: true } | { paid: false; url: string };

export function usePayOrder(unique: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (method: OrderPayMethod): Promise<PayOutcome> => {
      if (method !== 'wallet') return { paid: false, url: (await openOrderPayment(unique, method)).url };
      await storeOrder(queryClient, await payFromBalance(unique));
      return { paid: true };
    },
  });
}

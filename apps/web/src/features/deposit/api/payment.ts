import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositRow } from '@cryptads/contract/deposits';
import { userKeys } from '../../../lib/api/keys';
import { depositsApi } from './client';
import { depositKeys } from './keys';

/**
 * POST /api/billing/payment: back from a payment page ('check' reads it again at the
 * provider) or giving a payment up ('cancel').
 */
export const paymentAction = (paymentId: string, action: 'check' | 'cancel') =>
  depositsApi.payment({ body: { paymentId, action } });

/** Not decided yet: the provider may still confirm it. */
export const isOpenPayment = (row: Pick<DepositRow, 'state'> | undefined) =>
  row?.state === 'created' || row?.state === 'pending';

/**
 * The payment the browser came back with. While the provider has not confirmed it, it is
 * asked again every few seconds (a webhook may arrive a moment after the browser).
 */
export const paymentReturnQueryOptions = (paymentId: string, action: 'check' | 'cancel') =>
  queryOptions({
    queryKey: depositKeys.payment(paymentId, action),
    queryFn: () => paymentAction(paymentId, action),
    // For about two minutes; after that the screen says it is being confirmed and the list shows it once done.
    refetchInterval: (query) =>
      action === 'check' && isOpenPayment(query.state.data) && query.state.dataUpdateCount < 40 ? 3000 : false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentReturn = (paymentId: string | null, action: 'check' | 'cancel') =>
  useQuery({ ...paymentReturnQueryOptions(paymentId ?? '', action), enabled: paymentId !== null });

/** The crypto screen's Reset: the generated payment is given up. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: depositKeys.cancel(),
    mutationFn: (paymentId: string) => paymentAction(paymentId, 'cancel'),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: depositKeys.openCrypto() }),
      ]),
  });
}

/** After money arrived: the deposit screen and the header's balance are read again. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: depositKeys.overview() }),
      queryClient.invalidateQueries({ queryKey: depositKeys.openCrypto() }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
    ]);
}

import { useMutation } from '@tanstack/react-query';
import { billingDetailsApi } from './client';
import { billingDetailsKeys } from './keys';

/** POST /api/billing/kyc: where to send the browser for the identity check. */
export const startKyc = () => billingDetailsApi.startKyc();

export const useStartKyc = () => useMutation({ mutationKey: billingDetailsKeys.startKyc(), mutationFn: startKyc });
